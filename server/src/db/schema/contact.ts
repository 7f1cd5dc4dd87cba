import { CONTACT_REQUEST_KINDS } from "@atelier/contract";
import { date, integer, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./common.ts";
import { localeEnum, users } from "./users.ts";

export const contactRequestKind = pgEnum("contact_request_kind", CONTACT_REQUEST_KINDS);

export const contactRequests = pgTable("contact_requests", {
  id: serial("id").primaryKey(),
  kind: contactRequestKind("kind").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  comment: text("comment").notNull().default(""),
  message: text("message").notNull().default(""),
  position: text("position").notNull().default(""),
  appointmentDate: date("appointment_date"),
  locale: localeEnum("locale").notNull().default("de"),
  /** new, in_progress, done (REQUEST_STATUSES, D136), with staff's internal note and who handles it. */
  status: text("status").notNull().default("new"),
  note: text("note").notNull().default(""),
  handlerId: integer("handler_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
