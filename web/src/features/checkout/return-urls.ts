import type { Locale } from "@atelier/contract";

/**
 * Where the demo gateway's page sends the parent back (decision D50: both on the shop's origin). The gateway
 * appends `token=<its order id>` (and `PayerID` after an approval), as PayPal does.
 */
export function paymentReturnUrls(origin: string, locale: Locale): { successUrl: string; cancelUrl: string } {
  const success = new URL("/payment-complete/return", origin);
  success.searchParams.set("locale", locale);
  const cancel = new URL("/cart", origin);
  cancel.searchParams.set("locale", locale);
  cancel.searchParams.set("payment", "cancelled");
  return { successUrl: success.toString(), cancelUrl: cancel.toString() };
}
