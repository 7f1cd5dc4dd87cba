import {
  CURRENCY,
  PAYMENT_DISPUTE_KINDS,
  PAYMENT_DISPUTE_STATES,
  PAYMENT_STATUSES,
  RECORDED_PAYMENT_GATEWAYS,
} from "@atelier/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./common.ts";
import { orders } from "./orders.ts";

export const paymentGateway = pgEnum("payment_gateway", RECORDED_PAYMENT_GATEWAYS);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);

/** One gateway order per staging of an order; a capture is recorded here once (unique capture id). */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    gateway: paymentGateway("gateway").notNull(),
    gatewayOrderId: text("gateway_order_id").notNull(),
    status: paymentStatus("status").notNull().default("created"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default(CURRENCY),
    captureId: text("capture_id"),
    /** Counts refused captures (the buyer chose another funding source), part of the capture's request id. */
    captureAttempt: integer("capture_attempt").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Captured for an order that could not keep its seats: the worker refunds it (D51). */
    refundDue: boolean("refund_due").notNull().default(false),
    raw: jsonb("raw"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_gateway_order_idx").on(t.gateway, t.gatewayOrderId),
    uniqueIndex("payments_capture_idx").on(t.gateway, t.captureId),
    index("payments_order_idx").on(t.orderId),
    // The dashboard's sales of a day and a month (issue 36).
    index("payments_captured_idx").on(t.capturedAt),
    index("payments_refund_due_idx").on(t.refundDue).where(sql`${t.refundDue}`),
    check(
      "payments_money_check",
      sql`${t.amountCents} >= 0 and ${t.refundedCents} between 0 and ${t.amountCents}`,
    ),
  ],
);

/** Every webhook event received, once per gateway event id (PayPal repeats a delivery up to 25 times). */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    gateway: paymentGateway("gateway").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    resourceId: text("resource_id"),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /**
     * Signed by the gateway but about nothing this shop knows (another integration's subscription, a
     * session we never opened), or still unmatched after the wait for its cause (D201): acknowledged, and
     * shown to staff on the dashboard.
     */
    unmatched: boolean("unmatched").notNull().default(false),
  },
  (t) => [
    uniqueIndex("payment_events_event_idx").on(t.gateway, t.eventId),
    index("payment_events_unmatched_idx").on(t.receivedAt).where(sql`${t.unmatched}`),
    // PayPal's refunds kept for a capture not known when they came, and those shown to staff (D90, D557):
    // every capture asks for its own among them.
    index("payment_events_kept_refunds_idx")
      .on(t.id)
      .where(
        sql`${t.gateway} = 'paypal' and ${t.eventType} = 'PAYMENT.CAPTURE.REFUNDED' and (${t.processedAt} is null or ${t.unmatched})`,
      ),
  ],
);

export const paymentDisputeState = pgEnum("payment_dispute_state", PAYMENT_DISPUTE_STATES);
export const paymentDisputeKind = pgEnum("payment_dispute_kind", PAYMENT_DISPUTE_KINDS);

/**
 * A captured payment the bank or PayPal took back or may take back: a Stripe dispute, a PayPal dispute, or
 * a PayPal capture reversed. One row per gateway case (its id is unique), however often and in whatever
 * order its events come. An open case, and a lost one staff have not marked handled, make the order need
 * attention; `taken_cents` is what was taken back for good, which the order no longer counts received.
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    gateway: paymentGateway("gateway").notNull(),
    /** Stripe's dispute id (`du_…`), PayPal's dispute id (`PP-D-…`) or the reversal's id. */
    disputeId: text("dispute_id").notNull(),
    kind: paymentDisputeKind("kind").notNull(),
    state: paymentDisputeState("state").notNull(),
    amountCents: integer("amount_cents").notNull(),
    takenCents: integer("taken_cents").notNull().default(0),
    /** The gateway's reason code, as sent. */
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Staff decided what becomes of a lost case's booking (audited). */
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_disputes_gateway_dispute_idx").on(t.gateway, t.disputeId),
    index("payment_disputes_payment_idx").on(t.paymentId),
    // The few cases that need a person: every order list's "needs attention" reads them.
    index("payment_disputes_attention_idx")
      .on(t.paymentId)
      .where(sql`${t.state} = 'open' or (${t.state} = 'lost' and ${t.handledAt} is null)`),
    check(
      "payment_disputes_money_check",
      sql`${t.amountCents} >= 0 and ${t.takenCents} between 0 and ${t.amountCents}`,
    ),
  ],
);

/** Money sent back through the gateway; the request id makes a retried refund count once. */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    gatewayRefundId: text("gateway_refund_id"),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    createdAt: createdAt(),
    /** When a pending PayPal refund was last asked about at PayPal (D570); null: not yet. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refunds_gateway_refund_idx").on(t.gatewayRefundId),
    index("refunds_payment_idx").on(t.paymentId),
    // The few refunds still pending, in the order they are asked about again (D570), and those recorded
    // `CANCELED` before D569, asked about once more (D575).
    index("refunds_pending_idx").on(t.checkedAt).where(sql`${t.status} in ('PENDING', 'CANCELED')`),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/** The offline demo gateway's orders (no PayPal account configured, D49). */
export const demoPayments = pgTable("demo_payments", {
  id: text("id").primaryKey(),
  requestId: text("request_id").notNull().unique(),
  status: text("status").notNull().default("CREATED"),
  amountCents: integer("amount_cents").notNull(),
  request: jsonb("request").notNull(),
  captureId: text("capture_id"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  createdAt: createdAt(),
});
