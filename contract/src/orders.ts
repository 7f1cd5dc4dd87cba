import { z } from "zod";
import {
  DecimalPriceSchema,
  HouseSchema,
  type ProductType,
  ProductTypeSchema,
  type ScheduleType,
  ScheduleTypeSchema,
  slotWeekdayName,
  WeekdayNameSchema,
  weekdayNameOf,
} from "./catalogue.ts";
import { GiftCardDetailsReplySchema, GiftCardDetailsSchema } from "./gift-card-order.ts";
import { BirthDateSchema } from "./rules/birth-date.ts";
import { LocaleQuerySchema } from "./rules/locale.ts";
import { NameSchema } from "./rules/name.ts";
import { MAX_ID, PathIdSchema } from "./rules/path-id.ts";

/**
 * Cart and orders (`/api/v2/orders/…`) in the shapes the school's existing client sends and reads
 * (../shared/api-shapes.md). Money: every amount comes as the Django decimal string the client reads
 * (`"79.00"`) and as integer cents in a field whose name ends in `_cents`.
 */

// ---------- States (one list each; the database enums are made from these) ----------

export const ORDER_STATUSES = [
  "cart",
  "awaiting_payment",
  "paid",
  "declined",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The words the existing client reads for an order's `status`. */
export const API_ORDER_STATUSES = [
  "in_cart",
  "payment_staged",
  "payment_fulfilled",
  "payment_declined",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type ApiOrderStatus = (typeof API_ORDER_STATUSES)[number];

const API_STATUS_BY_ORDER_STATUS: Record<OrderStatus, ApiOrderStatus> = {
  cart: "in_cart",
  awaiting_payment: "payment_staged",
  paid: "payment_fulfilled",
  declined: "payment_declined",
  expired: "expired",
  cancelled: "cancelled",
  refunded: "refunded",
};
export const apiOrderStatus = (status: OrderStatus): ApiOrderStatus => API_STATUS_BY_ORDER_STATUS[status];

export const ORDER_ITEM_STATUSES = ["active", "frozen", "cancelled"] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

export const RECURRING_STATES = ["none", "pending", "active", "suspended", "cancelled"] as const;
export type RecurringState = (typeof RECURRING_STATES)[number];

// ---------- Booking rules per purchase option ----------

/**
 * What an order item of a schedule type must carry. `slots`: which schedule slots are chosen and how
 * many (`perWeek` = the option's meetings a week); `weeks`: academy weeks (one or more);
 * `visitor`: whether a child is booked (a gift card is bought for someone outside the family).
 */
export type BookingRule = {
  slots: { kind: "weekly"; count: "perWeek" | 1 } | { kind: "dated"; count: 1 } | { kind: "none" };
  weeks: boolean;
  visitor: boolean;
  recurring: boolean;
};

const COURSE: BookingRule = {
  slots: { kind: "weekly", count: "perWeek" },
  weeks: false,
  visitor: true,
  recurring: true,
};
const ACADEMY: BookingRule = { slots: { kind: "none" }, weeks: true, visitor: true, recurring: false };
const PLAIN: BookingRule = { slots: { kind: "none" }, weeks: false, visitor: true, recurring: false };

export const BOOKING_RULES: Record<ScheduleType, BookingRule> = {
  "Course (1 / week)": COURSE,
  "Course (2 / week)": COURSE,
  "Course (3 / week)": COURSE,
  // A meeting card is used in one group: the child's weekly time.
  TERMINKARTEN: { slots: { kind: "weekly", count: 1 }, weeks: false, visitor: true, recurring: false },
  "Academy (1st half)": ACADEMY,
  "Academy (2nd half)": ACADEMY,
  "Academy (full day)": ACADEMY,
  Ticket: { slots: { kind: "dated", count: 1 }, weeks: false, visitor: true, recurring: false },
  BirthdayPackage: PLAIN,
  GiftCard: { slots: { kind: "none" }, weeks: false, visitor: false, recurring: false },
  Offer: PLAIN,
};

/**
 * The options each kind of offer sells (D587), as its page's times and the shop's booking of it fit: a course
 * weekly lessons (a subscription or a meeting card), an academy its weeks, a workshop or an event its dated
 * sessions (tickets), a party its package (asked for, D180), a gift card its amounts. A fixed-price offer
 * (no times to choose) fits every kind but the gift card. A workshop never sells a subscription.
 */
export const SCHEDULE_TYPES_OF_PRODUCT: Record<ProductType, readonly ScheduleType[]> = {
  Course: ["Course (1 / week)", "Course (2 / week)", "Course (3 / week)", "TERMINKARTEN", "Offer"],
  Academy: ["Academy (1st half)", "Academy (2nd half)", "Academy (full day)", "Offer"],
  Workshop: ["Ticket", "Offer"],
  Event: ["Ticket", "Offer"],
  BirthdayParty: ["BirthdayPackage", "Offer"],
  GiftCard: ["GiftCard"],
  SchoolOffer: ["Offer"],
  SpecialOffer: ["Offer"],
};

/**
 * The times an offer of this kind is booked by, from the options it sells (D623): a course's weekly times,
 * a workshop's or event's dated sessions. Null for the others: they are booked by weeks, by request or at
 * a fixed price, and a special offer's dates only tell when it takes place.
 */
export function slotKindOfProduct(productType: ProductType): "weekly" | "dated" | null {
  const kinds = SCHEDULE_TYPES_OF_PRODUCT[productType].map((type) => BOOKING_RULES[type].slots.kind);
  const kind = kinds.find((found) => found !== "none");
  return kind === "weekly" || kind === "dated" ? kind : null;
}

/** The field and code that refuse a time the shop could not book on an offer of that kind (D623). */
export function slotMismatch(
  productType: ProductType,
  slot: { weekday: number | null; date: string | null },
): { field: "weekday" | "date"; code: "slot_weekly_only" | "slot_dated_only" } | null {
  const kind = slotKindOfProduct(productType);
  if (kind === "weekly" && slot.weekday === null) return { field: "weekday", code: "slot_weekly_only" };
  if (kind === "dated" && slot.date === null) return { field: "date", code: "slot_dated_only" };
  return null;
}

/** Why an option of this kind cannot be added to an offer of that kind, or null when it fits (D587). */
export function optionMismatch(
  productType: ProductType,
  option: { scheduleType: ScheduleType; isRecurring: boolean },
): "schedule_type_not_for_offer" | "recurring_not_for_type" | null {
  if (!SCHEDULE_TYPES_OF_PRODUCT[productType].includes(option.scheduleType))
    return "schedule_type_not_for_offer";
  if (option.isRecurring && !BOOKING_RULES[option.scheduleType].recurring) return "recurring_not_for_type";
  return null;
}

/**
 * Whether an item of this option must name its child before it is paid for (D94). An item may be added
 * without one (`visitor: null`: a guest, or the existing client's forms without a child picker); the
 * child's age and seat rules apply once a child is named. Only a gift card never names one.
 */
export const childRequiredAtCheckout = (scheduleType: ScheduleType): boolean =>
  BOOKING_RULES[scheduleType].visitor;

/** The number of schedule slots an item of this option must choose, or 0 when it chooses none. */
export function requiredSlotCount(
  scheduleType: ScheduleType,
  meetingsPerWeek: number | null,
  pageHasSlots: boolean,
): number {
  const rule = BOOKING_RULES[scheduleType].slots;
  if (rule.kind === "none" || !pageHasSlots) return 0;
  return rule.count === "perWeek" ? (meetingsPerWeek ?? 1) : 1;
}

/**
 * The list price of one item from the catalogue: due now at checkout, and monthly for a subscription.
 * A course subscription's first month is paid at checkout in full (D25); an academy costs the day
 * part's price per week.
 */
export function itemListPrice(
  option: { scheduleType: ScheduleType; basePriceCents: number },
  academyWeeks: number,
): { dueNowCents: number; recurrentCents: number } {
  const rule = BOOKING_RULES[option.scheduleType];
  const dueNowCents = rule.weeks ? option.basePriceCents * academyWeeks : option.basePriceCents;
  return { dueNowCents, recurrentCents: rule.recurring ? option.basePriceCents : 0 };
}

// ---------- Requests ----------

/** A primary key as the client sends it: a number, or a string of digits as Django REST accepts it. */
export const IdSchema = z
  .union(
    [
      z.number({ error: "invalid" }),
      z
        .string()
        .regex(/^\d{1,10}$/, { error: "invalid" })
        .transform(Number),
    ],
    // A field left out is "required", as Django REST says it; anything else sent is "invalid".
    { error: (issue) => (issue.input === undefined ? "required" : "invalid") },
  )
  .pipe(z.number().int({ error: "invalid" }).min(1, { error: "invalid" }).max(MAX_ID, { error: "invalid" }));

export const ORDER_ITEM_COMMENT_MAX_LENGTH = 500;
/** Items in one cart: a family's bookings fit many times over; more is a runaway client. */
export const CART_MAX_ITEMS = 50;
export const ORDER_ITEM_MAX_SLOTS = 7;
export const ORDER_ITEM_MAX_WEEKS = 26;
export const PROMOCODE_MAX_LENGTH = 64;

const IdListSchema = (max: number) =>
  z
    .array(IdSchema, { error: "invalid_type" })
    .max(max, { error: "too_long" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "duplicate_choice" });

const SlotIdsSchema = /* @__PURE__ */ IdListSchema(ORDER_ITEM_MAX_SLOTS);
const WeekIdsSchema = /* @__PURE__ */ IdListSchema(ORDER_ITEM_MAX_WEEKS);
const NumberOfWeeksSchema = z
  .number({ error: "invalid" })
  .int({ error: "invalid" })
  .min(0)
  .max(ORDER_ITEM_MAX_WEEKS)
  .nullish();
const CommentSchema = z
  .string({ error: "invalid_type" })
  .trim()
  .max(ORDER_ITEM_COMMENT_MAX_LENGTH, { error: "too_long" });

/** `POST /api/v2/orders/items/`: a guest sends its local visitor id as `visitor`. */
export const OrderItemInputSchema = z.object({
  /**
   * The existing client sends the product beside the page, as its route parameter: the page's id or slug.
   * Both name the product page.
   */
  product: z
    .union([IdSchema, z.string({ error: "invalid" }).trim().min(1, { error: "invalid" }).max(200)], {
      error: "invalid",
    })
    .nullish(),
  product_page: IdSchema,
  purchase_option: IdSchema,
  visitor: IdSchema.nullish(),
  /**
   * A guest's local child has no saved birth date: the guest client sends it, and the first name, with the
   * booking, so that the age rule refuses at add, naming the child (D141). Ignored for a saved child.
   */
  visitor_birth_date: BirthDateSchema.nullish(),
  visitor_first_name: NameSchema.nullish(),
  schedule_slots: SlotIdsSchema.optional().default([]),
  academy_weeks: WeekIdsSchema.optional().default([]),
  academy_number_of_weeks: NumberOfWeeksSchema,
  comment: CommentSchema.nullish().transform((value) => value ?? ""),
  /** A gift card's value, recipient, message and delivery (issue 24); only beside a gift card's option. */
  gift_card: GiftCardDetailsSchema.nullish(),
});
export type OrderItemInput = z.input<typeof OrderItemInputSchema>;
export type OrderItemRequest = z.output<typeof OrderItemInputSchema>;

/** `PATCH /api/v2/orders/items/{id}/`: the parts of an item a parent may change. */
export const OrderItemPatchSchema = z.object({
  visitor: IdSchema.nullish(),
  schedule_slots: SlotIdsSchema.optional(),
  academy_weeks: WeekIdsSchema.optional(),
  academy_number_of_weeks: NumberOfWeeksSchema,
  comment: CommentSchema.optional(),
});
export type OrderItemPatch = z.output<typeof OrderItemPatchSchema>;

/** `PUT /api/v2/orders/current/set_promocode/`: an empty code removes the code from the cart. */
export const SetPromocodeSchema = z.object({
  promocode: z
    .string({ error: "invalid_type" })
    .trim()
    .max(PROMOCODE_MAX_LENGTH, { error: "too_long" })
    .nullish()
    .transform((value) => value ?? ""),
});
export type SetPromocode = z.output<typeof SetPromocodeSchema>;

/** `?cart_id=` names a guest cart; a signed-in user's cart is theirs, and a guest cart named beside it is merged in. */
export const CartQuerySchema = /* @__PURE__ */ LocaleQuerySchema.extend({
  cart_id: z.uuid({ error: "invalid" }).optional(),
});
export type CartQuery = z.infer<typeof CartQuerySchema>;

export const DeleteCourseParamsSchema = z.object({
  courseId: PathIdSchema,
  itemId: PathIdSchema,
});

// ---------- Replies ----------

export const OrderItemSlotSchema = z.object({
  id: z.number().int(),
  weekday: z.number().int().nullable(),
  date: z.string().nullable(),
  start: z.string(),
  end: z.string(),
});
/**
 * A chosen slot as the existing client reads it in `schedule_slots` (api-shapes Part 2 §2): `weekday` is the
 * English day name (`Monday`) it compares, a dated session's that of its date (issue 31 item 2). Our web reads
 * `schedule_slot_details`.
 */
export const ClientSlotSchema = z.object({
  id: z.number().int(),
  weekday: WeekdayNameSchema.nullable(),
  date: z.string().nullable(),
  start: z.string(),
  end: z.string(),
});
export type ClientSlot = z.infer<typeof ClientSlotSchema>;
export const clientSlot = (slot: z.infer<typeof OrderItemSlotSchema>): ClientSlot => ({
  ...slot,
  weekday: slotWeekdayName(slot),
});

/**
 * The hours of an academy's day parts (D224): the school's holiday programme runs 9–17, a half day 9–13
 * or 13–17 (as its pages say). The existing client prints every row's `schedule_slots` (weekday,
 * start–end), also an academy's, which books weeks rather than slots.
 */
export const ACADEMY_DAY_HOURS: Partial<Record<ScheduleType, { start: string; end: string }>> = {
  "Academy (1st half)": { start: "09:00:00", end: "13:00:00" },
  "Academy (2nd half)": { start: "13:00:00", end: "17:00:00" },
  "Academy (full day)": { start: "09:00:00", end: "17:00:00" },
};

const DAY_MS = 86_400_000;

/**
 * An academy item's days as slots for the existing client (issue 31 items 12 and 17, D224): one per
 * weekday of the booked weeks (Monday first; an Easter week of four days has four), each with the day
 * part's hours and `date: null`. The ids are negative (−1 Monday … −7 Sunday): no schedule slot has them,
 * and they are unique in the list. Empty for anything but an academy's day part.
 */
export function academyClientSlots(
  scheduleType: ScheduleType,
  weeks: readonly { starts_on: string; ends_on: string }[],
): ClientSlot[] {
  const hours = ACADEMY_DAY_HOURS[scheduleType];
  if (!hours) return [];
  const weekdays = new Set<number>();
  for (const week of weeks) {
    const from = Date.parse(`${week.starts_on}T12:00:00Z`);
    const to = Date.parse(`${week.ends_on}T12:00:00Z`);
    // A week is at most seven days; a longer range still names each weekday once.
    for (let day = from; day <= to && weekdays.size < 7; day += DAY_MS)
      weekdays.add((new Date(day).getUTCDay() + 6) % 7);
  }
  return [...weekdays]
    .sort((a, b) => a - b)
    .map((weekday) => ({
      id: -(weekday + 1),
      weekday: weekdayNameOf(weekday),
      date: null,
      start: hours.start,
      end: hours.end,
    }));
}

/**
 * The child of an item as the existing client reads it (`visitor.id`). A guest's local child carries the
 * guest's own number as `id` and no names (the server does not know them), so the client can move the item
 * to the saved child after sign-in (`PATCH {visitor}`); `guest_visitor` tells the two apart.
 */
export const OrderItemVisitorSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string().nullable(),
});
export type OrderItemVisitor = z.infer<typeof OrderItemVisitorSchema>;

