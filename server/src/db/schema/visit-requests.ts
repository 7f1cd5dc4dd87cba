import { VISIT_REQUEST_KINDS } from "@atelier/contract";
import { date, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { productPages } from "./catalogue.ts";
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("visit_requests_page_kind_idx").on(t.productPageId, t.kind),
    index("visit_requests_user_idx").on(t.userId),
  ],
);
