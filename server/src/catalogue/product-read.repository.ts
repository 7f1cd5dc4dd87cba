import type { Locale } from "@atelier/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import {
  academySeasons,
  academyWeeks,
  categories,
  instructors,
  ph,
  prepared,
  productPageInstructors,
  productPages,
  purchaseOptions,
  scheduleSlots,
} from "../db/index.ts";
import { nextHoldEnd, slotSeatsTakenIn, weekSeatsTakenIn } from "../seats/index.ts";
import {
  type AcademyWeekRow,
  cardColumns,
  type InstructorRow,
  instructorColumns,
  listConditions,
  listValues,
  type OptionRow,
  type ProductCardRow,
  type ProductListCriteria,
  type ProductPageRow,
  pageColumns,
  type SlotRow,
  shapeOf,
  textIn,
} from "./catalogue.repository.ts";
import { nextOfferChange, slotOffered, weekOffered } from "./offered-slots.ts";

/**
 * The product list and the product page in one statement each (D80): the page's rows come with their
 * slots (and seats taken), purchase options, instructors and academy weeks as JSON arrays built by
 * correlated subqueries, so a request makes one round trip to the database whatever the page size.
 * The rows keep the shapes of the batched queries (`SlotRow`, `OptionRow`, …), so the service maps
 * them as before.
 */

/** `json_build_object` arguments from a record of keys and SQL values. */
const jsonObject = (fields: Record<string, unknown>): SQL =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;

/** The rows of a correlated subquery as a JSON array (`[]` when there are none). */
const jsonArray = (object: SQL, orderBy: SQL, rest: SQL) =>
  sql`(select coalesce(json_agg(${object} order by ${orderBy}), '[]'::json) ${rest})`;

/** Offered slots of a page (`slotOffered`) with seats taken, ordered as the page shows them. */
function slotsOf(pageId: SQL): SQL<Omit<SlotRow, "productPageId">[]> {
  return jsonArray(
    jsonObject({
      id: scheduleSlots.id,
      weekday: scheduleSlots.weekday,
      date: scheduleSlots.date,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
      seats: scheduleSlots.seats,
      taken: slotSeatsTakenIn(scheduleSlots.id),
      instructorId: scheduleSlots.instructorId,
      instructorFirstName: instructors.firstName,
      instructorLastName: instructors.lastName,
      instructorFirstNameRu: instructors.firstNameRu,
      instructorLastNameRu: instructors.lastNameRu,
    }),
    sql`${scheduleSlots.weekday} asc nulls last, ${scheduleSlots.date} asc nulls last, ${scheduleSlots.start} asc, ${scheduleSlots.id} asc`,
    sql`from ${scheduleSlots} left join ${instructors} on ${instructors.id} = ${scheduleSlots.instructorId}
      where ${scheduleSlots.productPageId} = ${pageId} and ${slotOffered}`,
  ) as SQL<Omit<SlotRow, "productPageId">[]>;
}

function optionsOf(pageId: SQL, locale: Locale): SQL<Omit<OptionRow, "productPageId">[]> {
  return jsonArray(
    jsonObject({
      id: purchaseOptions.id,
      scheduleType: purchaseOptions.scheduleType,
      name: textIn(purchaseOptions.name, locale),
      basePriceCents: purchaseOptions.basePriceCents,
      numberOfMeetings: purchaseOptions.numberOfMeetings,
      meetingsPerWeek: purchaseOptions.meetingsPerWeek,
      maxChildren: purchaseOptions.maxChildren,
      isRecurring: purchaseOptions.isRecurring,
    }),
    sql`${purchaseOptions.sortOrder} asc, ${purchaseOptions.id} asc`,
    sql`from ${purchaseOptions} where ${purchaseOptions.productPageId} = ${pageId}`,
  ) as SQL<Omit<OptionRow, "productPageId">[]>;
}

