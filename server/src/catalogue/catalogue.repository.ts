import type { AgeGroup, InstructionLanguage, Locale, ProductType } from "@atelier/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/index.ts";
import {
  academySeasons,
  academyWeeks,
  categories,
  type ImageRef,
  instructors,
  locations,
  orderItemSlots,
  pgArray,
  ph,
  prepared,
  productPageInstructors,
  productPages,
  purchaseOptions,
  scheduleSlots,
} from "../db/index.ts";
import { seatsTakenInWeeks, slotSeatsTaken } from "../seats/index.ts";
import { slotOffered, weekOffered } from "./offered-slots.ts";

/**
 * The only code of the catalogue that touches Drizzle tables. Texts are picked in one locale in SQL
 * (`name->>'de'`), so a list reads only what it shows; related rows of a page of products come in one
 * batched query per table.
 */

const LOCALE_SQL: Record<Locale, SQL> = { de: sql.raw("'de'"), ru: sql.raw("'ru'") };

/** The text of a localized jsonb column in one locale. */
export const textIn = (column: unknown, locale: Locale) =>
  sql<string>`coalesce(${column}->>${LOCALE_SQL[locale]}, '')`;

export type ProductListCriteria = {
  productTypes?: ProductType[] | undefined;
  ageGroups?: AgeGroup[] | undefined;
  /** Any of these languages of instruction (the contract's `instructionLanguagesMatching`). */
  languages?: InstructionLanguage[] | undefined;
  categoryId?: number | undefined;
  /** A house (D151). */
  locationId?: number | undefined;
  weekday?: number | undefined;
  /** Pattern for ILIKE, already escaped. */
  search?: string | undefined;
  ids?: number[] | undefined;
  instructorId?: number | undefined;
};

/**
 * The WHERE of a product list with every value as a placeholder, so the SQL text depends only on
 * which filters are present (its "shape") and can be a prepared statement.
 */
export function listConditions(criteria: ProductListCriteria, locale: Locale): SQL[] {
  const where: SQL[] = [eq(productPages.isPublished, true)];
  if (criteria.productTypes?.length)
    where.push(sql`${productPages.productType} = any(${ph("productTypes")}::product_type[])`);
  if (criteria.ageGroups) where.push(sql`${productPages.ageGroup} = any(${ph("ageGroups")}::age_group[])`);
  if (criteria.languages)
    where.push(sql`${productPages.language} = any(${ph("languages")}::instruction_language[])`);
  if (criteria.categoryId !== undefined)
    where.push(sql`${productPages.categoryId} = ${ph("categoryId")}::int`);
  if (criteria.locationId !== undefined)
    where.push(sql`${productPages.locationId} = ${ph("locationId")}::int`);
  if (criteria.ids) where.push(sql`${productPages.id} = any(${ph("ids")}::int[])`);
  if (criteria.weekday !== undefined) {
    // An offered weekly slot on that day, or an offered dated session falling on it (ISO weekday 1 = Monday).
    where.push(sql`exists (select 1 from ${scheduleSlots} where ${scheduleSlots.productPageId} = ${productPages.id}
      and ${slotOffered}
      and (${scheduleSlots.weekday} = ${ph("weekday")}::int
        or extract(isodow from ${scheduleSlots.date})::int - 1 = ${ph("weekday")}::int))`);
  }
  if (criteria.instructorId !== undefined) {
    where.push(sql`exists (select 1 from ${productPageInstructors} where ${productPageInstructors.productPageId} = ${productPages.id}
      and ${productPageInstructors.instructorId} = ${ph("instructorId")}::int)`);
  }
  if (criteria.search !== undefined) {
    where.push(
      sql`(${textIn(productPages.name, locale)} ilike ${ph("search")}::text or ${textIn(productPages.summary, locale)} ilike ${ph("search")}::text)`,
    );
  }
  return where;
}

/** The placeholder values of `listConditions`. */
export function listValues(criteria: ProductListCriteria): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (value !== undefined) values[key] = Array.isArray(value) ? pgArray(value) : value;
  }
  return values;
}

/** One letter per filter: statement names stay under PostgreSQL's 63 characters (longer ones are cut and collide). */
const SHAPE_LETTERS: Record<keyof ProductListCriteria, string> = {
  productTypes: "t",
  ageGroups: "a",
  languages: "l",
  categoryId: "c",
  locationId: "h",
  weekday: "w",
  search: "s",
  ids: "i",
  instructorId: "n",
};

