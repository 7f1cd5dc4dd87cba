import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./common.ts";

/**
 * This shop's installation (D90): one row with a random id, made at the first start, that goes into every
 * PayPal request id, invoice_id and custom_id, so two shops on one PayPal account (staging and production,
 * a copy of the database) never share an id and never answer each other's orders.
 */
export const installation = pgTable(
  "installation",
  {
    /** Always true: the table holds one row. */
    singleton: boolean("singleton").primaryKey().default(true),
    id: text("id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("installation_singleton_check", sql`${t.singleton}`)],
);
