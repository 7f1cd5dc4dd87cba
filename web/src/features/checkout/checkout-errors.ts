import { ApiError } from "../../lib/api-client.ts";
import { errorCodes } from "../../lib/error-codes.ts";

/** What went wrong in a checkout or payment call, as the page explains it (codes, never the server's prose). */
export type CheckoutProblem =
  | "signIn"
  | "cartEmpty"
  | "noSeatsLeft"
  | "alreadyBooked"
  | "ageNotInGroup"
  | "childMissing"
  | "termsRequired"
  | "addressRequired"
  | "paymentUnavailable"
  | "instrumentDeclined"
  | "paymentDeclined"
  | "orderNotPayable"
  | "offerGone"
  | "promocodeUsedUp"
  | "refunded"
  | "giftCardReleased"
  | "paymentMismatch"
  | "notApproved"
  | "throttled"
  | "network"
  | "unknown";

const BY_CODE: [string, CheckoutProblem][] = [
  ["cart_empty", "cartEmpty"],
  ["no_seats_left", "noSeatsLeft"],
  ["already_booked", "alreadyBooked"],
  ["age_not_in_group", "ageNotInGroup"],
  ["visitor_required", "childMissing"],
  ["visitor_required_at_checkout", "childMissing"],
  ["visitor_not_found", "childMissing"],
  ["terms_required", "termsRequired"],
  ["billing_address_required", "addressRequired"],
  ["payment_unavailable", "paymentUnavailable"],
  ["instrument_declined", "instrumentDeclined"],
  ["payment_declined", "paymentDeclined"],
  ["order_not_payable", "orderNotPayable"],
  // Refused after the money was taken: the shop refunds it whole (D205); trying again changes nothing.
  ["reservation_expired", "refunded"],
  // The same for an order a gift card paid part of, whose part went back onto the card (D667): said apart.
  ["reservation_expired_gift_card", "giftCardReleased"],
  ["promocode_used_up_late", "refunded"],
  // Not the order's payment: refunded when it was the shop's (D205), left alone when it was not (D51).
  ["payment_mismatch", "paymentMismatch"],
  // An offer of the cart no longer bookable (a session begun, D515; an option or page gone).
  ["slot_not_on_page", "offerGone"],
  ["week_not_on_page", "offerGone"],
  ["option_not_on_page", "offerGone"],
  ["product_not_found", "offerGone"],
  ["promocode_used_up", "promocodeUsedUp"],
  ["payment_not_approved", "notApproved"],
  ["throttled", "throttled"],
];

/** Problems a second try can mend (the network, the gateway, a moment's wait); the others need the cart. */
export const RETRYABLE_PROBLEMS: readonly CheckoutProblem[] = [
  "paymentUnavailable",
  "notApproved",
  "throttled",
  "network",
  "unknown",
];

export function checkoutProblem(error: unknown): CheckoutProblem {
  const codes = errorCodes(error);
  for (const [code, problem] of BY_CODE) if (codes.includes(code)) return problem;
  if (!(error instanceof ApiError)) return "unknown";
  if (error.status === 0) return "network";
  if (error.status === 401 || error.status === 403) return "signIn";
  if (error.status === 429) return "throttled";
  if (error.status === 503) return "paymentUnavailable";
  return "unknown";
}

export const BILLING_FIELDS = [
  "first_name",
  "last_name",
  "company_name",
  "street",
  "post_code",
  "city",
  "country",
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

/**
 * The billing fields the server refused, with their codes: `{"first_name": [...]}`, `{"billing.first_name":
 * [...]}` or DRF's nested `{"billing": {"first_name": [...]}}` all name the same field.
 */
export function billingFieldErrors(error: unknown): Partial<Record<BillingField, string>> {
  const body = error instanceof ApiError && error.body && typeof error.body === "object" ? error.body : null;
  const codes = body?.error_codes;
  if (!codes || typeof codes !== "object") return {};
  const nested = (codes as Record<string, unknown>).billing;
  const first = (value: unknown): string | undefined =>
    Array.isArray(value) && typeof value[0] === "string"
      ? value[0]
      : typeof value === "string"
        ? value
        : undefined;
  const found: Partial<Record<BillingField, string>> = {};
  for (const field of BILLING_FIELDS) {
    const code =
      first((codes as Record<string, unknown>)[field]) ??
      first((codes as Record<string, unknown>)[`billing.${field}`]) ??
      (nested && typeof nested === "object" && !Array.isArray(nested)
        ? first((nested as Record<string, unknown>)[field])
        : undefined);
    if (code) found[field] = code;
  }
  return found;
}
