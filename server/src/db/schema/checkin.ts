import { date, index, integer, pgTable, serial, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { scheduleSlots } from "./catalogue.ts";
import { orderItems } from "./orders.ts";
import { users } from "./users.ts";

/**
 * One row per lesson a child was let in at the door (D108): a subscription's or meeting card's code is
 * valid at each of its lessons, so the check-in is per item and Berlin day, unique on both; two staff
 * scanning at once insert one row and the second reads it. `checked_in_by` is kept as the user id and the
 * audit log keeps the e-mail beside it.
 */
export const checkins = pgTable(
  "checkins",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    lessonDate: date("lesson_date", { mode: "string" }).notNull(),
    /** The weekly or dated slot of the lesson; null for an academy day, which has no slot. */
    scheduleSlotId: integer("schedule_slot_id").references(() => scheduleSlots.id, { onDelete: "set null" }),
    checkedInBy: integer("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("checkins_item_date_idx").on(t.orderItemId, t.lessonDate),
    index("checkins_date_idx").on(t.lessonDate),
  ],
);