export const OrderItemWeekSchema = z.object({
  id: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
});

/**
 * What a line buys, said before paying (issue 24 item 3, D153). The server computes it with the contract's
 * billing period (rules/billing-period.ts) as if paid today; the cart, the checkout and the buy page render
 * it. `first_lesson`: the first lesson, date or academy week (null when the offer has no date, e.g. a gift
 * card); `period`: the days the first payment covers (subscriptions, both ends included); `next_payment`:
 * when and how much the second payment is (subscriptions).
 */
export const PurchaseTermsSchema = z.object({
  house: HouseSchema.nullable(),
  first_lesson: z.string().nullable(),
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  next_payment: z
    .object({ on: z.string(), amount: DecimalPriceSchema, amount_cents: z.number().int() })
    .nullable(),
});
export type PurchaseTerms = z.infer<typeof PurchaseTermsSchema>;

/** "3,7" → [3, 7]: ids in a query string, as the buy page sends its chosen slots or weeks. */
const IdListQuerySchema = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: "invalid" })
    .transform((value): (string | number)[] => value.split(","))
    .pipe(IdListSchema(max))
    .optional();

/**
 * `GET /api/v2/orders/terms/` (D154): what a booking of this page, option and choice would buy if paid
 * today, for the buy page before adding to the cart; the same `terms` the cart line then carries.
 */
