import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  categories,
  containsPattern,
  type DbOrTx,
  instructors,
  orderItemSlots,
  productPageInstructors,
  productPages,
  scheduleSlots,
  type Tx,
  waitingListEntries,
} from "../db/index.ts";
import { slotSeatsTakenIn } from "../seats/index.ts";
import { slotOffered } from "./offered-slots.ts";

/**
 * The catalogue's tables as the back office edits them (D97): plain rows in, plain rows out. The rules
 * (versions, seats, audit) are the admin area's; the seats taken are the seats area's one rule.
 */

export type PageRow = typeof productPages.$inferSelect & { instructorIds: number[] };
export type PageValues = Omit<typeof productPages.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** How a list is cut: sort column, direction, offset and length; filters already as SQL. */
export type ListCut = { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number };

/** Columns staff may sort product pages by. */
export const PAGE_SORTS = {
  id: productPages.id,
  slug: productPages.slug,
  product_type: productPages.productType,
  sort_order: productPages.sortOrder,
  is_published: productPages.isPublished,
  updated_at: productPages.updatedAt,
  name: sql`${productPages.name}->>'de'`,
} as const satisfies Record<string, AnyPgColumn | SQL>;

export type PageFilter = {
  q?: string;
  productType?: string[];
  isPublished?: boolean;
  categoryId?: number;
  ids?: number[];
};

function pageConditions(filter: PageFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const text = or(
      ilike(productPages.slug, pattern),
      sql`${productPages.name}->>'de' ilike ${pattern}`,
      sql`${productPages.name}->>'ru' ilike ${pattern}`,
    );
    if (text) conditions.push(text);
  }
  if (filter.productType?.length)
    conditions.push(sql`${productPages.productType}::text in ${filter.productType}`);
  if (filter.isPublished !== undefined) conditions.push(eq(productPages.isPublished, filter.isPublished));
  if (filter.categoryId !== undefined) conditions.push(eq(productPages.categoryId, filter.categoryId));
  if (filter.ids) conditions.push(filter.ids.length ? inArray(productPages.id, filter.ids) : sql`false`);
  return conditions.length ? and(...conditions) : undefined;
}

const instructorIdsOf = sql<
  number[]
>`coalesce((select array_agg(${productPageInstructors.instructorId} order by ${productPageInstructors.instructorId}) from ${productPageInstructors} where ${productPageInstructors.productPageId} = ${productPages.id}), '{}')`;

export async function listPagesForStaff(
  db: DbOrTx,
  filter: PageFilter,
  cut: ListCut,
): Promise<{ rows: PageRow[]; total: number }> {
  const where = pageConditions(filter);
  const rows = await db
    .select({ page: productPages, instructorIds: instructorIdsOf })
    .from(productPages)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(productPages.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(productPages).where(where);
  return { rows: rows.map((r) => ({ ...r.page, instructorIds: r.instructorIds })), total: total?.n ?? 0 };
}

/** One page with its instructors; `lock` takes its row until the transaction ends (edits, D99). */
export async function findPageForEdit(db: DbOrTx, id: number, lock = false): Promise<PageRow | undefined> {
  const query = db.select().from(productPages).where(eq(productPages.id, id));
  const [page] = await (lock ? query.for("update") : query);
  if (!page) return undefined;
  const links = await db
    .select({ id: productPageInstructors.instructorId })
    .from(productPageInstructors)
    .where(eq(productPageInstructors.productPageId, id))
    .orderBy(asc(productPageInstructors.instructorId));
  return { ...page, instructorIds: links.map((l) => l.id) };
}

export async function insertPage(tx: Tx, values: PageValues, instructorIds: number[]): Promise<number> {
  const [row] = await tx.insert(productPages).values(values).returning({ id: productPages.id });
  if (!row) throw new Error("product page insert returned no row");
  await replacePageInstructors(tx, row.id, instructorIds);
  return row.id;
}

export async function updatePage(tx: Tx, id: number, values: PageValues, instructorIds: number[]) {
  await tx
    .update(productPages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(productPages.id, id));
  await replacePageInstructors(tx, id, instructorIds);
}

async function replacePageInstructors(tx: Tx, pageId: number, instructorIds: number[]) {
  await tx.delete(productPageInstructors).where(eq(productPageInstructors.productPageId, pageId));
  if (instructorIds.length)
    await tx
      .insert(productPageInstructors)
      .values(instructorIds.map((instructorId) => ({ productPageId: pageId, instructorId })));
}

/** Whether another page has the slug (the unique index stays the last word under races). */
export async function slugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productPages.id })
    .from(productPages)
    .where(
      exceptId === undefined
        ? eq(productPages.slug, slug)
        : and(eq(productPages.slug, slug), sql`${productPages.id} <> ${exceptId}`),
    );
  return row !== undefined;
}

/**
 * Which of `ids` exist, for checking a form's choices. Share-locked until the transaction ends, as a house
 * is (`locationExists`): an instructor deleted at the same moment is either gone when the form is checked
 * (400 at its field) or waits for the save and then counts it (in use), never a foreign-key 500.
 */
