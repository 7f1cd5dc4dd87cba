import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./common.ts";
import { invoices } from "./invoices.ts";
import { orderItems, orders } from "./orders.ts";
import { payments, refunds } from "./payments.ts";
import { users } from "./users.ts";

/**
 * A refund staff give from the back office (D127): one item, in full or in part, with a reason, and the
 * item cancelled or kept. One row per staff request id (a double click or a retry refunds once); the credit
 * note and the parent's mail are written with it, the gateway refund follows outside any lock (as a
 * withdrawal's, D75) and is tried at most `REFUND_ATTEMPTS` times (D90), then left for a person.
 */
export const staffRefunds = pgTable(
  "staff_refunds",
  {
    id: serial("id").primaryKey(),
    requestId: uuid("request_id").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id),
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** What goes back through the order's gateway (0: the item is only cancelled, or all went to the card). */
    amountCents: integer("amount_cents").notNull(),
    /**
     * What goes back onto the gift card that paid part of the order (D494), booked with the row. The whole
     * refund is both; `amount_cents` stays the gateway's part, so an instance of the version before reads it
     * as it always did during a rolling restart.
     */
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    cancelItem: boolean("cancel_item").notNull(),
    /** pending (gateway refund to do), completed, failed (given up; a person refunds by hand), none. */
    refundState: text("refund_state").notNull(),
    paymentId: integer("payment_id").references(() => payments.id),
    refundId: integer("refund_id").references(() => refunds.id),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    /** Tries started again by staff after the refund was given up (D565), each with a request id of its own. */
    refundRound: integer("refund_round").notNull().default(0),
    /**
     * A refund given up and then settled by a person (D565): `gateway` (refunded in PayPal's or Stripe's
     * dashboard) or `elsewhere` (by bank transfer or in cash: no money went back through the gateway).
     */
    settledByHand: text("settled_by_hand"),
    /** When the family was mailed that this refund did not reach it (D578): told once, whatever the rounds. */
    failureToldAt: timestamp("failure_told_at", { withTimezone: true }),
    /** The last refusal in the gateway's words, never a credential. */
    lastError: text("last_error"),
    creditNoteId: integer("credit_note_id").references(() => invoices.id),
    /**
     * Booked for money the gateway already gave back (D562): staff refunded in PayPal's or Stripe's
     * dashboard, and this row carries it to an item, with its credit note; no call goes to the gateway.
     */
    bookedAtGateway: boolean("booked_at_gateway").notNull().default(false),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_refunds_request_idx").on(t.requestId),
    index("staff_refunds_order_idx").on(t.orderId),
    index("staff_refunds_item_idx").on(t.orderItemId),
    index("staff_refunds_pending_idx").on(t.refundState).where(sql`${t.refundState} = 'pending'`),
    check(
      "staff_refunds_money_check",
      sql`${t.amountCents} >= 0 and ${t.giftCardCents} >= 0 and (${t.amountCents} + ${t.giftCardCents} > 0 or ${t.cancelItem})`,
    ),
    check("staff_refunds_state_check", sql`${t.refundState} in ('pending', 'completed', 'failed', 'none')`),
    check("staff_refunds_settled_check", sql`${t.settledByHand} in ('gateway', 'elsewhere')`),
  ],
);