/** Published instructors of a page; the list's cards need only the summary fields. */
function instructorsOf(pageId: SQL, locale: Locale, detail: boolean): SQL<InstructorRow[]> {
  const { job, subject, bio, ...summary } = instructorColumns(locale);
  return jsonArray(
    jsonObject(detail ? { ...summary, job, subject, bio } : summary),
    sql`${instructors.sortOrder} asc, ${instructors.id} asc`,
    sql`from ${productPageInstructors} inner join ${instructors} on ${instructors.id} = ${productPageInstructors.instructorId}
      where ${productPageInstructors.productPageId} = ${pageId} and ${instructors.isPublished}`,
  ) as SQL<InstructorRow[]>;
}

export type WeekSpan = { firstStartsOn: string; lastEndsOn: string };

/** First and last bookable (not yet over) week of an academy, null for other pages or none left. */
function weekSpanOf(pageId: SQL, productType: SQL): SQL<WeekSpan | null> {
  return sql<WeekSpan | null>`case when ${productType} = 'Academy' then (select ${jsonObject({
    firstStartsOn: sql`min(${academyWeeks.startsOn})::text`,
    lastEndsOn: sql`max(${academyWeeks.endsOn})::text`,
  })} from ${academyWeeks} where ${academyWeeks.productPageId} = ${pageId} and ${weekOffered}
    having count(*) > 0) end`;
}

/** Weeks of an academy that are not over, with their season and the seats taken. */
function weeksOf(pageId: SQL, locale: Locale): SQL<AcademyWeekRow[]> {
  return jsonArray(
    jsonObject({
      id: academyWeeks.id,
      startsOn: academyWeeks.startsOn,
      endsOn: academyWeeks.endsOn,
      seats: academyWeeks.seats,
      taken: weekSeatsTakenIn(academyWeeks.id),
      seasonId: academySeasons.id,
      seasonName: textIn(academySeasons.name, locale),
      seasonStartsOn: academySeasons.startsOn,
      seasonEndsOn: academySeasons.endsOn,
    }),
    sql`${academyWeeks.startsOn} asc, ${academyWeeks.id} asc`,
    sql`from ${academyWeeks} inner join ${academySeasons} on ${academySeasons.id} = ${academyWeeks.seasonId}
      where ${academyWeeks.productPageId} = ${pageId} and ${weekOffered}`,
  ) as SQL<AcademyWeekRow[]>;
}

export type ProductListRow = ProductCardRow & {
  slots: Omit<SlotRow, "productPageId">[];
  options: Omit<OptionRow, "productPageId">[];
  instructors: InstructorRow[];
  weekSpan: WeekSpan | null;
};

/**
 * The list statement with placeholders for the filters present, `limit` and `offset` (`listValues`
 * fills them); exported so the benchmark can EXPLAIN ANALYZE exactly what the shop runs.
 */
/** The page of matching ids in list order, with the count of all matches. */
function chosenPage(db: DbOrTx, criteria: ProductListCriteria, locale: Locale) {
  return db
    .select({
      id: sql<number>`${productPages.id}`.as("chosen_id"),
      sortOrder: sql<number>`${productPages.sortOrder}`.as("chosen_sort"),
      total: sql<number>`(count(*) over ())::int`.as("total"),
    })
    .from(productPages)
    .where(and(...listConditions(criteria, locale)))
    .orderBy(asc(productPages.sortOrder), asc(productPages.id))
    .limit(ph("limit"))
    .offset(ph("offset"))
    .as("chosen");
}

export function productListQuery(db: DbOrTx, criteria: ProductListCriteria, locale: Locale) {
  const chosen = chosenPage(db, criteria, locale);
  const pageId = sql`${productPages.id}`;
  return db
    .select({
      ...cardColumns(locale),
      total: chosen.total,
      slots: slotsOf(pageId),
      options: optionsOf(pageId, locale),
      instructors: instructorsOf(pageId, locale, false),
      weekSpan: weekSpanOf(pageId, sql`${productPages.productType}`),
    })
    .from(chosen)
    .innerJoin(productPages, eq(productPages.id, chosen.id))
    .leftJoin(categories, eq(categories.id, productPages.categoryId))
    .orderBy(asc(chosen.sortOrder), asc(chosen.id));
}