export async function existingInstructorIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: instructors.id })
    .from(instructors)
    .where(inArray(instructors.id, ids))
    .for("share");
  return rows.map((r) => r.id);
}

/** Whether a category exists, for checking a form's choice; share-locked as instructors are. */
export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id))
    .for("share");
  return row !== undefined;
}

export async function listCategoryChoices(db: DbOrTx) {
  return db
    .select({ id: categories.id, name: sql<string>`${categories.name}->>'de'` })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function listInstructorChoices(db: DbOrTx) {
  return db
    .select({
      id: instructors.id,
      name: sql<string>`${instructors.firstName} || ' ' || ${instructors.lastName}`,
    })
    .from(instructors)
    .orderBy(asc(instructors.sortOrder), asc(instructors.id));
}

export type SlotRow = typeof scheduleSlots.$inferSelect & { seatsTaken: number };
export type SlotValues = Omit<typeof scheduleSlots.$inferInsert, "id">;

export const SLOT_SORTS = {
  id: scheduleSlots.id,
  product_page: scheduleSlots.productPageId,
  weekday: scheduleSlots.weekday,
  date: scheduleSlots.date,
  start: scheduleSlots.start,
  seats: scheduleSlots.seats,
} as const satisfies Record<string, AnyPgColumn>;

/**
 * `archived`: true lists only archived slots, false only those not archived, absent both. `offered`: only the
 * slots the shop still offers (`slotOffered`: not archived, a dated session not begun), for pickers (D531).
 */
export type SlotFilter = { productPageId?: number; ids?: number[]; archived?: boolean; offered?: boolean };

const seatsTaken = slotSeatsTakenIn(scheduleSlots.id);
/**
 * Drizzle names columns with their table only in a select with a join; the seats rule's correlated
 * subquery needs them named so, hence the join to the slot's own page.
 */
const qualified = eq(productPages.id, scheduleSlots.productPageId);

export async function listSlotsForStaff(
  db: DbOrTx,
  filter: SlotFilter,
  cut: ListCut,
): Promise<{ rows: SlotRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.productPageId !== undefined)
    conditions.push(eq(scheduleSlots.productPageId, filter.productPageId));
  if (filter.ids) conditions.push(filter.ids.length ? inArray(scheduleSlots.id, filter.ids) : sql`false`);
  if (filter.archived !== undefined)
    conditions.push(filter.archived ? isNotNull(scheduleSlots.archivedAt) : isNull(scheduleSlots.archivedAt));
  if (filter.offered) conditions.push(slotOffered);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ slot: scheduleSlots, seatsTaken })
    .from(scheduleSlots)
    .innerJoin(productPages, qualified)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(scheduleSlots.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(scheduleSlots).where(where);
  return { rows: rows.map((r) => ({ ...r.slot, seatsTaken: r.seatsTaken })), total: total?.n ?? 0 };
}

/**
 * One slot and its seats taken. With `lock` its row is taken first, the same lock checkout takes before it
 * counts and reserves, so the count cannot change until this transaction ends: staff lowering seats and a
 * parent booking the last one are served one after the other, never both.
 */
export async function findSlotForEdit(tx: DbOrTx, id: number, lock = false): Promise<SlotRow | undefined> {
  if (lock)
    await tx
      .select({ id: scheduleSlots.id })
      .from(scheduleSlots)
      .where(eq(scheduleSlots.id, id))
      .for("update");
  const [row] = await tx
    .select({ slot: scheduleSlots, seatsTaken })
    .from(scheduleSlots)
    .innerJoin(productPages, qualified)
    .where(eq(scheduleSlots.id, id));
  return row ? { ...row.slot, seatsTaken: row.seatsTaken } : undefined;
}

export async function insertSlot(tx: Tx, values: SlotValues): Promise<number> {
  const [row] = await tx.insert(scheduleSlots).values(values).returning({ id: scheduleSlots.id });
  if (!row) throw new Error("schedule slot insert returned no row");
  return row.id;
}

export async function updateSlot(tx: Tx, id: number, values: Partial<SlotValues>) {
  await tx.update(scheduleSlots).set(values).where(eq(scheduleSlots.id, id));
}

/** Retires a slot that has bookings: the shop no longer offers it, its bookings keep it (D111). */
export async function archiveSlot(tx: Tx, id: number) {
  await tx.update(scheduleSlots).set({ archivedAt: new Date() }).where(eq(scheduleSlots.id, id));
}

export async function deleteSlot(tx: Tx, id: number) {
  await tx.delete(scheduleSlots).where(eq(scheduleSlots.id, id));
}

/**
 * Whether any order item (in any state) or waiting-list entry names the slot: then it is history. The
 * back office asks the lessons and the instructors' desk too (D516).
 */
export async function slotHasBookings(tx: DbOrTx, id: number): Promise<boolean> {
  const [item] = await tx
    .select({ id: orderItemSlots.scheduleSlotId })
    .from(orderItemSlots)
    .where(eq(orderItemSlots.scheduleSlotId, id))
    .limit(1);
  if (item) return true;
  const [entry] = await tx
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.scheduleSlotId, id))
    .limit(1);
  return entry !== undefined;
}
