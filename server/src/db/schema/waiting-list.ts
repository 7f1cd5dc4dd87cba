import { WAITING_ENTRY_STATUSES } from "@atelier/contract";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { academyWeeks, productPages, purchaseOptions, scheduleSlots } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { orderItems } from "./orders.ts";
import { localeEnum, users } from "./users.ts";
import { visitors } from "./visitors.ts";

/**
 * waiting: in line; offered: holds a seat until `offer_expires_at` (D78); booked: the child got the seat;
 * passed: the offer ran out unanswered; left: the parent left the list.
 */
export const waitingEntryStatus = pgEnum("waiting_entry_status", WAITING_ENTRY_STATUSES);

/** One child in line for one schedule slot or one academy week (D78). */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visitorId: integer("visitor_id")
      .notNull()
      .references(() => visitors.id, { onDelete: "cascade" }),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id, { onDelete: "cascade" }),
    purchaseOptionId: integer("purchase_option_id")
      .notNull()
      .references(() => purchaseOptions.id, { onDelete: "cascade" }),
    scheduleSlotId: integer("schedule_slot_id").references(() => scheduleSlots.id, { onDelete: "cascade" }),
    academyWeekId: integer("academy_week_id").references(() => academyWeeks.id, { onDelete: "cascade" }),
    status: waitingEntryStatus("status").notNull().default("waiting"),
    /** The parent's language when they joined: the offer mail is written in it. */
    locale: localeEnum("locale").notNull(),
    /** 43 url-safe characters (32 random bytes), set with the offer. */
    offerToken: text("offer_token"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** The cart item the accepted offer became. */
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("waiting_list_one_unit_check", sql`(${t.scheduleSlotId} is null) <> (${t.academyWeekId} is null)`),
    uniqueIndex("waiting_list_offer_token_idx").on(t.offerToken),
    // One open entry per child and unit: joining twice answers the entry already there.
    uniqueIndex("waiting_list_open_slot_idx")
      .on(t.visitorId, t.scheduleSlotId)
      .where(sql`${t.status} in ('waiting', 'offered') and ${t.scheduleSlotId} is not null`),
    uniqueIndex("waiting_list_open_week_idx")
      .on(t.visitorId, t.academyWeekId)
      .where(sql`${t.status} in ('waiting', 'offered') and ${t.academyWeekId} is not null`),
    index("waiting_list_user_idx").on(t.userId, t.status),
    // Removing a cart item clears the entry its offer became: found by this index, not by reading the list (D470).
    index("waiting_list_item_idx").on(t.orderItemId),
    index("waiting_list_open_idx")
      .on(t.status, t.scheduleSlotId, t.academyWeekId, t.id)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);
