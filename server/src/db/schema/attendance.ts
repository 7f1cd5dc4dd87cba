import { date, index, integer, pgTable, serial, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orderItems } from "./orders.ts";
import { users } from "./users.ts";

/**
 * A child marked absent at one lesson date (D131). Present is a row of `checkins` (the door's check-in);
 * absent is a row here; neither is "not marked yet". Staff marking absent removes a check-in of that date
 * and marking present removes the absence, in one audited transaction, so at most one of both exists.
 */
export const attendanceAbsences = pgTable(
  "attendance_absences",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    lessonDate: date("lesson_date", { mode: "string" }).notNull(),
    markedBy: integer("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attendance_absences_item_date_idx").on(t.orderItemId, t.lessonDate),
    index("attendance_absences_date_idx").on(t.lessonDate),
  ],
);
