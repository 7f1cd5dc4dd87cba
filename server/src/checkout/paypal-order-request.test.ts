import { PRODUCT_TYPES, SCHEDULE_TYPES } from "@atelier/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { giftCardShare } from "../gift-cards/gift-cards.service.ts";
import type { CartItemRow } from "../orders/order.repository.ts";
import { type PricingItem, priceCart } from "../orders/pricing.ts";
import { centsOf } from "../payments/gateway.ts";
import { sessionParamsOf } from "../payments/stripe-gateway.ts";
import { refuseBreakdown } from "../test/paypal-stand-in.ts";
import { buildPayPalOrderRequest } from "./paypal-order-request.ts";

const itemArb = fc.record({
  productType: fc.constantFrom(...PRODUCT_TYPES),
  scheduleType: fc.constantFrom(...SCHEDULE_TYPES),
  childKey: fc.option(fc.constantFrom("v1", "v2", "v3"), { nil: null }),
  listCents: fc.integer({ min: 0, max: 200_000 }),
  recurrent: fc.boolean(),
});

const promoArb = fc.option(
  fc.oneof(
    fc.record({ percentOff: fc.integer({ min: 1, max: 100 }), amountOffCents: fc.constant(null) }),
    fc.record({ percentOff: fc.constant(null), amountOffCents: fc.integer({ min: 1, max: 500_000 }) }),
  ),
  { nil: null },
);

/** A cart item row as the cart repository reads it, with the discounts pricing gave it. */
const row = (item: PricingItem, sibling: number, promocode: number): CartItemRow => ({
  id: item.id,
  orderId: 1,
  productPageId: 1,
  purchaseOptionId: 1,
  visitorId: item.childKey ? 1 : null,
  guestVisitorRef: null,
  giftCardDetails: null,
  visitorBirthDate: null,
  refundDaysBefore: null,
  numberOfMeetings: null,
  pageLocation: "",
  house: null,
  closed: [],
  pageOptions: [],
  scheduleType: item.scheduleType,
  productType: item.productType,
  calculatedPriceCents: item.listCents,
  siblingDiscountCents: sibling,
  promocodeDiscountCents: promocode,
  recurrentPriceCents: item.recurrentListCents,
  recurrentDiscountCents: 0,
  academyNumberOfWeeks: null,
  comment: "",
  pageName: "Kleine Maler",
  pageSlug: "kleine-maler",
  pageAgeGroup: "5-7",
  pageTitleImage: null,
  optionName: "Kurs",
  visitorFirstName: "Mila",
  visitorLastName: null,
  slots: [],
  weeks: [],
});

describe("the gateway requests of any priced cart", () => {
  it("add up as PayPal and Stripe check them: promocodes, sibling discounts and a gift card paying part or all", () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        promoArb,
        fc.option(fc.integer({ min: 1, max: 300_000 }), { nil: null }),
        (raw, siblingPercent, promo, cardBalance) => {
          const items: PricingItem[] = raw.map((r, i) => ({
            id: i + 1,
            productType: r.productType,
            scheduleType: r.scheduleType,
            childKey: r.childKey,
            listCents: r.listCents,
            recurrentListCents: r.recurrent ? r.listCents : 0,
          }));
          const cart = priceCart(items, {
            siblingDiscountPercent: siblingPercent,
            promocode: promo ? { ...promo, productTypes: [], minTotalCents: 0 } : null,
          });
          // The card pays what it can of what is due, as the cart and the checkout take it.
          const giftCardCents =
            cardBalance === null
              ? 0
              : giftCardShare({ balanceCents: cardBalance, expiresAt: null }, cart.totalCheckoutCents);
          const due = cart.totalCheckoutCents - giftCardCents;
          // Nothing due: paid without PayPal (D50).
          fc.pre(due > 0);
          const rows = items.map((item, i) =>
            row(item, cart.items[i]?.siblingDiscountCents ?? 0, cart.items[i]?.promocodeDiscountCents ?? 0),
          );
          const request = buildPayPalOrderRequest(
            { id: 7, paymentAttempt: 1, locale: "de", totalCheckoutCents: due, giftCardCents },
            rows,
            {},
            { customId: "0123456789abcdef-7", invoiceId: "ATELIER-0123456789abcdef-7-1" },
          );
          expect(refuseBreakdown(request as unknown as Record<string, unknown>)).toBeUndefined();
          // Stripe's Checkout Session of the same order: its lines add up to the same amount (D103).
          const session = sessionParamsOf(
            {
              ...request,
              payment_source: {
                paypal: { experience_context: { return_url: "http://s/ok", cancel_url: "http://s/no" } },
              },
            },
            ["card"],
          );
          const lines = session.line_items ?? [];
          expect(lines).toHaveLength(rows.length);
          for (const line of lines) expect(line.price_data?.unit_amount).toBeGreaterThanOrEqual(0);
          expect(
            lines.reduce((sum, line) => sum + (line.price_data?.unit_amount ?? 0) * (line.quantity ?? 0), 0),
          ).toBe(due);
          const amount = request.purchase_units[0]?.amount;
          expect(centsOf(amount?.value)).toBe(due);
          // No money field PayPal would refuse as negative.
          expect(centsOf(amount?.breakdown?.discount?.value ?? "0")).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
