import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { productPages } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { mailOutbox } from "./mail.ts";
import { orders } from "./orders.ts";
import { localeEnum, users } from "./users.ts";

/**
 * An order staff built for a parent, paid through a mailed link (D156, D157). The link's token is a
 * capability: only its SHA-256 is stored, the token itself is in the parent's mail alone.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** The staff request's id: a repeated request answers the order the first one built. */
    requestId: uuid("request_id").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The mail that carried the link: "send the payment link again" copies it (D276); null once erased. */
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_links_order_idx").on(t.orderId),
    uniqueIndex("payment_links_token_idx").on(t.tokenHash),
    uniqueIndex("payment_links_request_idx").on(t.requestId),
  ],
);

/** A birthday party asked for by a parent (D158): staff confirm one date into an order (D160). */
export const partyRequests = pgTable(
  "party_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id),
    purchaseOptionId: integer("purchase_option_id").notNull(),
    /** Up to three preferred days, `YYYY-MM-DD`. */
    dates: jsonb("dates").$type<string[]>().notNull(),
    childrenCount: integer("children_count").notNull(),
    ages: jsonb("ages").$type<number[]>().notNull(),
    comment: text("comment").notNull().default(""),
    locale: localeEnum("locale").notNull().default("de"),
    /** new, in_progress, done (REQUEST_STATUSES, D136). */
    status: text("status").notNull().default("new"),
    note: text("note").notNull().default(""),
    handlerId: integer("handler_id").references(() => users.id, { onDelete: "set null" }),
    confirmedDate: date("confirmed_date"),
    /** The order staff built on confirming; its state is the request's state for the parent (D159). */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("party_requests_user_idx").on(t.userId),
    uniqueIndex("party_requests_order_idx").on(t.orderId),
    check("party_requests_children_check", sql`${t.childrenCount} between 1 and 30`),
  ],
);
