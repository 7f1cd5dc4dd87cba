import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { instructors, scheduleSlots } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { users } from "./users.ts";

/**
 * "I can't give this lesson" (issue 35, D383): an instructor's report about one lesson date of one of
 * their slots. It reaches staff as a request and cancels nothing; one per slot, date and instructor (a
 * second report of the same lesson updates its reason).
 */
export const instructorReports = pgTable(
  "instructor_reports",
  {
    id: serial("id").primaryKey(),
    slotId: integer("slot_id")
      .notNull()
      .references(() => scheduleSlots.id, { onDelete: "cascade" }),
    lessonDate: date("lesson_date").notNull(),
    instructorId: integer("instructor_id")
      .notNull()
      .references(() => instructors.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** open, done (INSTRUCTOR_REPORT_STATUSES): whether staff have dealt with it. */
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("instructor_reports_lesson_idx").on(t.slotId, t.lessonDate, t.instructorId),
    index("instructor_reports_status_idx").on(t.status),
    check("instructor_reports_status_check", sql`${t.status} in ('open', 'done')`),
  ],
);
