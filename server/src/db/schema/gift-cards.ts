import { GIFT_CARD_LEDGER_KINDS } from "@atelier/contract";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./common.ts";
import { localeEnum, users } from "./users.ts";

export const giftCards = pgTable(
  "gift_cards",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    initialCents: integer("initial_cents").notNull(),
    /** The ledger's sum, kept beside it and changed only under the card's row lock with a ledger row. */
    balanceCents: integer("balance_cents").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The order item that bought it (null for cards the school issues by hand). */
    orderItemId: integer("order_item_id"),
    buyerUserId: integer("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    locale: localeEnum("locale").notNull().default("de"),
    /** Who the card is for and the buyer's message, printed on its PDF (issue 24); null: not named. */
    recipientName: text("recipient_name"),
    message: text("message").notNull().default(""),
    /** Who issued a card by hand (D125), and why (e.g. a goodwill gesture); empty for cards bought. */
    issuedByUserId: integer("issued_by_user_id").references(() => users.id, { onDelete: "set null" }),
    issueReason: text("issue_reason").notNull().default(""),
    /** Set when staff deactivate the card: it pays nothing more; its balance stays as it was. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_lower_idx").on(sql`lower(${t.code})`),
    uniqueIndex("gift_cards_order_item_idx").on(t.orderItemId),
    index("gift_cards_buyer_idx").on(t.buyerUserId),
    check("gift_cards_initial_check", sql`${t.initialCents} > 0`),
    check("gift_cards_balance_check", sql`${t.balanceCents} between 0 and ${t.initialCents}`),
  ],
);

export const giftCardLedgerKind = pgEnum("gift_card_ledger_kind", GIFT_CARD_LEDGER_KINDS);

/**
 * Every change of a gift card's balance: issued (+), spent by an order's checkout (−), given back when
 * that checkout did not end in a payment or was refunded (+). One row per card, order, staging and kind.
 * A withdrawal (D75) books kind `withdrawal` with the withdrawal's id as `attempt`: the withdrawn card's
 * balance voided (−), or the part of a withdrawn item a card had paid put back on it (+).
 */
export const giftCardLedger = pgTable(
  "gift_card_ledger",
  {
    id: serial("id").primaryKey(),
    giftCardId: integer("gift_card_id")
      .notNull()
      .references(() => giftCards.id),
    orderId: integer("order_id"),
    /** The order's payment attempt the row belongs to (0 for an issue). */
    attempt: integer("attempt").notNull().default(0),
    kind: giftCardLedgerKind("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gift_card_ledger_once_idx").on(t.giftCardId, t.orderId, t.attempt, t.kind),
    index("gift_card_ledger_order_idx").on(t.orderId),
    check("gift_card_ledger_amount_check", sql`${t.amountCents} <> 0`),
  ],
);
