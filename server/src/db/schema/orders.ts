import {
  type AdminPaymentState,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  RECURRING_STATES,
  type StoredGiftCardDetails,
} from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  academyWeeks,
  productPages,
  productType,
  purchaseOptions,
  scheduleSlots,
  scheduleType,
} from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { giftCards } from "./gift-cards.ts";
import { localeEnum, users } from "./users.ts";
import { visitors } from "./visitors.ts";

/** Promotions; a code is unique case-insensitively and redeemed once per order (`promocode_redemptions`). */
export const promocodes = pgTable(
  "promocodes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Redemptions over all orders; null = unlimited. */
    maxUses: integer("max_uses"),
    /** Redemptions by one user; null = unlimited. */
    maxUsesPerUser: integer("max_uses_per_user"),
    /** The cart's eligible list price must reach this. */
    minTotalCents: integer("min_total_cents").notNull().default(0),
    /** The product types it applies to; empty = all. */
    productTypes: productType("product_types").array().notNull().default(sql`'{}'`),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promocodes_code_lower_idx").on(sql`lower(${t.code})`),
    check("promocodes_percent_check", sql`${t.percentOff} between 1 and 100`),
    check("promocodes_amount_check", sql`${t.amountOffCents} > 0`),
    check("promocodes_one_kind_check", sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check("promocodes_max_uses_check", sql`${t.maxUses} is null or ${t.maxUses} >= 0`),
    check("promocodes_min_total_check", sql`${t.minTotalCents} >= 0`),
  ],
);

export const orderStatus = pgEnum("order_status", ORDER_STATUSES);

/** Billing data of an order, taken from the profile at checkout. */
export type BillingDetails = {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  company_name: string;
  street: string;
  post_code: string;
  city: string;
  country: string;
};

/** Billing data with nothing filled in (a profile without an address). */
export const EMPTY_BILLING: Readonly<BillingDetails> = {
  first_name: "",
  last_name: "",
  email: "",
  phone_number: "",
  company_name: "",
  street: "",
  post_code: "",
  city: "",
  country: "",
};

/**
 * An order's payment state from its money alone (D129, D494, D502): what was received (captured at the
 * gateway, and paid by its gift card while the order is paid: a refunded order's card part went back onto
 * the card with the release that refunded it) against what was given back (refunded at the gateway, and onto
 * the card by withdrawals and staff refunds). A paid order that received nothing (a code took it all) is
 * paid: nothing was due, and its items can still be cancelled. A failed refund ("needs attention") comes
 * before this, in the back office's list. The one rule, for the list's rows, its filter and the index
 * `orders_payment_state_idx`, which PostgreSQL uses only while the query's expression is this one.
 */
export function settledPaymentState(o: {
  status: AnyPgColumn;
  giftCardCents: AnyPgColumn;
  paymentsCapturedCents: AnyPgColumn;
  paymentsRefundedCents: AnyPgColumn;
  giftCardReturnedCents: AnyPgColumn;
}): SQL<Exclude<AdminPaymentState, "needs_attention">> {
  const received = sql`(${o.paymentsCapturedCents} + (case when ${o.status} = 'paid' then ${o.giftCardCents} else 0 end))`;
  const givenBack = sql`(${o.paymentsRefundedCents} + ${o.giftCardReturnedCents})`;
  return sql`(case
  when ${received} = 0 then (case when ${o.status} in ('paid', 'refunded') then 'paid' else 'unpaid' end)
  when ${givenBack} >= ${received} then 'refunded'
  when ${givenBack} > 0 then 'partly_refunded'
  else 'paid' end)`;
}

