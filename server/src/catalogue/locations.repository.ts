import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { closures, containsPattern, type DbOrTx, locations, productPages, type Tx } from "../db/index.ts";
import type { ListCut } from "./page-editing.repository.ts";

/**
 * The school's houses as the back office edits them (issue 20, D151): plain rows in, plain rows out, with
 * how many pages and closures name each. The rules (versions, what may be deleted, audit) are the admin
 * area's.
 */

export type LocationRow = typeof locations.$inferSelect & { pages: number; closures: number };
export type LocationValues = Omit<typeof locations.$inferInsert, "id">;

// Correlated subqueries in a select from one table: the outer id is spelled with its table.
const pagesOf = sql<number>`(select count(*)::int from ${productPages} where ${productPages.locationId} = "locations"."id")`;
const closuresOf = sql<number>`(select count(*)::int from ${closures} where ${closures.locationId} = "locations"."id")`;

export const LOCATION_SORTS = {
  id: locations.id,
  sort_order: locations.sortOrder,
  street: locations.street,
  city: locations.city,
  is_active: locations.isActive,
  name: sql`${locations.name}->>'de'`,
} as const satisfies Record<string, AnyPgColumn | SQL>;

export type LocationFilter = { q?: string; ids?: number[]; isActive?: boolean };

export async function listLocationsForStaff(
  db: DbOrTx,
  filter: LocationFilter,
  cut: ListCut,
): Promise<{ rows: LocationRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const text = or(
      ilike(locations.street, pattern),
      ilike(locations.city, pattern),
      ilike(locations.postCode, pattern),
      sql`${locations.name}->>'de' ilike ${pattern}`,
      sql`${locations.name}->>'ru' ilike ${pattern}`,
    );
    if (text) conditions.push(text);
  }
  if (filter.ids) conditions.push(filter.ids.length ? inArray(locations.id, filter.ids) : sql`false`);
  if (filter.isActive !== undefined) conditions.push(eq(locations.isActive, filter.isActive));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ row: locations, pages: pagesOf, closures: closuresOf })
    .from(locations)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(locations.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(locations).where(where);
  return {
    rows: rows.map((r) => ({ ...r.row, pages: r.pages, closures: r.closures })),
    total: total?.n ?? 0,
  };
}

/** One house; `lock` takes its row until the transaction ends (edits and deletes, D99). */
export async function findLocationForEdit(db: DbOrTx, id: number, lock = false) {
  if (lock) await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).for("update");
  const [row] = await db
    .select({ row: locations, pages: pagesOf, closures: closuresOf })
    .from(locations)
    .where(eq(locations.id, id));
  return row ? { ...row.row, pages: row.pages, closures: row.closures } : undefined;
}

export async function insertLocation(tx: Tx, values: LocationValues): Promise<number> {
  const [row] = await tx.insert(locations).values(values).returning({ id: locations.id });
  if (!row) throw new Error("location insert returned no row");
  return row.id;
}

export async function updateLocation(tx: Tx, id: number, values: LocationValues) {
  await tx.update(locations).set(values).where(eq(locations.id, id));
}

export async function deleteLocation(tx: Tx, id: number) {
  await tx.delete(locations).where(eq(locations.id, id));
}

/**
 * Whether a house exists, for checking a form's choice. The row is share-locked until the transaction
 * ends, so a concurrent delete waits and then sees the new reference (no foreign-key 500).
 */
export async function locationExists(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, id))
    .for("share");
  return row !== undefined;
}
