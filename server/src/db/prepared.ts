import { createHash } from "node:crypto";
import { is, type Placeholder, SQL, type SQLWrapper, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { allInOrder } from "./all-in-order.ts";
import type { DbOrTx } from "./client.ts";

/** A named placeholder of a prepared statement. */
export const ph = (name: string) => sql.placeholder(name);

/**
 * An array parameter as a PostgreSQL array literal: both drivers pass a string, while PGlite cannot
 * serialize a JS array for an enum array type.
 */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * `column = any($1::int[])`: a list of ids as one array parameter. Drizzle's `inArray` binds each id as a
 * parameter of its own, and for a few hundred ids building and sending the statement cost more than
 * running it (issue 36: a day's lessons with 376 bookings spent a fifth of its CPU in drizzle's query
 * building and in writing the statement to PostgreSQL's socket).
 */
export const idIn = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} = any(${pgArray(ids)}::int[])`;

/**
 * Rows read by id (`= any($ids)`, in no particular order) put back in the order of `ids`, the page's order;
 * an id without a row is left out. The back office's lists read a page's ids with their filter and sort, then
 * the rows' columns with one prepared statement (D413).
 */
export function inOrderOf<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Prepared statements by name, per connection: a list answers with planned statements instead of
 * parsing and planning four queries per request. Names are built from the SQL shape, so one name
 * always means one SQL text.
 *
 * Kept by the handle's driver client, not by the handle (D409): a transaction is a new handle each time,
 * but on PostgreSQL its client is one of the pool's few connections, so a cart change builds its
 * statements once per connection instead of once per request. Drizzle's prepared query keeps the client
 * it was built on, and the key is that client, so a statement runs only on the connection of the handle
 * that asked for it (a pool's statements on the pool, a transaction's on its checked-out connection). On
 * PGlite a transaction's client is new each time (as before).
 */
const preparedByDb = new WeakMap<
  object,
  Map<string, { execute(values?: Record<string, unknown>): Promise<unknown> }>
>();

export function prepared<T>(
  db: DbOrTx,
  name: string,
  build: () => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> } },
  planned: Planned = "once",
): { execute(values?: Record<string, unknown>): Promise<T> } {
  const key = connectionOf(db);
  let byName = preparedByDb.get(key);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(key, byName);
  }
  let statement = byName.get(name);
  if (!statement) {
    statement = build().prepare(statementName(name));
    byName.set(name, statement);
  }
  const built = statement as { execute(values?: Record<string, unknown>): Promise<T> };
  return planned === "once"
    ? built
    : { execute: (values) => plannedForValues(db, () => built.execute(values)) };
}

/**
 * How PostgreSQL plans a prepared statement (D457, D463). Both are parsed once per connection.
 * - `once`: PostgreSQL's own choice, which after five calls is one generic plan for any values, wherever
 *   that plan is not dearer than planning each call (a row by its key, an insert, a lock by ids).
 * - `per-call`: planned for each call's values, where they choose the plan: a generic plan made while the
 *   tables were small scans them whole once they have grown, and no statistics come in the middle of a rush
 *   (D438).
 */
export type Planned = "once" | "per-call";

/**
 * Runs `statement` with PostgreSQL planning it for its values (`plan_cache_mode = force_custom_plan`) and
 * sets the mode back to the server's own right behind it, for the rest of the transaction. The three go in
 * one write where the caller asks together (D456). Parsing such a statement anew on each call, as
 * PostgreSQL's unnamed statement does, cost it about as much again as planning it (D463). Outside a transaction the
 * mode would last only for its own statement, so there the statement keeps PostgreSQL's own choice.
 */
async function plannedForValues<T>(db: DbOrTx, statement: () => Promise<T>): Promise<T> {
  if (!is(db, PgTransaction)) return statement();
  const [, answer] = await allInOrder([
    preparedSql(
      db,
      "plan_per_call",
      () => sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`,
    ).execute(),
    statement(),
    preparedSql(db, "plan_as_configured", () => sql`set local plan_cache_mode to default`).execute(),
  ]);
  return answer;
}

/**
 * A statement written in SQL (`sql\`…\``, its values as `ph` placeholders) prepared as `prepared` prepares a
 * query builder's: built once per connection, then sent with its values; answers as `db.execute` does
 * (`{ rows }`). Drizzle's `db.execute` builds its SQL on every call and takes no placeholders, so this asks
 * the handle's session as Drizzle's own builders do (D457).
 */
export function preparedSql<Row>(
  db: DbOrTx,
  name: string,
  build: () => SQL,
  planned: Planned = "once",
): { execute(values?: Record<string, unknown>): Promise<{ rows: Row[] }> } {
  const handle = db as unknown as {
    dialect: { sqlToQuery(statement: SQL): unknown };
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): { execute(values?: Record<string, unknown>): Promise<{ rows: Row[] }> };
    };
  };
  return prepared<{ rows: Row[] }>(
    db,
    name,
    () => ({
      prepare: (as: string) =>
        handle.session.prepareQuery(handle.dialect.sqlToQuery(build()), undefined, as, false),
    }),
    planned,
  );
}

/**
 * A row's changes as placeholders of a prepared statement, with the name part that tells their columns
 * apart: an update prepared per set of columns changed instead of built for each call (D457). Undefined
 * when a change is SQL (an expression is part of the statement's text, not a value), and the caller builds
 * the statement as before. Undefined values are left out, as Drizzle's `set` leaves them out; a null is
 * written into the text (`= null`), since Drizzle fills a placeholder through the column's encoder, which
 * does not take null (a timestamp's would throw).
 */
export function changesAsPlaceholders<T extends Record<string, unknown>>(
  changes: T,
): { set: Record<string, Placeholder | SQL>; values: Record<string, unknown>; key: string } | undefined {
  const set: Record<string, Placeholder | SQL> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (is(value, SQL)) return undefined;
    if (value === null) {
      set[column] = sql`null`;
      parts.push(`${column}0`);
    } else {
      set[column] = sql.placeholder(column);
      values[column] = value;
      parts.push(column);
    }
  }
  return { set, values, key: parts.sort().join("_") };
}

/**
 * `name` as PostgreSQL keeps it: a name longer than 63 bytes would be cut there, and two statements whose
 * names begin alike would share one; such a name keeps its beginning with a hash of the whole.
 */
export function statementName(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  return `${name.slice(0, 40)}_${createHash("sha256").update(name).digest("hex").slice(0, 16)}`;
}

/** The driver client a handle's queries run on (a pool, a pool's connection, PGlite), else the handle. */
export function connectionOf(db: DbOrTx): object {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return typeof client === "object" && client !== null ? client : db;
}
