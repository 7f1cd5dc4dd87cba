import { AUDIT_ACTIONS } from "@atelier/contract";
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const auditAction = pgEnum("audit_action", AUDIT_ACTIONS);

/**
 * Every staff write of the back office (D98), written in the same transaction as the change: who, when,
 * which record, and its values before and after. The e-mail is kept beside the user id so the entry still
 * says who it was once the account is gone.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    resource: text("resource").notNull(),
    recordId: integer("record_id").notNull(),
    action: auditAction("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_record_idx").on(t.resource, t.recordId, t.at),
    index("audit_log_user_idx").on(t.userId, t.at),
    // The log newest first (issue 36).
    index("audit_log_at_idx").on(t.at, t.id),
  ],
);