/**
 * One page of published products with everything their cards show, and the count of all matches, in
 * one statement. The page of ids is chosen first (filters, order, limit), so the subqueries run only
 * for the rows returned.
 */
export async function findProductList(
  db: DbOrTx,
  criteria: ProductListCriteria,
  locale: Locale,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductListRow[]; total: number }> {
  const statement = prepared<(ProductListRow & { total: number })[]>(
    db,
    `catalogue_list_${locale}_${shapeOf(criteria)}`,
    () => productListQuery(db, criteria, locale),
  );
  const rows = await statement.execute({ ...listValues(criteria), limit: page.limit, offset: page.offset });
  return { rows, total: rows[0]?.total ?? 0 };
}

export type ProductDetailRow = ProductPageRow & {
  slots: Omit<SlotRow, "productPageId">[];
  options: Omit<OptionRow, "productPageId">[];
  instructors: InstructorRow[];
  weeks: AcademyWeekRow[];
};

/** A published product page by id or slug with its slots, options, instructors and weeks, in one statement. */
export async function findProductDetail(
  db: DbOrTx,
  by: { id: number } | { slug: string },
  locale: Locale,
): Promise<ProductDetailRow | undefined> {
  const key = "id" in by ? "id" : "slug";
  const statement = prepared<ProductDetailRow[]>(db, `catalogue_detail_${locale}_${key}`, () => {
    const pageId = sql`${productPages.id}`;
    return db
      .select({
        ...pageColumns(locale),
        slots: slotsOf(pageId),
        options: optionsOf(pageId, locale),
        instructors: instructorsOf(pageId, locale, true),
        weeks: weeksOf(pageId, locale),
      })
      .from(productPages)
      .leftJoin(categories, eq(categories.id, productPages.categoryId))
      .where(
        and(
          eq(productPages.isPublished, true),
          key === "id"
            ? sql`${productPages.id} = ${ph("key")}::int`
            : sql`${productPages.slug} = ${ph("key")}::text`,
        ),
      );
  });
  const [row] = await statement.execute({ key: "id" in by ? by.id : by.slug });
  return row;
}

/** The statement of `findListPage`; exported so the benchmark can EXPLAIN ANALYZE it. */
export function listPageQuery(db: DbOrTx, criteria: ProductListCriteria, locale: Locale) {
  const chosen = chosenPage(db, criteria, locale);
  return db
    .select({ id: chosen.id, total: chosen.total })
    .from(chosen)
    .orderBy(asc(chosen.sortOrder), asc(chosen.id));
}

/**
 * The ids of one page of a product list in list order, with the count of all matches (0 when the
 * page is empty). Filters run here, in SQL; the cards come from the service's renders (D85).
 */
export async function findListPage(
  db: DbOrTx,
  criteria: ProductListCriteria,
  locale: Locale,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const statement = prepared<{ id: number; total: number }[]>(
    db,
    `catalogue_ids_${locale}_${shapeOf(criteria)}`,
    () => listPageQuery(db, criteria, locale),
  );
  const rows = await statement.execute({ ...listValues(criteria), limit: page.limit, offset: page.offset });
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
}

/**
 * Milliseconds until catalogue replies change by time alone: a seat hold runs out (`nextHoldEnd`), a dated
 * session begins (`slotOffered` drops it, D515) or the day ends in Berlin (weeks before today drop off).
 * Measured by the database's clock, so a skewed server clock does not matter.
 */
export async function findMsUntilTimedChange(db: DbOrTx): Promise<number> {
  const [row] = await prepared<{ ms: number }[]>(db, "catalogue_timed_change", () =>
    db
      .select({
        ms: sql<number>`(extract(epoch from (least(${nextHoldEnd}, ${nextOfferChange}) - now())) * 1000)::float8`,
      })
      .from(sql`(select 1) as one`),
  ).execute({});
  return Math.max(0, Number(row?.ms ?? 0));
}
