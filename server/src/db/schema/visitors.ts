import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./common.ts";
import { users } from "./users.ts";

/** An attendee, usually a child, belonging to one user. */
export const visitors = pgTable(
  "visitors",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthDate: date("birth_date").notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** "first last" and "last first", lowercased once when the row is written (D418), as the parents' own. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || chr(10) || last_name || ' ' || first_name)`,
      ),
  },
  (t) => [index("visitors_user_idx").on(t.userId)],
);
