import { z } from "zod";
import { CartQuerySchema } from "./orders.ts";
import { CURRENCY, NAME_MAX_LENGTH, TEXT_MAX_LENGTH } from "./rules/constants.ts";
import { NameSchema } from "./rules/name.ts";
import { postCodeProblem } from "./rules/post-code.ts";

/**
 * Checkout and payment (`fulfill`, `capture`, the buyer's cancel, the order after payment) in the shapes the
 * school's existing client sends and reads (../shared/api-shapes.md), plus the fields our web adds.
 */

/**
 * The gateway names the clients send: `paypal` (PayPal's buttons, or the offline demo when no PayPal account
 * is configured) and `stripe` (Stripe Checkout for cards, Apple Pay, Google Pay and SEPA: the existing
 * client's main button; without Stripe keys the server serves it like `paypal`, D103).
 */
export const PAYMENT_GATEWAYS = ["paypal", "stripe"] as const;

/** The gateway a payment was recorded with: the two the clients name, and the offline demo (D103). */
export const RECORDED_PAYMENT_GATEWAYS = ["paypal", "demo", "stripe"] as const;
export type RecordedPaymentGateway = (typeof RECORDED_PAYMENT_GATEWAYS)[number];

/** Why a payment left the plain way of captured-and-kept (D90). */
export const PAYMENT_ISSUE_REASONS = [
  /** A late capture whose seats were taken meanwhile (D51): refunded. */
  "seats_gone",
  /** A late capture whose promocode's last use went to another order meanwhile (D90): refunded. */
  "promocode_used_up",
  /**
   * A late capture of an order a gift card paid part of: its expiry gave the card's part back onto the card
   * (D56), so the order is not revived though its seats are free; refunded.
   */
  "gift_card_released",
  /** Our order, captured with another amount or currency than we asked: refunded. */
  "capture_mismatch",
  /** PayPal's order carries another shop's custom_id / invoice_id: not recorded, not refunded by us. */
  "not_our_order",
  /**
   * Part of a paid order's payment refunded in the gateway's dashboard (PayPal's or Stripe's, the name is
   * older), beyond what its withdrawals and staff refunds carry: before the shop heard of the capture, or
   * later (D565). Kept, for staff to book to its item (D562), which takes it off the dashboard.
   */
  "refunded_at_paypal",
  /**
   * A refund the gateway took and later reported failed at the card's bank (D566), which nothing of the
   * shop's can send again (a dashboard refund booked or marked, an order refunded whole in the dashboard).
   */
  "refund_failed_later",
] as const;

/**
 * A refund the payment service took as pending (PayPal paying it from the school's bank, a SEPA refund) is
 * shown to staff on the dashboard once it has waited this many days (D574). PayPal's and SEPA's usual days
 * are under a working week; after two, someone should ask.
 */
export const SLOW_REFUND_DAYS = 10;

/**
 * `refund_pending`: the payment worker refunds it (bounded attempts); `refunded`: done; `refund_failed`: the
 * attempts ran out or PayPal refused, staff refund by hand; `review`: nothing automatic, staff look at it.
 */
export const PAYMENT_ISSUE_STATES = ["refund_pending", "refunded", "refund_failed", "review"] as const;

/**
 * Money the bank or PayPal took back from a captured payment: a card payment disputed at Stripe (a
 * chargeback, or an inquiry before one), a PayPal dispute, or a PayPal capture reversed. `open`: the case
 * runs and staff answer it in the gateway's dashboard; `won`: the money stays with the school; `lost`: the
 * money is gone, and staff decide what becomes of the booking.
 */
export const PAYMENT_DISPUTE_STATES = ["open", "won", "lost"] as const;
export type PaymentDisputeState = (typeof PAYMENT_DISPUTE_STATES)[number];

/** `dispute`: a case decided later (Stripe's disputes, PayPal's); `reversal`: PayPal took the money back at once. */
export const PAYMENT_DISPUTE_KINDS = ["dispute", "reversal"] as const;
export type PaymentDisputeKind = (typeof PAYMENT_DISPUTE_KINDS)[number];