/** The current cart is an order in status `cart`; a guest cart is found by its cart_id. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    cartId: uuid("cart_id").notNull().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: orderStatus("status").notNull().default("cart"),
    locale: localeEnum("locale").notNull().default("de"),
    promocodeId: integer("promocode_id").references(() => promocodes.id),
    giftCardId: integer("gift_card_id").references(() => giftCards.id),
    /** Sum of the items' list prices due now. */
    totalPriceCents: integer("total_price_cents").notNull().default(0),
    /** Sum of the items' discounts. */
    discountCents: integer("discount_cents").notNull().default(0),
    /** Paid from a gift card's balance at checkout. */
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    totalCheckoutCents: integer("total_checkout_cents").notNull().default(0),
    totalRecurrentCents: integer("total_recurrent_cents").notNull().default(0),
    /**
     * The order's money as its payments and returns say, kept by PostgreSQL's triggers (migration 0052,
     * D502): what the gateway captured and refunded on its payments, and what withdrawals and staff refunds
     * gave back onto its gift card. What the bank or PayPal took back for good (a lost dispute, a reversal,
     * migration 0073) counts as refunded at the gateway. The back office's payment state reads them (D129, D494) instead of
     * summing the order's payments, withdrawals and refunds for every order a filter passes.
     */
    paymentsCapturedCents: integer("payments_captured_cents").notNull().default(0),
    paymentsRefundedCents: integer("payments_refunded_cents").notNull().default(0),
    giftCardReturnedCents: integer("gift_card_returned_cents").notNull().default(0),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    billing: jsonb("billing").$type<BillingDetails>(),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    payerFirstName: text("payer_first_name").notNull().default(""),
    payerLastName: text("payer_last_name").notNull().default(""),
    paypalId: text("paypal_id"),
    /** Counts the times the order was staged for payment; part of the gateway request ids (D50). */
    paymentAttempt: integer("payment_attempt").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    stagedAt: timestamp("staged_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_cart_id_idx").on(t.cartId),
    // One cart per user; a guest cart (no user) is found only by its cart_id.
    uniqueIndex("orders_one_cart_per_user_idx").on(t.userId).where(sql`${t.status} = 'cart'`),
    uniqueIndex("orders_paypal_id_idx").on(t.paypalId),
    index("orders_user_status_idx").on(t.userId, t.status),
    index("orders_status_reserved_idx").on(t.status, t.reservedUntil),
    // The back office's order list, newest first (issue 36): a page without sorting the whole history.
    index("orders_created_idx").on(t.createdAt, t.id),
    // The back office's list filtered by payment state, newest first (D502): the index is also what gives
    // PostgreSQL the states' statistics, without which it guessed "paid" rare and sorted every order.
    index("orders_payment_state_idx").on(settledPaymentState(t), t.createdAt, t.id),
    check(
      "orders_money_check",
      sql`${t.totalPriceCents} >= 0 and ${t.discountCents} >= 0 and ${t.giftCardCents} >= 0 and ${t.totalCheckoutCents} >= 0 and ${t.totalRecurrentCents} >= 0`,
    ),
  ],
);