export const shapeOf = (criteria: ProductListCriteria) =>
  Object.entries(criteria)
    .filter(
      ([key, value]) => value !== undefined && !(key === "productTypes" && !(value as unknown[]).length),
    )
    .map(([key]) => SHAPE_LETTERS[key as keyof ProductListCriteria])
    .sort()
    .join("");

/** A page's house as one JSON object in one locale (D151); the page's table is named, as it is joined. */
export type HouseJson = {
  id: number;
  name: string;
  street: string;
  post_code: string;
  city: string;
  map_url: string | null;
};
const houseOf = (locale: Locale) =>
  sql<HouseJson | null>`(select json_build_object('id', l.id, 'name', coalesce(l.name->>${LOCALE_SQL[locale]}, l.name->>'de', ''), 'street', l.street, 'post_code', l.post_code, 'city', l.city, 'map_url', l.map_url) from ${locations} l where l.id = "product_pages"."location_id")`;

/** The card columns of a product page in one locale. */
export const cardColumns = (locale: Locale) => ({
  id: productPages.id,
  slug: productPages.slug,
  productType: productPages.productType,
  name: textIn(productPages.name, locale),
  summary: textIn(productPages.summary, locale),
  ageGroup: productPages.ageGroup,
  language: productPages.language,
  categoryId: productPages.categoryId,
  categoryName: sql<string | null>`${categories.name}->>${LOCALE_SQL[locale]}`,
  categorySlug: categories.slug,
  titleImage: productPages.titleImage,
  location: productPages.location,
  house: houseOf(locale),
  isFeatured: productPages.isFeatured,
  refundDaysBefore: productPages.refundDaysBefore,
});

export type ProductCardRow = {
  id: number;
  slug: string;
  productType: ProductType;
  name: string;
  summary: string;
  ageGroup: AgeGroup;
  language: InstructionLanguage;
  categoryId: number | null;
  categoryName: string | null;
  categorySlug: string | null;
  titleImage: ImageRef | null;
  location: string;
  house: HouseJson | null;
  isFeatured: boolean;
  refundDaysBefore: number | null;
};

export async function countProducts(db: DbOrTx, criteria: ProductListCriteria, locale: Locale) {
  const statement = prepared<{ n: number }[]>(db, `catalogue_count_${locale}_${shapeOf(criteria)}`, () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productPages)
      .where(and(...listConditions(criteria, locale))),
  );
  const [row] = await statement.execute(listValues(criteria));
  return row?.n ?? 0;
}

export async function findCategoryIdBySlug(db: DbOrTx, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return row?.id;
}