/** Minutes a checkout holds its seats for the payment (RESERVATION_MINUTES default). */
export const DEFAULT_RESERVATION_MINUTES = 15;

const RedirectUrlSchema = z.url({ error: "invalid" }).max(2000, { error: "too_long" });

/** `POST /api/v2/orders/fulfill/?payment_gateway=paypal&cart_id=[&success_url=&cancel_url=]`. */
export const FulfillQuerySchema = /* @__PURE__ */ CartQuerySchema.extend({
  payment_gateway: z.enum(PAYMENT_GATEWAYS, { error: "invalid_choice" }),
  success_url: RedirectUrlSchema.optional(),
  cancel_url: RedirectUrlSchema.optional(),
});
export type FulfillQuery = z.infer<typeof FulfillQuerySchema>;

const OptionalText = (max: number) =>
  z
    .string({ error: "invalid_type" })
    .trim()
    .max(max, { error: "too_long" })
    .nullish()
    .transform((value) => value ?? "");

/** Billing data printed on the invoice; taken from the profile, editable at checkout. */
export const BillingSchema = z.object({
  first_name: NameSchema,
  last_name: NameSchema,
  company_name: OptionalText(TEXT_MAX_LENGTH),
  street: OptionalText(TEXT_MAX_LENGTH),
  post_code: OptionalText(16),
  city: OptionalText(TEXT_MAX_LENGTH),
  country: OptionalText(NAME_MAX_LENGTH),
});
/** The post code fits the country typed beside it (D605), said at the post code. */
export function postCodeIssue(
  values: { post_code?: string | null | undefined; country?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  const problem = postCodeProblem(values.post_code, values.country);
  if (problem) ctx.addIssue({ code: "custom", path: ["post_code"], message: problem });
}
export type BillingInput = z.input<typeof BillingSchema>;
export type Billing = z.output<typeof BillingSchema>;

/**
 * The body our web sends (the existing client sends none): the terms accepted with the button
 * "Zahlungspflichtig bestellen" (§ 312j(3) BGB) and the billing data for the invoice.
 */
export const FulfillBodySchema = z
  .object({
    terms_accepted: z.boolean({ error: "invalid_type" }).optional(),
    billing: BillingSchema.superRefine(postCodeIssue).optional(),
  })
  .nullish();
export type FulfillBody = z.input<typeof FulfillBodySchema>;
export type FulfillRequest = z.output<typeof FulfillBodySchema>;

export const FulfillReplySchema = z.object({
  /** The gateway's order id the PayPal buttons approve (`createOrder` returns it). */
  id: z.string(),
  /** Our order number. */
  order_id: z.number().int(),
  reserved_until: z.string().nullable(),
  /** Where the buyer approves the payment (PayPal's or the demo gateway's page). */
  approve_url: z.string().nullable(),
  /** With success_url and cancel_url: the page to redirect the browser to. */
  url: z.string().optional(),
});
export type FulfillReply = z.infer<typeof FulfillReplySchema>;

/** An order in a path: our order number, or the gateway's order id (the client posts `data.orderID`). */
export const OrderRefParamsSchema = z.object({
  // Stripe's ids carry an underscore (`cs_live_…`) and may be up to 255 characters long.
  id: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, { error: "invalid" }),
});

/** `POST /api/v2/orders/{id}/capture/` ← the PayPal approval data; only the path's id counts. */
export const CaptureBodySchema = z
  .object({
    orderID: z.string().max(64).optional(),
    payerID: z.string().max(64).nullish(),
  })
  .passthrough()
  .nullish();

/** `GET /api/v2/payments/config/`: what the web needs to show the right payment buttons. */
export const PaymentConfigSchema = z.object({
  /** `demo` when no PayPal account is configured: an offline gateway with its own approval page. */
  gateway: z.enum(["paypal", "demo"]),
  /** Whether Stripe Checkout (cards, Apple Pay, Google Pay, SEPA) is configured beside it. */
  stripe: z.boolean(),
  client_id: z.string().nullable(),
  /** The PayPal JS SDK's address (tests point it at a local stand-in). */
  sdk_url: z.string(),
  currency: z.literal(CURRENCY),
  reservation_minutes: z.number().int(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;
