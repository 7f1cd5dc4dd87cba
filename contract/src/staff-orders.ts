import { z } from "zod";
import { REQUEST_STATUSES } from "./admin-requests.ts";
import { OrderSchema, SetPromocodeSchema } from "./orders.ts";
import { inSchoolDays } from "./rules/dates.ts";

/**
 * Orders staff build for a parent who called, paid by a mailed payment link (issue 21; D156, D157), and
 * birthday parties asked for as requests that staff confirm into such an order (issue 24 item 6; D158–D160).
 */

const ID_MAX = 2_147_483_647;
const Id = z
  .number({ error: "invalid" })
  .int({ error: "invalid" })
  .min(1, { error: "invalid_choice" })
  .max(ID_MAX, { error: "invalid_choice" });
const IdList = (max: number) =>
  z
    .array(Id, { error: "invalid_type" })
    .max(max, { error: "too_long" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "duplicate_choice" });

/** How long staff may hold the seats of an order they built: 5 minutes to 7 days (D156). */
export const STAFF_HOLD_MINUTES = { min: 5, max: 7 * 24 * 60 } as const;
/** Lines in one order built by staff. */
export const STAFF_ORDER_MAX_ITEMS = 10;

export const StaffOrderItemInputSchema = z
  .object({
    product_page: Id,
    purchase_option: Id,
    /** One of the parent's children; null only for what books no child (a gift card). */
    visitor: Id.nullable(),
    schedule_slots: IdList(7).default([]),
    academy_weeks: IdList(26).default([]),
    comment: z.string({ error: "invalid_type" }).trim().max(500, { error: "too_long" }).default(""),
  })
  .strict();
export type StaffOrderItemInput = z.infer<typeof StaffOrderItemInputSchema>;

/** `POST /api/v2/admin/staff-orders/`: once per request_id (a repeat answers the order made by the first). */
export const AdminStaffOrderInputSchema = z
  .object({
    request_id: z.uuid({ error: "invalid" }),
    parent: Id,
    /** null: the shop's RESERVATION_MINUTES. */
    hold_minutes: z
      .number({ error: "invalid" })
      .int({ error: "invalid" })
      .min(STAFF_HOLD_MINUTES.min, { error: "too_small" })
      .max(STAFF_HOLD_MINUTES.max, { error: "too_big" })
      .nullable()
      .default(null),
    items: z
      .array(StaffOrderItemInputSchema, { error: "invalid_type" })
      .min(1, { error: "required" })
      .max(STAFF_ORDER_MAX_ITEMS, { error: "too_long" }),
    /** A promocode (or gift card code) the parent named on the phone, by the cart's own rule (D316); "" none. */
    promocode: SetPromocodeSchema.shape.promocode,
  })
  .strict();
export type AdminStaffOrderInput = z.infer<typeof AdminStaffOrderInputSchema>;

/**
 * `POST /api/v2/admin/staff-orders/quote/` (D275): what the order would cost, priced by the cart's own rules
 * in a transaction that is rolled back; nothing is written, no seat is held, no mail goes.
 */
export const AdminStaffOrderQuoteInputSchema = AdminStaffOrderInputSchema.omit({
  request_id: true,
  hold_minutes: true,
});
export type AdminStaffOrderQuoteInput = z.infer<typeof AdminStaffOrderQuoteInputSchema>;

export const AdminStaffOrderQuoteSchema = z.object({
  lines: z.array(
    z.object({
      product_name: z.string(),
      option_name: z.string(),
      child_name: z.string().nullable(),
      /** The list price of the line before discounts. */
      price_cents: z.number().int(),
      discount_cents: z.number().int(),
      /** What the line costs at checkout: price less the sibling discount and any code. */
      amount_cents: z.number().int(),
    }),
  ),
  total_checkout_price_cents: z.number().int(),
  total_recurrent_price_cents: z.number().int(),
});
export type AdminStaffOrderQuote = z.infer<typeof AdminStaffOrderQuoteSchema>;

/** What staff see of the order they built (the link itself is only in the parent's mail, D157). */
export const AdminStaffOrderSchema = z.object({
  id: z.number().int(),
  parent: z.number().int(),
  status: z.string(),
  reserved_until: z.string().nullable(),
  total_checkout_price_cents: z.number().int(),
  total_recurrent_price_cents: z.number().int(),
  mail: z.number().int().nullable(),
});
export type AdminStaffOrder = z.infer<typeof AdminStaffOrderSchema>;

/** A payment link's token in a path: 43 base64url characters (32 random bytes). */
export const PaymentLinkParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "invalid" }),
});

