import { VISIT_REQUEST_KINDS } from "@atelier/contract";
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  time,
  timestamp,
} from "drizzle-orm/pg-core";
import { productPages, scheduleSlots } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { localeEnum, users } from "./users.ts";

export const visitRequestKind = pgEnum("visit_request_kind", VISIT_REQUEST_KINDS);

export type VisitRequestChild = {
  id?: number;
  first_name: string;
  last_name: string;
  birth_date?: string | null;
};
export type VisitRequestAdult = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  relation: string;
};

export const visitRequests = pgTable(
  "visit_requests",
  {
    id: serial("id").primaryKey(),
    kind: visitRequestKind("kind").notNull(),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    children: jsonb("children").$type<VisitRequestChild[]>().notNull(),
    adults: jsonb("adults").$type<VisitRequestAdult[]>().notNull(),
    date: date("date"),
    /** The group (slot) the family chose for a trial on `date` (D329); null when they named none. */
    requestedSlotId: integer("requested_slot_id").references(() => scheduleSlots.id, {
      onDelete: "set null",
    }),
    /** new, in_progress, done (REQUEST_STATUSES, D136): where the school's answer stands. */
    status: text("status").notNull().default("new"),
    /** The sender's language: staff answers (the confirmed date) are written in it (D137). */
    locale: localeEnum("locale").notNull().default("de"),
    /** Staff's internal note; never shown to the parent. */
    note: text("note").notNull().default(""),
    /** The staff member who handles the request. */
    handlerId: integer("handler_id").references(() => users.id, { onDelete: "set null" }),
    /** When staff confirmed `date` to the parent (D137); null while the date is only the parent's wish. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The confirmed lesson (D270): its slot when staff named one, and its time as the mail named it. */
    confirmedSlotId: integer("confirmed_slot_id").references(() => scheduleSlots.id, {
      onDelete: "set null",
    }),
    confirmedStart: time("confirmed_start"),
    confirmedEnd: time("confirmed_end"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("visit_requests_page_kind_idx").on(t.productPageId, t.kind),
    index("visit_requests_user_idx").on(t.userId),
  ],
);

/**
 * What staff wrote to the family of a visit request (D272): kept with the request (erased with it), mailed
 * through the outbox in the request's language. `author_email` keeps who wrote it if the account goes.
 */
export const visitRequestMessages = pgTable(
  "visit_request_messages",
  {
    id: serial("id").primaryKey(),
    visitRequestId: integer("visit_request_id")
      .notNull()
      .references(() => visitRequests.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("visit_request_messages_request_idx").on(t.visitRequestId, t.id)],
);
