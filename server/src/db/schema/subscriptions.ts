import { CANCELLATION_KINDS, CONTRACT_NUMBER_ALPHABET, CONTRACT_NUMBER_LENGTH } from "@atelier/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { productPages } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { orderItems, recurringState } from "./orders.ts";
import { paymentGateway } from "./payments.ts";
import { localeEnum, users } from "./users.ts";

/**
 * A fresh contract number (D91) drawn by the database, so every insert gets one, and adding the column
 * gave every existing row its own (PostgreSQL evaluates a volatile default per row). Each character comes
 * from the first byte of its own `gen_random_uuid()` (a strong random source; 256 is a multiple of 32,
 * so `% 32` is uniform); a DEFAULT may not hold a subquery, hence the spelled-out concatenation.
 */
function randomContractNumberSql() {
  const parts: string[] = [];
  for (let i = 0; i < CONTRACT_NUMBER_LENGTH; i++) {
    if (i > 0 && i % 4 === 0) parts.push("'-'");
    parts.push(
      `substr('${CONTRACT_NUMBER_ALPHABET}', get_byte(uuid_send(gen_random_uuid()), 0) % 32 + 1, 1)`,
    );
  }
  return sql.raw(`(${parts.join(" || ")})`);
}

/**
 * A course subscription's months (D72): one row per paid subscription item, created in the transaction
 * that records the first month's payment. `period_end` is "paid until"; the payment worker renews or ends
 * it. Autopay is a PayPal subscription (`gateway_subscription_id`, its state in `autopay`).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    /** What the parent names the contract by (invoice, mails, profile, the § 312k page): random, D91. */
    contractNumber: text("contract_number").notNull().default(randomContractNumberSql()),
    /** `running` while months are paid; `ended` once the last paid month is over (the seat is free). */
    status: text("status", { enum: ["running", "ended"] })
      .notNull()
      .default("running"),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    /** The parent cancelled: the subscription ends at this time (the end of the paid period). */
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    gatewaySubscriptionId: text("gateway_subscription_id"),
    autopay: recurringState("autopay").notNull().default("none"),
    /** The creation time of the last PayPal status event applied: an older one arriving later is ignored. */
    autopayChangedAt: timestamp("autopay_changed_at", { withTimezone: true }),
    /** The PayPal subscription still has to be cancelled at PayPal (the worker retries). */
    gatewayCancelDue: boolean("gateway_cancel_due").notNull().default(false),
    /**
     * The next month can be paid by hand (`renewal_for` = the period end it follows): the parent's link
     * carries this random token; the PayPal order behind it is made when the link is opened, and again
     * when the last one is older than PayPal keeps an unapproved order.
     */
    renewalToken: text("renewal_token"),
    renewalFor: timestamp("renewal_for", { withTimezone: true }),
    renewalOrderId: text("renewal_order_id"),
    renewalApproveUrl: text("renewal_approve_url"),
    renewalOpenedAt: timestamp("renewal_opened_at", { withTimezone: true }),
    /** A worker took the row until then (it calls PayPal without holding the row lock). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_item_idx").on(t.orderItemId),
    uniqueIndex("subscriptions_contract_number_idx").on(t.contractNumber),
    uniqueIndex("subscriptions_gateway_idx").on(t.gatewaySubscriptionId),
    uniqueIndex("subscriptions_renewal_order_idx").on(t.renewalOrderId),
    uniqueIndex("subscriptions_renewal_token_idx").on(t.renewalToken),
    index("subscriptions_status_end_idx").on(t.status, t.periodEnd),
    check("subscriptions_period_check", sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

/** Each month paid after the first, once per gateway reference (a sale of autopay or a renewal order's capture). */
export const subscriptionPayments = pgTable(
  "subscription_payments",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    gateway: paymentGateway("gateway").notNull(),
    reference: text("reference").notNull(),
    kind: text("kind", { enum: ["autopay", "renewal_order"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscription_payments_reference_idx").on(t.gateway, t.reference),
    index("subscription_payments_subscription_idx").on(t.subscriptionId),
    check("subscription_payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Money given back at the gateway for a month paid after the first (D558): once per gateway refund, the
 * amount counted at most up to the month's payment.
 */
export const subscriptionRefunds = pgTable(
  "subscription_refunds",
  {
    id: serial("id").primaryKey(),
    subscriptionPaymentId: integer("subscription_payment_id")
      .notNull()
      .references(() => subscriptionPayments.id),
    gateway: paymentGateway("gateway").notNull(),
    refundId: text("refund_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscription_refunds_refund_idx").on(t.gateway, t.refundId),
    index("subscription_refunds_payment_idx").on(t.subscriptionPaymentId),
    check("subscription_refunds_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * The lesson dates the school cancelled while a subscription ran, on a page whose rule lengthens the paid
 * period instead of giving a makeup credit (D393): each one adds a lesson to the period it falls in, now
 * or when that period comes, and stays when closures move the period again.
 */
export const subscriptionCancelledLessons = pgTable(
  "subscription_cancelled_lessons",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    lessonDate: date("lesson_date", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subscription_cancelled_lessons_idx").on(t.subscriptionId, t.lessonDate)],
);

/** PayPal catalog products and billing plans created once and reused (key: `product`, `plan-EUR-7900`). */
export const gatewayCatalog = pgTable(
  "gateway_catalog",
  {
    gateway: paymentGateway("gateway").notNull(),
    key: text("key").notNull(),
    gatewayId: text("gateway_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("gateway_catalog_key_idx").on(t.gateway, t.key)],
);

export const cancellationKind = pgEnum("cancellation_kind", CANCELLATION_KINDS);

/**
 * Every cancellation declared through "Verträge hier kündigen" (§ 312k BGB, D73), kept as received even
 * when it names no contract we could find (staff follow it up); `order_item_id` is the contract it ended.
 */
export const contractCancellations = pgTable(
  "contract_cancellations",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    contractRef: text("contract_ref").notNull(),
    kind: cancellationKind("kind").notNull(),
    reason: text("reason").notNull().default(""),
    /** What the parent asked for: the next possible date, or a date (ISO). */
    requestedEnd: text("requested_end").notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }),
    locale: localeEnum("locale").notNull().default("de"),
    createdAt: createdAt(),
  },
  (t) => [index("contract_cancellations_item_idx").on(t.orderItemId)],
);

/**
 * Holidays (D74): days a course does not run, set by the school (`product_page_id` null: every course).
 * A subscription is `frozen` during them and they are not billed: a paid month that meets a pause lasts
 * that much longer.
 */
export const subscriptionPauses = pgTable(
  "subscription_pauses",
  {
    id: serial("id").primaryKey(),
    productPageId: integer("product_page_id").references(() => productPages.id, { onDelete: "cascade" }),
    startsOn: date("starts_on").notNull(),
    /** The last day of the pause (inclusive). */
    endsOn: date("ends_on").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscription_pauses_page_idx").on(t.productPageId, t.endsOn),
    check("subscription_pauses_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
