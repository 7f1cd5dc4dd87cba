import {
  date,
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
import { academyWeeks, productPages, purchaseOptions, scheduleSlots, scheduleType } from "./catalogue.ts";
import { createdAt, updatedAt } from "./common.ts";
import { users } from "./users.ts";
import { visitors } from "./visitors.ts";

export const promocodes = pgTable("promocodes", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  percentOff: integer("percent_off"),
  amountOffCents: integer("amount_off_cents"),
  validFrom: timestamp("valid_from", { withTimezone: true }),
  validUntil: timestamp("valid_until", { withTimezone: true }),
  maxUses: integer("max_uses"),
  usedCount: integer("used_count").notNull().default(0),
  createdAt: createdAt(),
});

export const giftCards = pgTable("gift_cards", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  initialCents: integer("initial_cents").notNull(),
  balanceCents: integer("balance_cents").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const orderStatus = pgEnum("order_status", [
  "cart",
  "awaiting_payment",
  "paid",
  "cancelled",
  "refunded",
  "expired",
]);

/** The current cart is an order in status `cart`; a guest cart is found by its cart_id. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    cartId: uuid("cart_id").notNull().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: orderStatus("status").notNull().default("cart"),
    promocodeId: integer("promocode_id").references(() => promocodes.id),
    giftCardId: integer("gift_card_id").references(() => giftCards.id),
    totalCheckoutCents: integer("total_checkout_cents").notNull().default(0),
    totalRecurrentCents: integer("total_recurrent_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    payerFirstName: text("payer_first_name").notNull().default(""),
    payerLastName: text("payer_last_name").notNull().default(""),
    paypalId: text("paypal_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_cart_id_idx").on(t.cartId),
    index("orders_user_status_idx").on(t.userId, t.status),
    index("orders_status_reserved_idx").on(t.status, t.reservedUntil),
  ],
);

export const orderItemStatus = pgEnum("order_item_status", ["active", "cancelled"]);
export const recurringState = pgEnum("recurring_state", ["none", "pending", "active", "cancelled"]);

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
    purchaseOptionId: integer("purchase_option_id")
      .notNull()
      .references(() => purchaseOptions.id),
    visitorId: integer("visitor_id").references(() => visitors.id, { onDelete: "set null" }),
    // A guest's local visitor id (spec §3), replaced by a real visitor at login.
    guestVisitorRef: integer("guest_visitor_ref"),
    scheduleType: scheduleType("schedule_type").notNull(),
    calculatedPriceCents: integer("calculated_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    academyNumberOfWeeks: integer("academy_number_of_weeks"),
    comment: text("comment").notNull().default(""),
    status: orderItemStatus("status").notNull().default("active"),
    recurringState: recurringState("recurring_state").notNull().default("none"),
    paypalSubscriptionId: text("paypal_subscription_id"),
    checkinCode: text("checkin_code"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_visitor_idx").on(t.visitorId),
    uniqueIndex("order_items_checkin_idx").on(t.checkinCode),
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
    raw: jsonb("raw"),
    createdAt: createdAt(),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_gateway_order_idx").on(t.gateway, t.gatewayOrderId),
    index("payments_order_idx").on(t.orderId),
  ],
);

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
