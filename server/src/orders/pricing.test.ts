import { PRODUCT_TYPES, SCHEDULE_TYPES } from "@atelier/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, type PricingItem, priceCart } from "./pricing.ts";

const course = (id: number, child: string, monthly: number): PricingItem => ({
  id,
  productType: "Course",
  scheduleType: "Course (1 / week)",
  childKey: child,
  listCents: monthly,
  recurrentListCents: monthly,
});
const workshop = (id: number, child: string, price: number): PricingItem => ({
  id,
  productType: "Workshop",
  scheduleType: "Ticket",
  childKey: child,
  listCents: price,
  recurrentListCents: 0,
});

describe("sibling discount", () => {
  it("the first child pays full price; the second child's course costs 10 % less now and monthly", () => {
    const cart = priceCart([course(1, "v1", 7900), course(2, "v2", 7900)], {
      siblingDiscountPercent: 10,
      promocode: null,
    });
    expect(cart.items.map((i) => i.siblingDiscountCents)).toEqual([0, 790]);
    expect(cart.items.map((i) => i.recurrentDiscountCents)).toEqual([0, 790]);
    expect(cart.totalCheckoutCents).toBe(7900 + 7110);
    expect(cart.totalRecurrentCents).toBe(7900 + 7110);
  });

  it("goes to the cheaper child: the child with the dearest subscriptions counts as the first", () => {
    const cart = priceCart([course(1, "v1", 7900), course(2, "v2", 14500)], {
      siblingDiscountPercent: 10,
      promocode: null,
    });
    expect(cart.items.map((i) => i.siblingDiscountCents)).toEqual([790, 0]);
  });

  it("two courses of one child are no siblings, and workshops never get it", () => {
    const cart = priceCart([course(1, "v1", 7900), course(2, "v1", 7900), workshop(3, "v2", 4500)], {
      siblingDiscountPercent: 10,
      promocode: null,
    });
    expect(cart.discountCents).toBe(0);
  });

  it("a family whose first child already has a running course gets it on every child in the cart", () => {
    const cart = priceCart([course(1, "v2", 7900)], {
      siblingDiscountPercent: 10,
      promocode: null,
      childrenWithSubscription: new Set(["v1"]),
    });
    expect(cart.items[0]?.siblingDiscountCents).toBe(790);
  });
});

