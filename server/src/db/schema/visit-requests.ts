import { VISIT_REQUEST_KINDS } from "@atelier/contract";
import { date, index, integer, jsonb, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { productPages } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { users } from "./users.ts";

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
    status: text("status").notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("visit_requests_page_kind_idx").on(t.productPageId, t.kind)],
);