export async function findCategories(db: DbOrTx, locale: Locale) {
  return db
    .select({ id: categories.id, slug: categories.slug, name: textIn(categories.name, locale) })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export type SlotRow = {
  id: number;
  productPageId: number;
  weekday: number | null;
  date: string | null;
  start: string;
  end: string;
  seats: number;
  taken: number;
  instructorId: number | null;
  instructorFirstName: string | null;
  instructorLastName: string | null;
  instructorFirstNameRu: string | null;
  instructorLastNameRu: string | null;
};

/**
 * Schedule slots of the given pages with the seats taken by active items of paid or reserved orders.
 * Only the slots the shop offers (`slotOffered`): archived slots and past sessions can no longer be booked.
 */
export async function findSlots(db: DbOrTx, pageIds: number[]): Promise<SlotRow[]> {
  if (pageIds.length === 0) return [];
  return prepared<SlotRow[]>(db, "catalogue_slots", () => buildSlotsQuery(db)).execute({
    pageIds: pgArray(pageIds),
  });
}

function buildSlotsQuery(db: DbOrTx) {
  // Seats are counted for the slots answered only: a page's past sessions (a workshop's over ten years) held
  // most of its bookings, and were counted for nothing (issue 36).
  const taken = slotSeatsTaken(
    db,
    sql`${orderItemSlots.scheduleSlotId} in (select ${scheduleSlots.id} from ${scheduleSlots} where ${scheduleSlots.productPageId} = any(${ph("pageIds")}::int[]) and ${slotOffered})`,
  );
  return db
    .select({
      id: scheduleSlots.id,
      productPageId: scheduleSlots.productPageId,
      weekday: scheduleSlots.weekday,
      date: scheduleSlots.date,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
      seats: scheduleSlots.seats,
      taken: sql<number>`coalesce(${taken.n}, 0)::int`,
      instructorId: scheduleSlots.instructorId,
      instructorFirstName: instructors.firstName,
      instructorLastName: instructors.lastName,
      instructorFirstNameRu: instructors.firstNameRu,
      instructorLastNameRu: instructors.lastNameRu,
    })
    .from(scheduleSlots)
    .leftJoin(instructors, eq(instructors.id, scheduleSlots.instructorId))
    .leftJoin(taken, eq(taken.unitId, scheduleSlots.id))
    .where(and(sql`${scheduleSlots.productPageId} = any(${ph("pageIds")}::int[])`, slotOffered))
    .orderBy(
      sql`${scheduleSlots.weekday} asc nulls last`,
      sql`${scheduleSlots.date} asc nulls last`,
      asc(scheduleSlots.start),
      asc(scheduleSlots.id),
    );
}

export type OptionRow = {
  id: number;
  productPageId: number;
  scheduleType: (typeof purchaseOptions.$inferSelect)["scheduleType"];
  name: string;
  basePriceCents: number;
  numberOfMeetings: number | null;
  meetingsPerWeek: number | null;
  maxChildren: number | null;
  isRecurring: boolean;
};

export async function findPurchaseOptions(
  db: DbOrTx,
  pageIds: number[],
  locale: Locale,
): Promise<OptionRow[]> {
  if (pageIds.length === 0) return [];
  return prepared<OptionRow[]>(db, `catalogue_options_${locale}`, () =>
    db
      .select({
        id: purchaseOptions.id,
        productPageId: purchaseOptions.productPageId,
        scheduleType: purchaseOptions.scheduleType,
        name: textIn(purchaseOptions.name, locale),
        basePriceCents: purchaseOptions.basePriceCents,
        numberOfMeetings: purchaseOptions.numberOfMeetings,
        meetingsPerWeek: purchaseOptions.meetingsPerWeek,
        maxChildren: purchaseOptions.maxChildren,
        isRecurring: purchaseOptions.isRecurring,
      })
      .from(purchaseOptions)
      .where(sql`${purchaseOptions.productPageId} = any(${ph("pageIds")}::int[])`)
      .orderBy(asc(purchaseOptions.sortOrder), asc(purchaseOptions.id)),
  ).execute({ pageIds: pgArray(pageIds) });
}

/** An instructor's name as Russian pages show it: the school's Cyrillic spelling where it gives one. */
const nameIn = (latin: AnyPgColumn, cyrillic: AnyPgColumn, locale: Locale) =>
  locale === "ru" ? sql<string>`coalesce(${cyrillic}, ${latin})` : sql<string>`${latin}`;

export const instructorColumns = (locale: Locale) => ({
  id: instructors.id,
  slug: instructors.slug,
  firstName: nameIn(instructors.firstName, instructors.firstNameRu, locale),
  lastName: nameIn(instructors.lastName, instructors.lastNameRu, locale),
  photo: instructors.photo,
  job: textIn(instructors.job, locale),
  subject: textIn(instructors.subject, locale),
  bio: textIn(instructors.bio, locale),
});

export type InstructorRow = {
  id: number;
  slug: string;
  firstName: string;
  lastName: string;
  photo: string;
  job: string;
  subject: string;
  bio: string;
};

export async function findInstructors(db: DbOrTx, locale: Locale): Promise<InstructorRow[]> {
  return db
    .select(instructorColumns(locale))
    .from(instructors)
    .where(eq(instructors.isPublished, true))
    .orderBy(asc(instructors.sortOrder), asc(instructors.id));
}

export async function findInstructor(
  db: DbOrTx,
  by: { id: number } | { slug: string },
  locale: Locale,
): Promise<InstructorRow | undefined> {
  const [row] = await db
    .select(instructorColumns(locale))
    .from(instructors)
    .where(
      and(
        eq(instructors.isPublished, true),
        "id" in by ? eq(instructors.id, by.id) : eq(instructors.slug, by.slug),
      ),
    );
  return row;
}

/** The slugs of everything public, for the sitemap. */
export async function findPublicSlugs(db: DbOrTx) {
  const [products, people] = await Promise.all([
    db
      .select({ slug: productPages.slug, updatedAt: productPages.updatedAt })
      .from(productPages)
      .where(eq(productPages.isPublished, true))
      .orderBy(asc(productPages.sortOrder), asc(productPages.id)),
    db
      .select({ slug: instructors.slug })
      .from(instructors)
      .where(eq(instructors.isPublished, true))
      .orderBy(asc(instructors.sortOrder), asc(instructors.id)),
  ]);
  return { products, instructors: people };
}

export type ProductPageRow = ProductCardRow & {
  body: string;
  program: string;
  length: string;
  seoText: string;
  qna: { question: { de: string; ru: string }; answer: { de: string; ru: string } }[];
  studentWorks: ImageRef[];
  backgroundImage: ImageRef | null;
  /** The rules of absences and makeups (issue 35, D365): shown on the page in words (D391). */
  makeupAllowed: boolean;
  absenceCutoffMinutes: number;
  creditValidDays: number;
  creditsPerMonth: number;
  cancelledLessonOutcome: string;
  whatToBring: { de: string; ru: string };
};

/** The columns of a product page: its card and its long texts in one locale. */
export const pageColumns = (locale: Locale) => ({
  ...cardColumns(locale),
  body: textIn(productPages.body, locale),
  program: textIn(productPages.program, locale),
  length: textIn(productPages.length, locale),
  seoText: textIn(productPages.seoText, locale),
  qna: productPages.qna,
  studentWorks: productPages.studentWorks,
  backgroundImage: productPages.backgroundImage,
  makeupAllowed: productPages.makeupAllowed,
  absenceCutoffMinutes: productPages.absenceCutoffMinutes,
  creditValidDays: productPages.creditValidDays,
  creditsPerMonth: productPages.creditsPerMonth,
  cancelledLessonOutcome: productPages.cancelledLessonOutcome,
  whatToBring: productPages.whatToBring,
});

export type AcademyWeekRow = {
  id: number;
  startsOn: string;
  endsOn: string;
  seats: number;
  taken: number;
  seasonId: number;
  seasonName: string;
  seasonStartsOn: string;
  seasonEndsOn: string;
};

/**
 * The weeks `weekIds` of an academy that are not over (others are left out), with their season and the
 * seats taken by paid or reserved items. The seats are counted through these weeks' own bookings, found by
 * week (an index), so a booking's check costs the same in the tenth year as in the first: counted through
 * the page's items, it read every item of the shop and every week the academy ever had (issue 36). Prepared
 * per locale: its planning took longer than running it.
 */
export async function findAcademyWeeks(
  db: DbOrTx,
  pageId: number,
  weekIds: readonly number[],
  locale: Locale,
): Promise<AcademyWeekRow[]> {
  if (weekIds.length === 0) return [];
  return prepared<AcademyWeekRow[]>(db, `academy_weeks_${locale}`, () => buildWeeksQuery(db, locale)).execute(
    {
      pageId,
      weekIds: pgArray(weekIds),
    },
  );
}

function buildWeeksQuery(db: DbOrTx, locale: Locale) {
  const chosen = and(
    eq(academyWeeks.productPageId, ph("pageId")),
    sql`${academyWeeks.id} = any(${ph("weekIds")}::int[])`,
    // Weeks that are over can no longer be booked.
    weekOffered,
  );
  const taken = seatsTakenInWeeks(db, sql`select ${academyWeeks.id} from ${academyWeeks} where ${chosen}`);
  return db
    .select({
      id: academyWeeks.id,
      startsOn: academyWeeks.startsOn,
      endsOn: academyWeeks.endsOn,
      seats: academyWeeks.seats,
      taken: sql<number>`coalesce(${taken.n}, 0)::int`,
      seasonId: academySeasons.id,
      seasonName: textIn(academySeasons.name, locale),
      seasonStartsOn: academySeasons.startsOn,
      seasonEndsOn: academySeasons.endsOn,
    })
    .from(academyWeeks)
    .innerJoin(academySeasons, eq(academySeasons.id, academyWeeks.seasonId))
    .leftJoin(taken, eq(taken.unitId, academyWeeks.id))
    .where(chosen)
    .orderBy(asc(academyWeeks.startsOn), asc(academyWeeks.id));
}

/** The houses the shop offers (D151): active ones, in the school's order, named in one locale, with phone (D177). */
export async function findActiveHouses(
  db: DbOrTx,
  locale: Locale,
): Promise<(HouseJson & { phone: string | null })[]> {
  return db
    .select({
      id: locations.id,
      name: sql<string>`coalesce(${locations.name}->>${LOCALE_SQL[locale]}, ${locations.name}->>'de', '')`,
      street: locations.street,
      post_code: locations.postCode,
      city: locations.city,
      map_url: locations.mapUrl,
      phone: locations.phone,
    })
    .from(locations)
    .where(eq(locations.isActive, true))
    .orderBy(asc(locations.sortOrder), asc(locations.id));
}

/** Pages' names in a language, by id (archived pages too): what a family's data export names (D560). */
export async function findPageNames(
  db: DbOrTx,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productPages.id, name: textIn(productPages.name, locale) })
    .from(productPages)
    .where(inArray(productPages.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, String(row.name)]));
}
