import { type AnyColumn, and, asc, count, desc, eq, gte, isNull, or, type SQL, sql } from "drizzle-orm";
import { closures, type DbOrTx, idIn, productPages, type Tx } from "../db/index.ts";
import { berlinToday } from "./offered-slots.ts";
import type { ListCut } from "./page-editing.repository.ts";

/** Holidays and closures (D114): staff edit them; product pages list those of their house. */

export type ClosureRow = typeof closures.$inferSelect;
export type ClosureValues = Omit<typeof closures.$inferInsert, "id">;

export const CLOSURE_SORTS = {
  id: closures.id,
  starts_on: closures.startsOn,
  ends_on: closures.endsOn,
  location_id: closures.locationId,
} as const;

export async function listClosuresForStaff(
  db: DbOrTx,
  filter: { locationId?: number | null; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: ClosureRow[]; total: number }> {
  const conditions = [];
  if (filter.locationId !== undefined)
    conditions.push(
      filter.locationId === null ? isNull(closures.locationId) : eq(closures.locationId, filter.locationId),
    );
  if (filter.ids) conditions.push(filter.ids.length ? idIn(closures.id, filter.ids) : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(closures)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(closures.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(closures).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One closure; `lock` takes its row until the transaction ends (edits, D99). */
export async function findClosureForEdit(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(closures).where(eq(closures.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function insertClosure(tx: Tx, values: ClosureValues): Promise<number> {
  const [row] = await tx.insert(closures).values(values).returning({ id: closures.id });
  if (!row) throw new Error("closure insert returned no row");
  return row.id;
}

export async function updateClosure(tx: Tx, id: number, values: ClosureValues) {
  await tx.update(closures).set(values).where(eq(closures.id, id));
}

export async function deleteClosure(tx: Tx, id: number) {
  await tx.delete(closures).where(eq(closures.id, id));
}

/** The closures of a house (and of every house) that have not ended before today, earliest first. */
export async function findUpcomingClosures(db: DbOrTx, locationId: number | null): Promise<ClosureRow[]> {
  return db
    .select()
    .from(closures)
    .where(
      and(
        gte(closures.endsOn, berlinToday),
        locationId === null
          ? isNull(closures.locationId)
          : or(isNull(closures.locationId), eq(closures.locationId, locationId)),
      ),
    )
    .orderBy(asc(closures.startsOn), asc(closures.id));
}

/**
 * The closed days of a product page's house (and of every house) that end on or after `from` (ISO date):
 * no lesson takes place then, and a subscription's paid period lengthens by them (D121, D122).
 */
export async function findClosedRangesOfPage(
  db: DbOrTx,
  productPageId: number,
  from: string,
): Promise<{ startsOn: string; endsOn: string }[]> {
  return db
    .select({ startsOn: closures.startsOn, endsOn: closures.endsOn })
    .from(closures)
    .where(
      and(
        gte(closures.endsOn, from),
        sql`(${closures.locationId} is null or ${closures.locationId} = (select ${productPages.locationId} from ${productPages} where ${productPages.id} = ${productPageId}))`,
      ),
    )
    .orderBy(asc(closures.startsOn));
}

/** Whether a page's house (or every house) is closed on `day` (ISO date). */
export function closedOnSql(productPageId: AnyColumn | SQL, day: SQL) {
  return sql`exists (select 1 from ${closures} c where (c.location_id is null or c.location_id = (select pp.location_id from ${productPages} pp where pp.id = ${productPageId})) and ${day} between c.starts_on and c.ends_on)`;
}
