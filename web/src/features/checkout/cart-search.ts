import type { SearchSchemaInput } from "@tanstack/react-router";

/** Why the parent is back in the cart after a payment that did not happen. */
export const PAYMENT_NOTICES = ["cancelled", "declined", "expired", "refunded"] as const;
export type PaymentNotice = (typeof PAYMENT_NOTICES)[number];

/**
 * `/cart?step=checkout` is the checkout step; `?payment=cancelled&token=<gateway order>` is where the demo
 * gateway (and PayPal's page) sends the parent who cancelled; `?payment=` alone shows the notice.
 */
export type CartSearch = {
  step?: "checkout" | undefined;
  payment?: PaymentNotice | undefined;
  token?: string | undefined;
};

const isNotice = (value: unknown): value is PaymentNotice => PAYMENT_NOTICES.includes(value as PaymentNotice);
/**
 * A gateway order id as the server accepts it in a path (OrderRefParamsSchema), or our order number on
 * Stripe's return (D103), which the router hands over as a number: it JSON-parses search values.
 */
function tokenOf(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  return typeof value === "string" && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : undefined;
}

/**
 * The cart route's validateSearch: a plain function, as the route tree is in the home page's bundle (no zod).
 * Unknown values are dropped rather than refused, so an old or mangled link still shows the cart.
 */
export function parseCartSearch(search: CartSearch & SearchSchemaInput): CartSearch {
  return {
    step: search.step === "checkout" ? "checkout" : undefined,
    payment: isNotice(search.payment) ? search.payment : undefined,
    token: tokenOf(search.token),
  };
}

/**
 * `/payment-complete/return?token=<gateway order>&PayerID=…`: where the gateway sends an approved payment;
 * Stripe's return carries our order number and `gateway=stripe` (see return-urls.ts).
 */
export type PaymentReturnSearch = {
  token?: string | undefined;
  PayerID?: string | undefined;
  gateway?: "stripe" | undefined;
};

export function parsePaymentReturnSearch(
  search: PaymentReturnSearch & SearchSchemaInput,
): PaymentReturnSearch {
  return {
    token: tokenOf(search.token),
    PayerID: typeof search.PayerID === "string" && search.PayerID.length <= 64 ? search.PayerID : undefined,
    gateway: search.gateway === "stripe" ? "stripe" : undefined,
  };
}

/** `/payment-complete/{id}?payment=processing`: Stripe took a SEPA debit that has yet to arrive. */
export type PaymentCompleteSearch = { payment?: "processing" | undefined };

export function parsePaymentCompleteSearch(
  search: PaymentCompleteSearch & SearchSchemaInput,
): PaymentCompleteSearch {
  return { payment: search.payment === "processing" ? "processing" : undefined };
}