export const PAYMENT_LINK_STATES = ["open", "paid", "expired", "closed"] as const;
export type PaymentLinkState = (typeof PAYMENT_LINK_STATES)[number];

/** `GET /api/v2/orders/payment_link/{token}/`: the order the link pays, for the parent it was made for. */
export const PaymentLinkSchema = z.object({
  state: z.enum(PAYMENT_LINK_STATES),
  order: OrderSchema,
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

// ---------- Birthday-party requests ----------

export const PARTY_DATES_MAX = 3;
export const PARTY_CHILDREN_MAX = 30;
export const PARTY_COMMENT_MAX = 2_000;

const Day = z.iso.date({ error: "invalid" }).refine(inSchoolDays, { error: "invalid" });

/** `POST /api/v2/party_requests/`: a signed-in parent asks for a party (D158). */
export const PartyRequestInputSchema = z
  .object({
    product_page: Id,
    /** The room or package: one of the party page's purchase options. */
    purchase_option: Id,
    dates: z
      .array(Day, { error: "invalid_type" })
      .min(1, { error: "required" })
      .max(PARTY_DATES_MAX, { error: "too_long" })
      .refine((days) => new Set(days).size === days.length, { error: "duplicate_choice" }),
    children_count: z
      .number({ error: (issue) => (issue.input === undefined ? "required" : "invalid") })
      .int({ error: "invalid" })
      .min(1, { error: "too_small" })
      .max(PARTY_CHILDREN_MAX, { error: "too_big" }),
    ages: z
      .array(
        z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "too_small" }).max(18, {
          error: "too_big",
        }),
        { error: "invalid_type" },
      )
      .min(1, { error: "required" })
      .max(PARTY_CHILDREN_MAX, { error: "too_long" }),
    comment: z
      .string({ error: "invalid_type" })
      .trim()
      .max(PARTY_COMMENT_MAX, { error: "too_long" })
      .default(""),
  })
  .strict();
export type PartyRequestInput = z.infer<typeof PartyRequestInputSchema>;

/** Where a party request stands for the parent (D159). */
export const PARTY_REQUEST_STATES = ["sent", "confirmed", "paid", "declined", "expired"] as const;
export type PartyRequestState = (typeof PARTY_REQUEST_STATES)[number];

export const PartyRequestSchema = z.object({
  id: z.number().int(),
  product_page: z.number().int(),
  product_name: z.string(),
  purchase_option: z.number().int(),
  option_name: z.string(),
  dates: z.array(z.string()),
  children_count: z.number().int(),
  ages: z.array(z.number().int()),
  comment: z.string(),
  confirmed_date: z.string().nullable(),
  state: z.enum(PARTY_REQUEST_STATES),
  order: z.number().int().nullable(),
  created_at: z.string(),
});
export type PartyRequest = z.infer<typeof PartyRequestSchema>;
export const PartyRequestListSchema = z.array(PartyRequestSchema);

/** A party request as staff read it in the requests inbox. */
export const AdminPartyRequestSchema = PartyRequestSchema.extend({
  user: z.number().int().nullable(),
  parent_name: z.string(),
  parent_email: z.string(),
  /** The parent's phone from their profile, "" when none: staff call about the day and the room. */
  parent_phone: z.string(),
  locale: z.string(),
  status: z.enum(REQUEST_STATUSES),
  note: z.string(),
  handler: z.number().int().nullable(),
  /**
   * Preferred days on which the same room (option) already holds another party, paid or held for payment,
   * with those requests' ids (D191): staff confirm such a day only knowingly.
   */
  days_taken: z.array(z.object({ date: z.string(), requests: z.array(z.number().int()) })),
  version: z.string(),
});
export type AdminPartyRequest = z.infer<typeof AdminPartyRequestSchema>;
export const AdminPartyRequestListSchema = z.array(AdminPartyRequestSchema);

/** `POST /api/v2/admin/party-requests/{id}/confirm/`: one of the preferred dates; builds the order (D160). */
export const AdminPartyConfirmSchema = z
  .object({
    version: z.string().max(64),
    date: Day,
    hold_minutes: z
      .number({ error: "invalid" })
      .int({ error: "invalid" })
      .min(STAFF_HOLD_MINUTES.min, { error: "too_small" })
      .max(STAFF_HOLD_MINUTES.max, { error: "too_big" })
      .nullable()
      .default(null),
    /** Confirm although the room already holds another party that day (D191): both can take place. */
    allow_same_day: z.boolean({ error: "invalid_type" }).default(false),
  })
  .strict();
export type AdminPartyConfirm = z.infer<typeof AdminPartyConfirmSchema>;

export const AdminPartyDeclineSchema = z.object({ version: z.string().max(64) }).strict();
