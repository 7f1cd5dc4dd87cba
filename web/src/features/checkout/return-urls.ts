import type { Locale } from "@atelier/contract";

/**
 * Where the gateway's own page sends the parent back (decision D50: both on the shop's origin). The demo
 * gateway appends `token=<its order id>` (and `PayerID` after an approval), as PayPal does; for Stripe the
 * server appends `token=<our order number>` (D103). `gateway=stripe` on the success address tells the return
 * page that a payment not yet confirmed is a SEPA debit still under way, not one the buyer left unapproved:
 * Stripe only returns to it once the buyer completed its page.
 */
export function paymentReturnUrls(
  origin: string,
  locale: Locale,
  gateway?: "stripe",
): { successUrl: string; cancelUrl: string } {
  const success = new URL("/payment-complete/return", origin);
  success.searchParams.set("locale", locale);
  if (gateway) success.searchParams.set("gateway", gateway);
  const cancel = new URL("/cart", origin);
  cancel.searchParams.set("locale", locale);
  cancel.searchParams.set("payment", "cancelled");
  return { successUrl: success.toString(), cancelUrl: cancel.toString() };
}
