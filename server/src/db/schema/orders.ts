import { ORDER_ITEM_STATUSES, ORDER_STATUSES, RECURRING_STATES } from "@atelier/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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

export const giftCardLedgerKind = pgEnum("gift_card_ledger_kind", [
  "issue",
  "redeem",
  "release",
  "withdrawal",
]);

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
    index("order_items_visitor_idx").on(t.visitorId),
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
      sql`not (${t.visitorId} is not null and ${t.guestVisitorRef} is not null) and (${t.scheduleType} = 'GiftCard' or ${t.visitorId} is not null or ${t.guestVisitorRef} is not null)`,
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
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.scheduleSlotId] }),
    index("order_item_slots_slot_idx").on(t.scheduleSlotId),
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
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.academyWeekId] }),
    index("order_item_weeks_week_idx").on(t.academyWeekId),
  ],
);

export const paymentGateway = pgEnum("payment_gateway", ["paypal", "demo"]);
export const paymentStatus = pgEnum("payment_status", [
  "created",
  "approved",
  "captured",
  "failed",
  "refunded",
]);

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
    currency: text("currency").notNull().default("EUR"),
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
  },
  (t) => [uniqueIndex("payment_events_event_idx").on(t.gateway, t.eventId)],
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
  },
  (t) => [
    uniqueIndex("refunds_gateway_refund_idx").on(t.gatewayRefundId),
    index("refunds_payment_idx").on(t.paymentId),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
  ],
);

export const invoiceKind = pgEnum("invoice_kind", ["invoice", "credit_note"]);

/** A line of an invoice as issued (snapshot; the catalogue may change later). */
export type InvoiceLine = {
  name: string;
  productType: string;
  visitorName: string | null;
  /** Dates, weekdays or weeks booked, in the order's locale. */
  when: string;
  place: string | null;
  /** A course subscription's contract number (D91); absent on other lines and older invoices. */
  contractNumber?: string | null;
  listCents: number;
  discountCents: number;
  totalCents: number;
  vatExempt: boolean;
};

/** What an invoice shows, frozen when it is issued (§ 14(4) UStG). */
export type InvoiceData = {
  locale: "de" | "ru";
  buyer: BillingDetails;
  lines: InvoiceLine[];
  totalCents: number;
  /** Paid from a gift card, deducted from the total due. */
  giftCardCents: number;
  /** The service period (§ 14(4) Nr. 6 UStG): first and last day booked, ISO dates. */
  serviceFrom: string | null;
  serviceTo: string | null;
  paymentReference: string | null;
  /** For a credit note: the number of the invoice it corrects. */
  corrects?: string;
  /**
   * The school as it was when the invoice was issued (name, address, tax id, VAT note): an invoice never
   * changes when the settings do. Invoices issued before this field render with the current settings.
   */
  seller?: {
    legalName: string;
    address: string;
    taxId: string;
    email: string;
    vatNote: { de: string; ru: string };
  };
};

/** Invoices and credit notes; numbers are consecutive without gaps (`invoice_counters`, D52). */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    kind: invoiceKind("kind").notNull().default("invoice"),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    totalCents: integer("total_cents").notNull(),
    data: jsonb("data").$type<InvoiceData>().notNull(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    uniqueIndex("invoices_one_per_order_idx").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
  ],
);

/** The last number issued per series (year); taken under a row lock, so numbers have no gaps. */
export const invoiceCounters = pgTable("invoice_counters", {
  series: text("series").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

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

export const visitRequestKind = pgEnum("visit_request_kind", ["trial", "out", "waiting"]);

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
