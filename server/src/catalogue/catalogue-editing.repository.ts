import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  academySeasons,
  academyWeeks,
  categories,
  containsPattern,
  type DbOrTx,
  instructors,
  orderItemAcademyWeeks,
  orderItems,
  productPageInstructors,
  productPages,
  purchaseOptions,
  scheduleSlots,
  type Tx,
  waitingListEntries,
} from "../db/index.ts";
import { weekSeatsTakenIn } from "../seats/index.ts";
import { weekOffered } from "./offered-slots.ts";
import type { ListCut } from "./page-editing.repository.ts";

/**
 * Instructors, categories, purchase options and academy seasons and weeks as the back office edits them
 * (issue 20, D116–D120): plain rows in, plain rows out. The rules (versions, what may be deleted, seats,
 * audit) are the admin area's; the seats taken are the seats area's one rule.
 */

/**
 * The counts below are correlated subqueries in a select from one table, where Drizzle leaves columns
 * unqualified: the outer row's id is spelled with its table, or it would name the inner table's own id.
 */
const orderOf = (cut: ListCut, id: AnyPgColumn) => [cut.descending ? desc(cut.sort) : asc(cut.sort), asc(id)];
const idsCondition = (column: AnyPgColumn, ids: number[]) => (ids.length ? inArray(column, ids) : sql`false`);
const whereOf = (conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
};

async function lockRow(tx: DbOrTx, table: typeof instructors | typeof categories, id: number) {
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
}

// ---------- Instructors ----------

export type InstructorRow = typeof instructors.$inferSelect & { pages: number };
export type InstructorValues = Omit<typeof instructors.$inferInsert, "id">;

const instructorPages = sql<number>`(select count(*)::int from ${productPageInstructors} where ${productPageInstructors.instructorId} = "instructors"."id")`;

export const INSTRUCTOR_SORTS = {
  id: instructors.id,
  slug: instructors.slug,
  last_name: instructors.lastName,
  first_name: instructors.firstName,
  sort_order: instructors.sortOrder,
  is_published: instructors.isPublished,
} as const satisfies Record<string, AnyPgColumn | SQL>;

export type InstructorFilter = { q?: string; ids?: number[]; isPublished?: boolean };

export async function listInstructorsForStaff(
  db: DbOrTx,
  filter: InstructorFilter,
  cut: ListCut,
): Promise<{ rows: InstructorRow[]; total: number }> {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = whereOf([
    pattern
      ? or(
          ilike(instructors.firstName, pattern),
          ilike(instructors.lastName, pattern),
          ilike(instructors.slug, pattern),
          sql`coalesce(${instructors.firstNameRu}, '') || ' ' || coalesce(${instructors.lastNameRu}, '') ilike ${pattern}`,
        )
      : undefined,
    filter.ids ? idsCondition(instructors.id, filter.ids) : undefined,
    filter.isPublished !== undefined ? eq(instructors.isPublished, filter.isPublished) : undefined,
  ]);
  const rows = await db
    .select({ row: instructors, pages: instructorPages })
    .from(instructors)
    .where(where)
    .orderBy(...orderOf(cut, instructors.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(instructors).where(where);
  return { rows: rows.map((r) => ({ ...r.row, pages: r.pages })), total: total?.n ?? 0 };
}

/** One instructor; `lock` takes the row until the transaction ends (edits, D99). */
export async function findInstructorForEdit(db: DbOrTx, id: number, lock = false) {
  if (lock) await lockRow(db, instructors, id);
  const [row] = await db
    .select({ row: instructors, pages: instructorPages })
    .from(instructors)
    .where(eq(instructors.id, id));
  return row ? { ...row.row, pages: row.pages } : undefined;
}

export async function insertInstructor(tx: Tx, values: InstructorValues): Promise<number> {
  const [row] = await tx.insert(instructors).values(values).returning({ id: instructors.id });
  if (!row) throw new Error("instructor insert returned no row");
  return row.id;
}

export async function updateInstructor(tx: Tx, id: number, values: InstructorValues) {
  await tx.update(instructors).set(values).where(eq(instructors.id, id));
}

export async function deleteInstructor(tx: Tx, id: number) {
  await tx.delete(instructors).where(eq(instructors.id, id));
}

/**
 * Product pages that name the instructor, on the page or on one of its slots (archived ones too, whose
 * history keeps the name). Read under the instructor's lock: linking it meanwhile waits for the delete.
 */
export async function instructorPagesInUse(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    sql`(select ${productPageInstructors.productPageId} as page from ${productPageInstructors} where ${productPageInstructors.instructorId} = ${id}
      union select ${scheduleSlots.productPageId} from ${scheduleSlots} where ${scheduleSlots.instructorId} = ${id}) as used`,
  );
  return row?.n ?? 0;
}

export async function instructorSlugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: instructors.id })
    .from(instructors)
    .where(
      exceptId === undefined
        ? eq(instructors.slug, slug)
        : and(eq(instructors.slug, slug), sql`${instructors.id} <> ${exceptId}`),
    );
  return row !== undefined;
}

