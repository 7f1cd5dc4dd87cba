import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client.ts";

/** Above this many rows an unfiltered list's total is the planner's estimate (issue 36, D400). */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The total of a whole table's list: exact while the table is small, else PostgreSQL's own estimate
 * (`pg_class.reltuples`, kept by autovacuum and ANALYZE), so a page of a ten-year list does not count every
 * row (D400). PGlite and a table never analysed (reltuples < 0) count exactly.
 */
export async function wholeTableTotal(
  db: DbOrTx,
  table: PgTable,
  exact: () => Promise<number>,
): Promise<number> {
  const result = (await db.execute(
    sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${getTableName(table)})`,
  )) as unknown as { rows: { n: number | string | null }[] };
  const first = result.rows[0];
  const estimate = Number(first?.n ?? -1);
  return estimate >= EXACT_COUNT_LIMIT ? estimate : exact();
}
