import { sql } from "drizzle-orm";
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
 * Prepared statements by name, per database handle: a list answers with planned statements instead of
 * parsing and planning four queries per request. Names are built from the SQL shape, so one name
 * always means one SQL text.
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
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let statement = byName.get(name);
  if (!statement) {
    statement = build().prepare(name);
    byName.set(name, statement);
  }
  return statement as { execute(values?: Record<string, unknown>): Promise<T> };
}
