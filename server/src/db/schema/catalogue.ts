import { AGE_GROUPS, INSTRUCTION_LANGUAGES, PRODUCT_TYPES, SCHEDULE_TYPES } from "@atelier/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, localized, updatedAt } from "./common.ts";

// The enums are made from the contract's lists: one definition for web, API and database.
export const productType = pgEnum("product_type", PRODUCT_TYPES);
export const ageGroup = pgEnum("age_group", AGE_GROUPS);
export const instructionLanguage = pgEnum("instruction_language", INSTRUCTION_LANGUAGES);
export const scheduleType = pgEnum("schedule_type", SCHEDULE_TYPES);

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: localized("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * The school's houses (issue 20, D151): where courses take place and which house a closure shuts. Staff
 * edit them in the back office; an inactive house is kept for the pages and closures that name it but is
 * no longer offered as a filter or a choice.
 */
export const locations = pgTable("locations", {
  id: serial("id").primaryKey(),
  name: localized("name").notNull(),
  street: text("street").notNull(),
  postCode: text("post_code").notNull(),
  city: text("city").notNull(),
  mapUrl: text("map_url"),
  // As staff typed it ("+49 30 1234567"), checked by the contract's phone rule; the link dials it bare (D177).
  phone: text("phone"),
  sortOrder: integer("sort_order").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
});

export const instructors = pgTable("instructors", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  // The school's own Cyrillic spelling for Russian pages; null shows the Latin name (decision D64).
  firstNameRu: text("first_name_ru"),
  lastNameRu: text("last_name_ru"),
  job: localized("job").notNull(),
  subject: localized("subject").notNull(),
  bio: localized("bio").notNull(),
  photo: text("photo").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  isPublished: boolean("is_published").notNull().default(true),
});

export type QnaEntry = { question: { de: string; ru: string }; answer: { de: string; ru: string } };
export type ImageRef = {
  src: string;
  width: number;
  height: number;
  alt: { de: string; ru: string };
  /**
   * Clip art of the demo seed, not the school's own picture: set by the seed only, read by no code (the
   * API leaves it out), so the school's photos replace these and a query finds pages still showing them.
   */
  demo?: true;
};

/** The public catalogue entry. */
export const productPages = pgTable(
  "product_pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    productType: productType("product_type").notNull(),
    name: localized("name").notNull(),
    summary: localized("summary").notNull(),
    body: localized("body").notNull(),
    program: localized("program").notNull(),
    seoText: localized("seo_text").notNull(),
    length: localized("length").notNull(),
    qna: jsonb("qna").$type<QnaEntry[]>().notNull().default([]),
    studentWorks: jsonb("student_works").$type<ImageRef[]>().notNull().default([]),
    titleImage: jsonb("title_image").$type<ImageRef | null>(),
    backgroundImage: jsonb("background_image").$type<ImageRef | null>(),
    ageGroup: ageGroup("age_group").notNull(),
    language: instructionLanguage("language").notNull(),
    categoryId: integer("category_id").references(() => categories.id),
    /** Where exactly, as the page shows it (a room, a courtyard, a venue away from the houses). */
    location: text("location").notNull().default(""),
    /** The house the offer belongs to (D151): shown on cards, filtered by, its closures apply. */
    locationId: integer("location_id").references(() => locations.id),
    isPublished: boolean("is_published").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
    /**
     * Workshops and events (D142): the full price is refunded when the parent cancels up to this many days
     * before the booked date; null = no such promise (only the statutory right of withdrawal, D54).
     */
    refundDaysBefore: integer("refund_days_before"),
    /**
     * Lessons over a season (issue 35, D365): whether an absence the parent reports in time gives a makeup
     * credit, the cut-off before the lesson, how long a credit is valid, how many absences a month give one,
     * what a lesson the school cancels gives ("credit" or "lengthen" the paid period, as a closure does),
     * and what a child brings (shown on the page and in the reminder).
     */
    makeupAllowed: boolean("makeup_allowed").notNull().default(false),
    absenceCutoffMinutes: integer("absence_cutoff_minutes").notNull().default(120),
    creditValidDays: integer("credit_valid_days").notNull().default(56),
    creditsPerMonth: integer("credits_per_month").notNull().default(2),
    cancelledLessonOutcome: text("cancelled_lesson_outcome").notNull().default("credit"),
    whatToBring: localized("what_to_bring").notNull().default({ de: "", ru: "" }),
    /**
     * Pages staff mark as equivalent for makeups (same subject and age group) share this word (D367): a
     * credit of one is used in the slots of any page of the same group. Null: only its own slots.
     */
    makeupGroup: text("makeup_group"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("product_pages_slug_idx").on(t.slug),
    index("product_pages_type_idx").on(t.productType, t.isPublished, t.sortOrder),
    index("product_pages_age_idx").on(t.ageGroup),
    index("product_pages_language_idx").on(t.language),
    index("product_pages_category_idx").on(t.categoryId),
    index("product_pages_location_idx").on(t.locationId),
  ],
);