export const PurchaseTermsQuerySchema = /* @__PURE__ */ LocaleQuerySchema.extend({
  product_page: IdSchema,
  purchase_option: IdSchema,
  schedule_slots: IdListQuerySchema(ORDER_ITEM_MAX_SLOTS),
  academy_weeks: IdListQuerySchema(ORDER_ITEM_MAX_WEEKS),
});
export type PurchaseTermsQuery = z.infer<typeof PurchaseTermsQuerySchema>;

export const OrderItemSchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  /** The product page's id (the existing client sends and reads both). */
  product: z.number().int(),
  product_page: z.object({
    id: z.number().int(),
    product_type: ProductTypeSchema,
    name: z.string(),
    slug: z.string(),
    age_group: z.string(),
    photo: z.string().nullable(),
    /** A workshop's or event's refund policy (D142): full refund up to this many days before the date. */
    refund_days_before: z.number().int().nullable(),
    /** The page's options: the existing client looks `purchase_option` (an id) up among them. */
    purchase_options: z.array(
      z.object({
        id: z.number().int(),
        schedule_type: ScheduleTypeSchema,
        base_price: DecimalPriceSchema,
        base_price_cents: z.number().int(),
      }),
    ),
    /** Offers the existing client suggests beside the item; we suggest none yet. */
    recommendations: z.array(z.never()),
  }),
  purchase_option: z.number().int(),
  purchase_option_name: z.string(),
  schedule_type: ScheduleTypeSchema,
  /** The child: a saved visitor, a guest's local one (`guest_visitor` set), or null when none is named yet. */
  visitor: OrderItemVisitorSchema.nullable(),
  /** A guest's local child's number, while the item names one. */
  guest_visitor: z.number().int().nullable(),
  visitor_name: z.string().nullable(),
  /** The chosen slots as the existing client reads them (English weekday names). */
  schedule_slots: z.array(ClientSlotSchema),
  /** The same slots with `weekday` as a number (0 = Monday), as our web reads them. */
  schedule_slot_details: z.array(OrderItemSlotSchema),
  /** The chosen weeks' ids, which are the week numbers the existing client shows and sends (D93). */
  academy_weeks: z.array(z.number().int()),
  academy_week_details: z.array(OrderItemWeekSchema),
  academy_number_of_weeks: z.number().int().nullable(),
  comment: z.string(),
  /** A gift card's recipient, message and delivery; null for other items and cards bought without them. */
  gift_card: GiftCardDetailsReplySchema.nullable(),
  is_recurring: z.boolean(),
  /** List price due now (subscription: the first month), before any discount. */
  list_price: DecimalPriceSchema,
  list_price_cents: z.number().int(),
  /**
   * What is paid for the item now, after every discount and its share of the order's gift card: the
   * existing client shows Σ `calculated_price` as the cart's total (issue 31 item 11, D223), so the items add
   * up to `total_checkout_price` to the cent (the order's promocode and gift card are spread over the
   * items by the largest remainder).
   */
  calculated_price: DecimalPriceSchema,
  calculated_price_cents: z.number().int(),
  /** Every discount on the item (sibling and promocode): `list_price − discount_amount − gift_card_paid`. */
  discount_amount: DecimalPriceSchema,
  discount_amount_cents: z.number().int(),
  /** The item's share of what the order's gift card pays (a payment, not a discount). */
  gift_card_paid_cents: z.number().int(),
  sibling_discount_cents: z.number().int(),
  promocode_discount_cents: z.number().int(),
  /** Monthly price after the sibling discount; "0.00" for one-off items. */
  recurrent_price: DecimalPriceSchema,
  recurrent_price_cents: z.number().int(),
  terms: PurchaseTermsSchema,
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  cart_id: z.string(),
  status: z.enum(API_ORDER_STATUSES),
  paypal_id: z.string().nullable(),
  payer_first_name: z.string(),
  payer_last_name: z.string(),
  created_at: z.string(),
  user: z.number().int().nullable(),
  items: z.array(OrderItemSchema),
  promocode: z.string().nullable(),
  /** The sum of the items' list prices due now. */
  total_price: DecimalPriceSchema,
  total_price_cents: z.number().int(),
  total_discount: DecimalPriceSchema,
  total_discount_cents: z.number().int(),
  /** Due now at checkout. */
  total_checkout_price: DecimalPriceSchema,
  total_checkout_price_cents: z.number().int(),
  /** Due every month for the subscriptions. */
  total_recurrent_price: DecimalPriceSchema,
  total_recurrent_price_cents: z.number().int(),
  /** While the order awaits payment: until when its seats are held. */
  reserved_until: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The invoice's number once the order is paid. */
  invoice_number: z.string().nullable(),
  /** A gift card entered in the promocode field: what it pays of this order, and what it holds. */
  gift_card: z
    .object({
      code: z.string(),
      applied: DecimalPriceSchema,
      applied_cents: z.number().int(),
      balance_cents: z.number().int(),
      expires_at: z.string().nullable(),
    })
    .nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const CartIdSchema = z.object({ cart_id: z.string() });
