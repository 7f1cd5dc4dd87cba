import type { Locale } from "@atelier/contract";
import { INTL_LOCALES } from "@atelier/contract";
import type { CartItemRow } from "../orders/index.ts";
import { type CreateOrderRequest, eur } from "../payments/index.ts";

/** PayPal allows 127 characters for an item's name. */
const NAME_MAX = 127;

const DESCRIPTION: Record<Locale, (orderId: number) => string> = {
  de: (orderId) => `Atelier Bestellung ${orderId}`,
  ru: (orderId) => `Заказ «Ателье» № ${orderId}`,
};

/** A line as every payment page names it: "Kleine Maler – Mila Petrova". */
function lineName(item: CartItemRow): string {
  const child = [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" ");
  return (child ? `${item.pageName} – ${child}` : item.pageName).slice(0, NAME_MAX);
}

/**
 * Each line at what the server's order charges for it: its price less its sibling and promocode
 * discounts, the amount the cart and the checkout show (`list_price_cents − discount_amount_cents`; before the gift card, which pays).
 * PayPal's request cannot carry that per line (its items need list prices that add up to item_total), so
 * the demo gateway's page shows these instead of the request's (issue 24).
 */
export function orderLinesDue(items: CartItemRow[]): { name: string; amountCents: number }[] {
  return items.map((item) => ({
    name: lineName(item),
    amountCents: item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents,
  }));
}

/**
 * The Orders v2 request of a staged order: intent CAPTURE, EUR, one purchase unit with every item and an
 * `item_total` breakdown (sibling and promocode discounts and the gift card's part as `discount`), our
 * installation's ids of the order as `invoice_id` (unique per payment attempt, since PayPal refuses an
 * invoice id twice) and `custom_id` (installation.ts), no shipping, the buyer's language.
 */
export function buildPayPalOrderRequest(
  order: {
    id: number;
    paymentAttempt: number;
    locale: Locale;
    totalCheckoutCents: number;
    giftCardCents: number;
  },
  items: CartItemRow[],
  redirect: { returnUrl?: string | undefined; cancelUrl?: string | undefined },
  ids: { customId: string; invoiceId: string },
): CreateOrderRequest {
  const itemTotal = items.reduce((sum, item) => sum + item.calculatedPriceCents, 0);
  // PayPal's breakdown has no field for a gift card; what the card pays is a discount of the amount due,
  // so amount = item_total − discount holds as PayPal checks it (AMOUNT_MISMATCH otherwise).
  const discount =
    items.reduce((sum, item) => sum + item.siblingDiscountCents + item.promocodeDiscountCents, 0) +
    order.giftCardCents;
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: `order-${order.id}`,
        invoice_id: ids.invoiceId,
        custom_id: ids.customId,
        description: DESCRIPTION[order.locale](order.id),
        amount: {
          ...eur(order.totalCheckoutCents),
          breakdown: { item_total: eur(itemTotal), ...(discount > 0 ? { discount: eur(discount) } : {}) },
        },
        items: items.map((item) => ({
          name: lineName(item),
          quantity: "1",
          unit_amount: eur(item.calculatedPriceCents),
          sku: `item-${item.id}`,
        })),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: "Atelier",
          locale: INTL_LOCALES[order.locale],
          shipping_preference: "NO_SHIPPING",
          user_action: "PAY_NOW",
          ...(redirect.returnUrl ? { return_url: redirect.returnUrl } : {}),
          ...(redirect.cancelUrl ? { cancel_url: redirect.cancelUrl } : {}),
        },
      },
    },
  };
}