describe("promocodes", () => {
  it("percent off what is due now, after the sibling discount; monthly prices stay", () => {
    const cart = priceCart([course(1, "v1", 7900), workshop(2, "v1", 4500)], {
      siblingDiscountPercent: 10,
      promocode: { percentOff: 10, amountOffCents: null, productTypes: [], minTotalCents: 0 },
    });
    expect(cart.promocode).toBe("applied");
    expect(cart.discountCents).toBe(1240);
    expect(cart.totalCheckoutCents).toBe(12400 - 1240);
    expect(cart.totalRecurrentCents).toBe(7900);
  });

  it("a fixed amount only on its product types, never more than they cost", () => {
    const cart = priceCart([course(1, "v1", 7900), workshop(2, "v1", 1000)], {
      siblingDiscountPercent: 10,
      promocode: { percentOff: null, amountOffCents: 1500, productTypes: ["Workshop"], minTotalCents: 0 },
    });
    expect(cart.items.map((i) => i.promocodeDiscountCents)).toEqual([0, 1000]);
  });

  it("says why it does not apply: no item of its types, or below the minimum", () => {
    const promo = {
      percentOff: null,
      amountOffCents: 1500,
      productTypes: ["Academy" as const],
      minTotalCents: 10000,
    };
    expect(
      priceCart([workshop(1, "v1", 4500)], { siblingDiscountPercent: 10, promocode: promo }).promocode,
    ).toBe("promocode_not_applicable");
    const academy: PricingItem = {
      ...workshop(1, "v1", 9000),
      productType: "Academy",
      scheduleType: "Academy (1st half)",
    };
    expect(priceCart([academy], { siblingDiscountPercent: 10, promocode: promo })).toMatchObject({
      promocode: "promocode_min_total",
      discountCents: 0,
    });
  });

  it("never discounts a gift card: it is sold at its face value, whatever types the code names (D482)", () => {
    const giftCard: PricingItem = {
      id: 2,
      productType: "GiftCard",
      scheduleType: "GiftCard",
      childKey: null,
      listCents: 30000,
      recurrentListCents: 0,
    };
    const tenPercent = { percentOff: 10, amountOffCents: null, productTypes: [], minTotalCents: 0 };
    const mixed = priceCart([workshop(1, "v1", 4500), giftCard], {
      siblingDiscountPercent: 10,
      promocode: tenPercent,
    });
    expect(mixed.items.map((i) => i.promocodeDiscountCents)).toEqual([450, 0]);
    expect(mixed.totalCheckoutCents).toBe(4050 + 30000);
    // The card alone: nothing the code can discount, and its minimum counts only what it could.
    expect(priceCart([giftCard], { siblingDiscountPercent: 10, promocode: tenPercent })).toMatchObject({
      promocode: "promocode_not_applicable",
      discountCents: 0,
    });
    const named = { ...tenPercent, productTypes: ["GiftCard" as const] };
    expect(priceCart([giftCard], { siblingDiscountPercent: 10, promocode: named }).promocode).toBe(
      "promocode_not_applicable",
    );
    const minimum = { ...tenPercent, minTotalCents: 10000 };
    expect(
      priceCart([workshop(1, "v1", 4500), giftCard], { siblingDiscountPercent: 10, promocode: minimum }),
    ).toMatchObject({ promocode: "promocode_min_total", discountCents: 0 });
  });
});

describe("allocate", () => {
  it("splits exactly, never above a part's base", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bases, share) => {
          const sum = bases.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * share);
          const parts = allocate(total, bases);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(bases[i] ?? 0);
          });
        },
      ),
    );
  });
});

const itemArb = fc.record({
  productType: fc.constantFrom(...PRODUCT_TYPES),
  scheduleType: fc.constantFrom(...SCHEDULE_TYPES),
  childKey: fc.option(fc.constantFrom("v1", "v2", "v3", "g1", "g2"), { nil: null }),
  listCents: fc.integer({ min: 0, max: 500_000 }),
  recurrent: fc.boolean(),
});

describe("any cart", () => {
  it("totals are the sum of the items minus their discounts, and no discount exceeds its item", () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 15 }),
        fc.integer({ min: 0, max: 100 }),
        fc.option(
          fc.oneof(
            fc.record({ percentOff: fc.integer({ min: 1, max: 100 }), amountOffCents: fc.constant(null) }),
            fc.record({
              percentOff: fc.constant(null),
              amountOffCents: fc.integer({ min: 1, max: 1_000_000 }),
            }),
          ),
          { nil: null },
        ),
        (raw, siblingPercent, promo) => {
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
          let list = 0;
          let discount = 0;
          let monthly = 0;
          cart.items.forEach((p, i) => {
            const item = items[i];
            if (!item) throw new Error("missing item");
            expect(p.siblingDiscountCents + p.promocodeDiscountCents).toBeLessThanOrEqual(item.listCents);
            expect(p.recurrentDiscountCents).toBeLessThanOrEqual(item.recurrentListCents);
            if (item.productType === "GiftCard") expect(p.promocodeDiscountCents).toBe(0);
            list += item.listCents;
            discount += p.siblingDiscountCents + p.promocodeDiscountCents;
            monthly += item.recurrentListCents - p.recurrentDiscountCents;
          });
          expect(cart.totalPriceCents).toBe(list);
          expect(cart.discountCents).toBe(discount);
          expect(cart.totalCheckoutCents).toBe(list - discount);
          expect(cart.totalCheckoutCents).toBeGreaterThanOrEqual(0);
          expect(cart.totalRecurrentCents).toBe(monthly);
        },
      ),
    );
  });
});