export const productPageInstructors = pgTable(
  "product_page_instructors",
  {
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id, { onDelete: "cascade" }),
    instructorId: integer("instructor_id")
      .notNull()
      .references(() => instructors.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productPageId, t.instructorId] })],
);

/** A weekly time of a course (weekday set) or a dated session of a workshop or event (date set). */
export const scheduleSlots = pgTable(
  "schedule_slots",
  {
    id: serial("id").primaryKey(),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id, { onDelete: "cascade" }),
    weekday: integer("weekday"), // 0 = Monday … 6 = Sunday
    date: date("date"),
    start: time("start").notNull(),
    end: time("end").notNull(),
    seats: integer("seats").notNull(),
    instructorId: integer("instructor_id").references(() => instructors.id),
    /** Set when staff retire a slot that has bookings: no longer offered, kept for its bookings (D111). */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    index("schedule_slots_page_idx").on(t.productPageId),
    // The dated sessions still offered, by day: the catalogue's next change by time (D515) reads them
    // from today on, on every turn of its epoch, and should not read a decade's sessions to find it.
    index("schedule_slots_offered_date_idx")
      .on(t.date)
      .where(sql`${t.date} is not null and ${t.archivedAt} is null`),
    check("schedule_slots_seats_check", sql`${t.seats} >= 0`),
    check("schedule_slots_weekday_check", sql`${t.weekday} between 0 and 6`),
    // A slot is either weekly (weekday) or dated (date), never both or neither.
    check("schedule_slots_weekday_or_date_check", sql`(${t.weekday} is null) <> (${t.date} is null)`),
  ],
);

export const academySeasons = pgTable("academy_seasons", {
  id: serial("id").primaryKey(),
  name: localized("name").notNull(),
  startsOn: date("starts_on").notNull(),
  endsOn: date("ends_on").notNull(),
});

/** A bookable week of an academy (holiday programme) in a season. */
export const academyWeeks = pgTable(
  "academy_weeks",
  {
    id: serial("id").primaryKey(),
    seasonId: integer("season_id")
      .notNull()
      .references(() => academySeasons.id, { onDelete: "cascade" }),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id, { onDelete: "cascade" }),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    seats: integer("seats").notNull(),
  },
  (t) => [
    index("academy_weeks_page_idx").on(t.productPageId),
    check("academy_weeks_seats_check", sql`${t.seats} >= 0`),
    check("academy_weeks_dates_check", sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** How a product page is bought, with its price in integer cents EUR. */
export const purchaseOptions = pgTable(
  "purchase_options",
  {
    id: serial("id").primaryKey(),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id, { onDelete: "cascade" }),
    scheduleType: scheduleType("schedule_type").notNull(),
    name: localized("name").notNull(),
    basePriceCents: integer("base_price_cents").notNull(),
    numberOfMeetings: integer("number_of_meetings"),
    meetingsPerWeek: integer("meetings_per_week"),
    /** A birthday package's most children (null: no limit set); a party request for more is refused. */
    maxChildren: integer("max_children"),
    isRecurring: boolean("is_recurring").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("purchase_options_page_idx").on(t.productPageId),
    // Target of order_items' composite key: an item's option belongs to the item's page.
    unique("purchase_options_id_page_key").on(t.id, t.productPageId),
    check("purchase_options_price_check", sql`${t.basePriceCents} >= 0`),
    check("purchase_options_meetings_check", sql`${t.numberOfMeetings} is null or ${t.numberOfMeetings} > 0`),
    check(
      "purchase_options_per_week_check",
      sql`${t.meetingsPerWeek} is null or ${t.meetingsPerWeek} between 1 and 7`,
    ),
    check(
      "purchase_options_max_children_check",
      sql`${t.maxChildren} is null or ${t.maxChildren} between 1 and 30`,
    ),
  ],
);

export const contentPages = pgTable("content_pages", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  title: localized("title").notNull(),
  description: localized("description").notNull(),
  body: localized("body").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Redirects staff keep (D189): a visitor who opens `from_path` (stored without a trailing slash) is sent to
 * `target`, a page of the shop or an `https://` address elsewhere; 301 when `permanent`, else 302.
 */
export const redirects = pgTable("redirects", {
  id: serial("id").primaryKey(),
  fromPath: text("from_path").notNull().unique(),
  target: text("target").notNull(),
  permanent: boolean("permanent").notNull().default(false),
  note: text("note").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Holidays and closures (D114): no lesson takes place from `starts_on` to `ends_on` (both included) in
 * the house `location_id` (D151), or in every house when it is null. The product pages of that house
 * list the upcoming ones.
 */
export const closures = pgTable(
  "closures",
  {
    id: serial("id").primaryKey(),
    locationId: integer("location_id").references(() => locations.id),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    name: localized("name").notNull(),
  },
  (t) => [
    index("closures_ends_on_idx").on(t.endsOn),
    check("closures_range_check", sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
