import { and, asc, count, desc, eq, gte, or, sql } from "drizzle-orm";
import { closures, type DbOrTx, type Tx } from "../db/index.ts";
import type { ListCut } from "./page-editing.repository.ts";

/** Holidays and closures (D114): staff edit them; product pages list those of their house. */

export type ClosureRow = typeof closures.$inferSelect;
export type ClosureValues = Omit<typeof closures.$inferInsert, "id">;

export const CLOSURE_SORTS = {
  id: closures.id,
  starts_on: closures.startsOn,
  ends_on: closures.endsOn,
  location: closures.location,
} as const;

export async function listClosuresForStaff(
  db: DbOrTx,
  filter: { location?: string; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: ClosureRow[]; total: number }> {
  const conditions = [];
  if (filter.location !== undefined) conditions.push(eq(closures.location, filter.location));
  if (filter.ids)
    conditions.push(filter.ids.length ? sql`${closures.id} = any(${filter.ids}::int[])` : sql`false`);
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
export async function findUpcomingClosures(db: DbOrTx, location: string): Promise<ClosureRow[]> {
  return db
    .select()
    .from(closures)
    .where(
      and(
        gte(closures.endsOn, sql`current_date`),
        or(eq(closures.location, ""), eq(closures.location, location)),
      ),
    )
    .orderBy(asc(closures.startsOn), asc(closures.id));
}
