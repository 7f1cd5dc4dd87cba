import { getTableName, type SQLWrapper, sql } from "drizzle-orm";
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

/**
 * Up to this many rows a searched or filtered list's total is counted exactly; past it the list says
 * "more than" (D407).
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/**
 * The total of a searched or filtered list, counted exactly up to SEARCH_COUNT_LIMIT; null past it (the
 * count stops at the first row past the limit instead of testing every matching row of ten years, D407).
 * `rows` selects the list's rows (any column); it is wrapped as `select count(*) from (… limit n + 1)`.
 */
export async function boundedTotal(
  db: DbOrTx,
  rows: { limit(n: number): SQLWrapper },
): Promise<number | null> {
  const capped = rows.limit(SEARCH_COUNT_LIMIT + 1);
  const result = (await db.execute(
    sql`select count(*)::int as n from (${capped}) as counted`,
  )) as unknown as {
    rows: { n: number | string }[];
  };
  const n = Number(result.rows[0]?.n ?? 0);
  return n > SEARCH_COUNT_LIMIT ? null : n;
}
