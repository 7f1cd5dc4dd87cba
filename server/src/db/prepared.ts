import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
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
): { execute(values?: Record<string, unknown>): Promise<T> } {
  const key = connectionOf(db);
  let byName = preparedByDb.get(key);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(key, byName);
  }
  let statement = byName.get(name);
  if (!statement) {
    statement = build().prepare(name);
    byName.set(name, statement);
  }
  return statement as { execute(values?: Record<string, unknown>): Promise<T> };
}

/** The driver client a handle's queries run on (a pool, a pool's connection, PGlite), else the handle. */
export function connectionOf(db: DbOrTx): object {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return typeof client === "object" && client !== null ? client : db;
}