// ---------- Categories ----------

export type CategoryRow = typeof categories.$inferSelect & { pages: number };
export type CategoryValues = Omit<typeof categories.$inferInsert, "id">;

const categoryPages = sql<number>`(select count(*)::int from ${productPages} where ${productPages.categoryId} = "categories"."id")`;

export const CATEGORY_SORTS = {
  id: categories.id,
  slug: categories.slug,
  sort_order: categories.sortOrder,
  name: sql`${categories.name}->>'de'`,
} as const satisfies Record<string, AnyPgColumn | SQL>;

export async function listCategoriesForStaff(
  db: DbOrTx,
  filter: { q?: string; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: CategoryRow[]; total: number }> {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = whereOf([
    pattern
      ? or(
          ilike(categories.slug, pattern),
          sql`${categories.name}->>'de' ilike ${pattern}`,
          sql`${categories.name}->>'ru' ilike ${pattern}`,
        )
      : undefined,
    filter.ids ? idsCondition(categories.id, filter.ids) : undefined,
  ]);
  const rows = await db
    .select({ row: categories, pages: categoryPages })
    .from(categories)
    .where(where)
    .orderBy(...orderOf(cut, categories.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(categories).where(where);
  return { rows: rows.map((r) => ({ ...r.row, pages: r.pages })), total: total?.n ?? 0 };
}

export async function findCategoryForEdit(db: DbOrTx, id: number, lock = false) {
  if (lock) await lockRow(db, categories, id);
  const [row] = await db
    .select({ row: categories, pages: categoryPages })
    .from(categories)
    .where(eq(categories.id, id));
  return row ? { ...row.row, pages: row.pages } : undefined;
}

export async function insertCategory(tx: Tx, values: CategoryValues): Promise<number> {
  const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error("category insert returned no row");
  return row.id;
}

export async function updateCategory(tx: Tx, id: number, values: CategoryValues) {
  await tx.update(categories).set(values).where(eq(categories.id, id));
}

export async function deleteCategory(tx: Tx, id: number) {
  await tx.delete(categories).where(eq(categories.id, id));
}

export async function categorySlugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      exceptId === undefined
        ? eq(categories.slug, slug)
        : and(eq(categories.slug, slug), sql`${categories.id} <> ${exceptId}`),
    );
  return row !== undefined;
}

// ---------- Purchase options ----------

export type OptionRow = typeof purchaseOptions.$inferSelect & { bookings: number };
export type OptionValues = Omit<typeof purchaseOptions.$inferInsert, "id">;

/** Order items in any state, carts included: each holds the price it was added at (D118). */
const optionBookings = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.purchaseOptionId} = "purchase_options"."id")`;

export const OPTION_SORTS = {
  id: purchaseOptions.id,
  product_page: purchaseOptions.productPageId,
  sort_order: purchaseOptions.sortOrder,
  base_price_cents: purchaseOptions.basePriceCents,
  schedule_type: purchaseOptions.scheduleType,
} as const satisfies Record<string, AnyPgColumn | SQL>;

export async function listOptionsForStaff(
  db: DbOrTx,
  filter: { productPageId?: number; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: OptionRow[]; total: number }> {
  const where = whereOf([
    filter.productPageId !== undefined ? eq(purchaseOptions.productPageId, filter.productPageId) : undefined,
    filter.ids ? idsCondition(purchaseOptions.id, filter.ids) : undefined,
  ]);
  const rows = await db
    .select({ row: purchaseOptions, bookings: optionBookings })
    .from(purchaseOptions)
    .where(where)
    .orderBy(...orderOf(cut, purchaseOptions.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(purchaseOptions).where(where);
  return { rows: rows.map((r) => ({ ...r.row, bookings: r.bookings })), total: total?.n ?? 0 };
}

/**
 * One option and its bookings. With `lock` the row is taken "for update": adding an item to a cart
 * checks the option's key, so a delete waits for (or is waited for by) a parent adding it.
 */
export async function findOptionForEdit(db: DbOrTx, id: number, lock = false) {
  if (lock)
    await db
      .select({ id: purchaseOptions.id })
      .from(purchaseOptions)
      .where(eq(purchaseOptions.id, id))
      .for("update");
  const [row] = await db
    .select({ row: purchaseOptions, bookings: optionBookings })
    .from(purchaseOptions)
    .where(eq(purchaseOptions.id, id));
  return row ? { ...row.row, bookings: row.bookings } : undefined;
}

export async function insertOption(tx: Tx, values: OptionValues): Promise<number> {
  const [row] = await tx.insert(purchaseOptions).values(values).returning({ id: purchaseOptions.id });
  if (!row) throw new Error("purchase option insert returned no row");
  return row.id;
}

export async function updateOption(tx: Tx, id: number, values: Partial<OptionValues>) {
  await tx.update(purchaseOptions).set(values).where(eq(purchaseOptions.id, id));
}

export async function deleteOption(tx: Tx, id: number) {
  await tx.delete(purchaseOptions).where(eq(purchaseOptions.id, id));
}

/**
 * How many order items (carts too, as an option's bookings count) a page has: their invoices and credit
 * notes are taxed by the page's type and their booking rules follow it, so it stays once booked (D554).
 */
export async function pageBookings(db: DbOrTx, pageId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.productPageId, pageId));
  return row?.n ?? 0;
}

/** The kinds of the page's purchase options, to check them against a new type of the page (D594). */
export function pageOptionKinds(db: DbOrTx, pageId: number) {
  return db
    .select({ scheduleType: purchaseOptions.scheduleType, isRecurring: purchaseOptions.isRecurring })
    .from(purchaseOptions)
    .where(eq(purchaseOptions.productPageId, pageId));
}

/** Waiting-list entries (any state) of the option: deleting it would silently drop them (cascade). */
export async function optionWaitingEntries(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.purchaseOptionId, id));
  return row?.n ?? 0;
}

// ---------- Academy seasons ----------

export type SeasonRow = typeof academySeasons.$inferSelect & {
  weeks: number;
  firstWeek: string | null;
  lastWeek: string | null;
};
export type SeasonValues = Omit<typeof academySeasons.$inferInsert, "id">;

const seasonWeeks = {
  weeks: sql<number>`(select count(*)::int from ${academyWeeks} where ${academyWeeks.seasonId} = "academy_seasons"."id")`,
  firstWeek: sql<
    string | null
  >`(select min(${academyWeeks.startsOn})::text from ${academyWeeks} where ${academyWeeks.seasonId} = "academy_seasons"."id")`,
  lastWeek: sql<
    string | null
  >`(select max(${academyWeeks.endsOn})::text from ${academyWeeks} where ${academyWeeks.seasonId} = "academy_seasons"."id")`,
};

export const SEASON_SORTS = {
  id: academySeasons.id,
  starts_on: academySeasons.startsOn,
  ends_on: academySeasons.endsOn,
  name: sql`${academySeasons.name}->>'de'`,
} as const satisfies Record<string, AnyPgColumn | SQL>;

export async function listSeasonsForStaff(
  db: DbOrTx,
  filter: { ids?: number[] },
  cut: ListCut,
): Promise<{ rows: SeasonRow[]; total: number }> {
  const where = whereOf([filter.ids ? idsCondition(academySeasons.id, filter.ids) : undefined]);
  const rows = await db
    .select({ row: academySeasons, ...seasonWeeks })
    .from(academySeasons)
    .where(where)
    .orderBy(...orderOf(cut, academySeasons.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(academySeasons).where(where);
  return {
    rows: rows.map(({ row, ...weeks }) => ({ ...row, ...weeks })),
    total: total?.n ?? 0,
  };
}

/** One season; `lock` takes it "for update", which a week being added to it ("key share") waits for. */
export async function findSeasonForEdit(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<SeasonRow | undefined> {
  if (lock)
    await db
      .select({ id: academySeasons.id })
      .from(academySeasons)
      .where(eq(academySeasons.id, id))
      .for("update");
  const [row] = await db
    .select({ row: academySeasons, ...seasonWeeks })
    .from(academySeasons)
    .where(eq(academySeasons.id, id));
  return row ? { ...row.row, weeks: row.weeks, firstWeek: row.firstWeek, lastWeek: row.lastWeek } : undefined;
}

/** The season a week is added to, its row shared until the transaction ends (no date change meanwhile). */
export async function findSeasonShared(tx: Tx, id: number) {
  const [row] = await tx.select().from(academySeasons).where(eq(academySeasons.id, id)).for("share");
  return row;
}

export async function insertSeason(tx: Tx, values: SeasonValues): Promise<number> {
  const [row] = await tx.insert(academySeasons).values(values).returning({ id: academySeasons.id });
  if (!row) throw new Error("academy season insert returned no row");
  return row.id;
}

export async function updateSeason(tx: Tx, id: number, values: SeasonValues) {
  await tx.update(academySeasons).set(values).where(eq(academySeasons.id, id));
}

export async function deleteSeason(tx: Tx, id: number) {
  await tx.delete(academySeasons).where(eq(academySeasons.id, id));
}

// ---------- Academy weeks ----------

export type WeekRow = typeof academyWeeks.$inferSelect & { seatsTaken: number };
export type WeekValues = Omit<typeof academyWeeks.$inferInsert, "id">;

const weekTaken = weekSeatsTakenIn(academyWeeks.id);
/** As for slots: the seats rule's correlated subquery needs the week's columns named with their table. */
const weekQualified = eq(productPages.id, academyWeeks.productPageId);

export const WEEK_SORTS = {
  id: academyWeeks.id,
  product_page: academyWeeks.productPageId,
  season: academyWeeks.seasonId,
  starts_on: academyWeeks.startsOn,
  seats: academyWeeks.seats,
} as const satisfies Record<string, AnyPgColumn | SQL>;

export async function listWeeksForStaff(
  db: DbOrTx,
  filter: { productPageId?: number; seasonId?: number; ids?: number[]; offered?: boolean },
  cut: ListCut,
): Promise<{ rows: WeekRow[]; total: number }> {
  const where = whereOf([
    // Only the weeks the shop still offers, for pickers (D531).
    filter.offered ? weekOffered : undefined,
    filter.productPageId !== undefined ? eq(academyWeeks.productPageId, filter.productPageId) : undefined,
    filter.seasonId !== undefined ? eq(academyWeeks.seasonId, filter.seasonId) : undefined,
    filter.ids ? idsCondition(academyWeeks.id, filter.ids) : undefined,
  ]);
  const rows = await db
    .select({ week: academyWeeks, seatsTaken: weekTaken })
    .from(academyWeeks)
    .innerJoin(productPages, weekQualified)
    .where(where)
    .orderBy(...orderOf(cut, academyWeeks.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(academyWeeks).where(where);
  return { rows: rows.map((r) => ({ ...r.week, seatsTaken: r.seatsTaken })), total: total?.n ?? 0 };
}

/**
 * One week and its seats taken. With `lock` its row is taken first; checkout takes the same row before it
 * counts and reserves, so staff lowering seats and a parent booking the last one are served one after the
 * other, never both (as for slots, D100).
 */
export async function findWeekForEdit(db: DbOrTx, id: number, lock = false): Promise<WeekRow | undefined> {
  if (lock)
    await db.select({ id: academyWeeks.id }).from(academyWeeks).where(eq(academyWeeks.id, id)).for("update");
  const [row] = await db
    .select({ week: academyWeeks, seatsTaken: weekTaken })
    .from(academyWeeks)
    .innerJoin(productPages, weekQualified)
    .where(eq(academyWeeks.id, id));
  return row ? { ...row.week, seatsTaken: row.seatsTaken } : undefined;
}

export async function insertWeek(tx: Tx, values: WeekValues): Promise<number> {
  const [row] = await tx.insert(academyWeeks).values(values).returning({ id: academyWeeks.id });
  if (!row) throw new Error("academy week insert returned no row");
  return row.id;
}

export async function updateWeek(tx: Tx, id: number, values: Partial<WeekValues>) {
  await tx.update(academyWeeks).set(values).where(eq(academyWeeks.id, id));
}

export async function deleteWeek(tx: Tx, id: number) {
  await tx.delete(academyWeeks).where(eq(academyWeeks.id, id));
}

/** Order items (any state) and waiting-list entries that name the week: then it is history. */
export async function weekBookings(db: DbOrTx, id: number): Promise<number> {
  const [items] = await db
    .select({ n: count() })
    .from(orderItemAcademyWeeks)
    .where(eq(orderItemAcademyWeeks.academyWeekId, id));
  const [entries] = await db
    .select({ n: count() })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.academyWeekId, id));
  return (items?.n ?? 0) + (entries?.n ?? 0);
}

/** The product type of a page (weeks belong to academy pages only); undefined when there is none. */
export async function pageType(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ productType: productPages.productType })
    .from(productPages)
    .where(eq(productPages.id, id));
  return row?.productType;
}
