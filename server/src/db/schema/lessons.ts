import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { productPages, scheduleSlots } from "./catalogue.ts";
import { createdAt } from "./common.ts";
import { mailOutbox } from "./mail.ts";
import { orderItems } from "./orders.ts";
import { users } from "./users.ts";
import { visitors } from "./visitors.ts";

/**
 * Lessons over a season (issue 35), owned by `lessons`. A lesson the parent said the child will miss
 * (D366): reported before the product page's cut-off, one per booking and date; the roster shows it.
 */
export const lessonAbsences = pgTable(
  "lesson_absences",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    lessonDate: date("lesson_date", { mode: "string" }).notNull(),
    scheduleSlotId: integer("schedule_slot_id").references(() => scheduleSlots.id, { onDelete: "set null" }),
    reportedBy: integer("reported_by").references(() => users.id, { onDelete: "set null" }),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lesson_absences_item_date_idx").on(t.orderItemId, t.lessonDate),
    index("lesson_absences_date_idx").on(t.lessonDate),
  ],
);

/**
 * A makeup credit (D367): one lesson of the product page's course (or one staff mark equivalent), for the
 * child of the booking, valid until `expires_on` (Berlin day, included). Made by a reported absence or a
 * lesson the school cancelled, once per booking and lesson date; used once, by a makeup booking.
 */
export const makeupCredits = pgTable(
  "makeup_credits",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    visitorId: integer("visitor_id").references(() => visitors.id, { onDelete: "cascade" }),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    /** "absence" or "cancelled": why the credit was given. */
    reason: text("reason").notNull(),
    sourceDate: date("source_date", { mode: "string" }).notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("makeup_credits_item_date_idx").on(t.orderItemId, t.sourceDate),
    index("makeup_credits_user_idx").on(t.userId),
    check("makeup_credits_reason_check", sql`${t.reason} in ('absence', 'cancelled')`),
  ],
);

/** A makeup lesson (D368): a credit used for one date of a slot; takes a seat on that date only. */
export const makeupBookings = pgTable(
  "makeup_bookings",
  {
    id: serial("id").primaryKey(),
    creditId: integer("credit_id")
      .notNull()
      .references(() => makeupCredits.id, { onDelete: "cascade" }),
    visitorId: integer("visitor_id").references(() => visitors.id, { onDelete: "cascade" }),
    scheduleSlotId: integer("schedule_slot_id")
      .notNull()
      .references(() => scheduleSlots.id, { onDelete: "cascade" }),
    lessonDate: date("lesson_date", { mode: "string" }).notNull(),
    /** Set when the school cancelled that lesson: the credit is free again. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("makeup_bookings_credit_idx").on(t.creditId).where(sql`${t.cancelledAt} is null`),
    index("makeup_bookings_slot_date_idx").on(t.scheduleSlotId, t.lessonDate),
  ],
);

/** One lesson date of a slot the school cancelled (D369), with the reason told to the families. */
export const cancelledLessons = pgTable(
  "cancelled_lessons",
  {
    id: serial("id").primaryKey(),
    scheduleSlotId: integer("schedule_slot_id")
      .notNull()
      .references(() => scheduleSlots.id, { onDelete: "cascade" }),
    lessonDate: date("lesson_date", { mode: "string" }).notNull(),
    reasonDe: text("reason_de").notNull(),
    reasonRu: text("reason_ru").notNull(),
    cancelledBy: integer("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("cancelled_lessons_slot_date_idx").on(t.scheduleSlotId, t.lessonDate)],
);

/**
 * A reminder written to the mail outbox (D370), unique by its key ("first:<item>:<date>",
 * "makeup:<booking>"): two instances or a restart write it once.
 */
export const lessonReminders = pgTable(
  "lesson_reminders",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lesson_reminders_key_idx").on(t.key)],
);

/**
 * The signed link of a reminder (D371): a random token (only its SHA-256 stored) that lets the parent
 * report absences of one booking without signing in, until it expires.
 */
export const absenceLinks = pgTable(
  "absence_links",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("absence_links_token_idx").on(t.tokenHash),
    // Removing a cart item looks here for the links it takes along: without it, each removal read every link
    // of every reminder ever sent (D470).
    index("absence_links_item_idx").on(t.orderItemId),
  ],
);

/** Which reminder kinds staff turned off (D370); one row, absent until staff first save. */
export const lessonSettings = pgTable(
  "lesson_settings",
  {
    id: integer("id").primaryKey().default(1),
    remindersOff: text("reminders_off").array().notNull().default(sql`'{}'`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("lesson_settings_one_row", sql`${t.id} = 1`)],
);