/** A promocode used by an order: one row per order, counted for the code's limits (no racing counter). */
export const promocodeRedemptions = pgTable(
  "promocode_redemptions",
  {
    id: serial("id").primaryKey(),
    promocodeId: integer("promocode_id")
      .notNull()
      .references(() => promocodes.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    discountCents: integer("discount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promocode_redemptions_order_idx").on(t.orderId),
    index("promocode_redemptions_code_idx").on(t.promocodeId),
    check("promocode_redemptions_discount_check", sql`${t.discountCents} >= 0`),
  ],
);

export const orderItemStatus = pgEnum("order_item_status", ORDER_ITEM_STATUSES);
export const recurringState = pgEnum("recurring_state", RECURRING_STATES);

/** One purchase option for one visitor, with a price snapshot taken when it was added. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productPageId: integer("product_page_id")
      .notNull()
      .references(() => productPages.id),
    purchaseOptionId: integer("purchase_option_id").notNull(),
    visitorId: integer("visitor_id").references(() => visitors.id),
    // A guest's local visitor id (spec §3), replaced by a real visitor at login.
    guestVisitorRef: integer("guest_visitor_ref"),
    scheduleType: scheduleType("schedule_type").notNull(),
    /** List price due now, from the catalogue when the item was added (subscription: the first month). */
    calculatedPriceCents: integer("calculated_price_cents").notNull(),
    siblingDiscountCents: integer("sibling_discount_cents").notNull().default(0),
    promocodeDiscountCents: integer("promocode_discount_cents").notNull().default(0),
    /** Monthly list price of a subscription (0 for one-off items). */
    recurrentPriceCents: integer("recurrent_price_cents").notNull().default(0),
    /** Monthly sibling discount of a subscription. */
    recurrentDiscountCents: integer("recurrent_discount_cents").notNull().default(0),
    academyNumberOfWeeks: integer("academy_number_of_weeks"),
    comment: text("comment").notNull().default(""),
    /** A gift card's recipient, message and delivery (issue 24); null for every other item. */
    giftCardDetails: jsonb("gift_card_details").$type<StoredGiftCardDetails>(),
    status: orderItemStatus("status").notNull().default("active"),
    recurringState: recurringState("recurring_state").notNull().default("none"),
    paypalSubscriptionId: text("paypal_subscription_id"),
    checkinCode: text("checkin_code"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    // A child's orders from the index alone (issue 36, D405): the order search by a child's name reads
    // thousands of a decade's items by child, and only needs their orders.
    index("order_items_visitor_order_idx").on(t.visitorId, t.orderId),
    // Seats taken (issue 36): the active items among a slot's ten years of bookings, without reading rows.
    index("order_items_active_idx").on(t.id, t.orderId).where(sql`${t.status} = 'active'`),
    uniqueIndex("order_items_checkin_idx").on(t.checkinCode),
    uniqueIndex("order_items_paypal_subscription_idx").on(t.paypalSubscriptionId),
    // The purchase option belongs to the item's product page.
    foreignKey({
      name: "order_items_option_of_page_fk",
      columns: [t.purchaseOptionId, t.productPageId],
      foreignColumns: [purchaseOptions.id, purchaseOptions.productPageId],
    }),
    // A child is booked as a saved visitor or a guest's local number, never both; only a gift card has none.
    check(
      "order_items_visitor_check",
      // A cart item may name no child yet (D94); checkout refuses to take payment for one without.
      sql`not (${t.visitorId} is not null and ${t.guestVisitorRef} is not null)`,
    ),
    check("order_items_guest_ref_check", sql`${t.guestVisitorRef} is null or ${t.guestVisitorRef} > 0`),
    check(
      "order_items_money_check",
      sql`${t.calculatedPriceCents} >= 0 and ${t.siblingDiscountCents} >= 0 and ${t.promocodeDiscountCents} >= 0 and ${t.siblingDiscountCents} + ${t.promocodeDiscountCents} <= ${t.calculatedPriceCents} and ${t.recurrentPriceCents} >= 0 and ${t.recurrentDiscountCents} between 0 and ${t.recurrentPriceCents}`,
    ),
    check(
      "order_items_weeks_check",
      sql`${t.academyNumberOfWeeks} is null or ${t.academyNumberOfWeeks} >= 0`,
    ),
  ],
);

export const orderItemSlots = pgTable(
  "order_item_slots",
  {
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    scheduleSlotId: integer("schedule_slot_id")
      .notNull()
      .references(() => scheduleSlots.id),
    /**
     * False once the booking can no longer hold this slot's seat: its item is cancelled or its order ended
     * without one (expired, declined, cancelled, refunded). Kept by PostgreSQL's triggers on every status
     * change, a revived order included (D419, migration 0045); seats are still decided by `holdsSeats`.
     */
    mayHoldSeat: boolean("may_hold_seat").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.scheduleSlotId] }),
    index("order_item_slots_slot_idx").on(t.scheduleSlotId),
    // A slot's bookings read from the index alone (seats taken, rosters; issue 36).
    index("order_item_slots_slot_item_idx").on(t.scheduleSlotId, t.orderItemId),
    // A weekly slot keeps every booking of its years; seats, rosters and lessons read only those that may
    // still hold a seat (D419).
    index("order_item_slots_may_hold_idx").on(t.scheduleSlotId, t.orderItemId).where(sql`${t.mayHoldSeat}`),
  ],
);

export const orderItemAcademyWeeks = pgTable(
  "order_item_academy_weeks",
  {
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    academyWeekId: integer("academy_week_id")
      .notNull()
      .references(() => academyWeeks.id),
    /**
     * True while the booking may hold this week's seat: its item is active and its order awaits payment or
     * is paid. A cart's links are false until its checkout, so on enrolment day a week's count reads the few
     * hundred bookings, not the thousands of carts holding it. Set by PostgreSQL's triggers on every insert
     * and status change (D438, migration 0046); seats are still decided by `holdsSeats`.
     */
    mayHoldSeat: boolean("may_hold_seat").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.academyWeekId] }),
    index("order_item_weeks_week_idx").on(t.academyWeekId),
    // A week's seats read only the links that may hold one (D438).
    index("order_item_weeks_may_hold_idx").on(t.academyWeekId, t.orderItemId).where(sql`${t.mayHoldSeat}`),
  ],
);
