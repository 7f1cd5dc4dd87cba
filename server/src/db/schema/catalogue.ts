import {
  boolean,
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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, localized, updatedAt } from "./common.ts";

export const productType = pgEnum("product_type", [
  "Course",
  "Academy",
  "Workshop",
  "Event",
  "BirthdayParty",
  "GiftCard",
  "SchoolOffer",
  "SpecialOffer",
]);
export const ageGroup = pgEnum("age_group", ["5-7", "8-11", "10+", "12+", "14+"]);
export const instructionLanguage = pgEnum("instruction_language", [
  "ru",
  "en",
  "de",
  "bi",
  "ru-en",
  "de-en",
  "de-ru",
]);
export const scheduleType = pgEnum("schedule_type", [
  "Course (1 / week)",
  "Course (2 / week)",
  "Course (3 / week)",
  "TERMINKARTEN",
  "Academy (1st half)",
  "Academy (2nd half)",
  "Academy (full day)",
  "Ticket",
  "BirthdayPackage",
  "GiftCard",
  "Offer",
]);

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: localized("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const instructors = pgTable("instructors", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  job: localized("job").notNull(),
  subject: localized("subject").notNull(),
  bio: localized("bio").notNull(),
  photo: text("photo").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  isPublished: boolean("is_published").notNull().default(true),
});

export type QnaEntry = { question: { de: string; ru: string }; answer: { de: string; ru: string } };
export type ImageRef = { src: string; width: number; height: number; alt: { de: string; ru: string } };

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
    location: text("location").notNull().default(""),
    isPublished: boolean("is_published").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
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
  },
  (t) => [index("schedule_slots_page_idx").on(t.productPageId)],
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
  (t) => [index("academy_weeks_page_idx").on(t.productPageId)],
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
    isRecurring: boolean("is_recurring").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("purchase_options_page_idx").on(t.productPageId)],
);

export const contentPages = pgTable("content_pages", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  title: localized("title").notNull(),
  description: localized("description").notNull(),
  body: localized("body").notNull(),
  updatedAt: updatedAt(),
});
