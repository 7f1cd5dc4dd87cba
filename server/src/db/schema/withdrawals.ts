import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common.ts";
import { invoices } from "./invoices.ts";
import { orderItems, orders } from "./orders.ts";
import { payments, refunds } from "./payments.ts";
import { users } from "./users.ts";

/**
 * A parent's withdrawal from an item's contract (§ 355, § 356a BGB, D75). One row per item (a unique
 * index: a double click or a retry withdraws once); written with the credit note and the mail in one
 * transaction, the refund at PayPal follows outside any lock and its outcome is recorded here.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** What the item cost at checkout, after its discounts. */
    paidCents: integer("paid_cents").notNull(),
    /** What the parent gets back (D76): through the gateway, and the part a gift card paid back onto it. */
    refundCents: integer("refund_cents").notNull(),
    gatewayCents: integer("gateway_cents").notNull(),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    basis: text("basis").notNull(),
    /**
     * `withdrawal` (the statutory right, § 355 BGB) or `cancellation` (a workshop's or event's refund policy,
     * D142), fixed when recorded so that the parent's history and mails keep their wording (D179).
     */
    kind: text("kind").notNull().default("withdrawal"),
    /** pending (gateway refund to do), completed, failed (given up; staff refund by hand), none (nothing via the gateway). */
    refundState: text("refund_state").notNull(),
    paymentId: integer("payment_id").references(() => payments.id),
    refundId: integer("refund_id").references(() => refunds.id),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    /** The last refusal in the gateway's words, never a credential: shown to staff settling it (D565). */
    lastError: text("last_error"),
    /**
     * Tries started again by staff after the refund was given up (D565): each round asks the gateway with a
     * request id of its own, since PayPal and Stripe answer a repeated id with its first refusal.
     */
    refundRound: integer("refund_round").notNull().default(0),
    /**
     * A refund given up and then settled by a person (D565): `gateway` (refunded in PayPal's or Stripe's
     * dashboard) or `elsewhere` (by bank transfer or in cash: no money went back through the gateway).
     */
    settledByHand: text("settled_by_hand"),
    /** When the family was mailed that this refund did not reach it (D578): told once, whatever the rounds. */
    failureToldAt: timestamp("failure_told_at", { withTimezone: true }),
    creditNoteId: integer("credit_note_id").references(() => invoices.id),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("withdrawals_item_idx").on(t.orderItemId),
    index("withdrawals_order_idx").on(t.orderId),
    index("withdrawals_pending_idx").on(t.refundState).where(sql`${t.refundState} = 'pending'`),
    check(
      "withdrawals_money_check",
      sql`${t.paidCents} >= 0 and ${t.refundCents} >= 0 and ${t.gatewayCents} >= 0 and ${t.giftCardCents} >= 0 and ${t.gatewayCents} + ${t.giftCardCents} = ${t.refundCents}`,
    ),
    check("withdrawals_kind_check", sql`${t.kind} in ('withdrawal', 'cancellation')`),
    check("withdrawals_state_check", sql`${t.refundState} in ('pending', 'completed', 'failed', 'none')`),
    check("withdrawals_settled_check", sql`${t.settledByHand} in ('gateway', 'elsewhere')`),
  ],
);
