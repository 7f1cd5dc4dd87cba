import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { guestCartOfGiftCards } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { type CartTotalsChange, updateItemDiscounts, writeRepricedCart } from "./order.repository.ts";

/**
 * The discounts a reprice changes on stored items (an add's and staging's, D471) are written in one
 * statement, and only on the cart named: an item id of another cart among them is left as it was.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
}, 60_000);
afterAll(() => ctx?.close());

const cartOf = (count: number) => guestCartOfGiftCards(ctx.app, ctx.database.db, count);

/** The stored items of `ids` in id order: what a test compares (with `toMatchObject`, only what it names). */
const itemsOf = async (ids: number[]) =>
  (
    await ctx.database.db
      .select({
        id: orderItems.id,
        comment: orderItems.comment,
        price: orderItems.calculatedPriceCents,
        sibling: orderItems.siblingDiscountCents,
        promocode: orderItems.promocodeDiscountCents,
        recurrent: orderItems.recurrentDiscountCents,
      })
      .from(orderItems)
      .where(inArray(orderItems.id, ids))
  ).sort((a, b) => a.id - b.id);

describe("a reprice's changed discounts on stored items (D471)", () => {
  it("are written for each listed item of the cart, and never on another cart's item", async () => {
    const mine = await cartOf(3);
    const theirs = await cartOf(1);
    const [first, , third] = mine.ids;
    const [foreign] = theirs.ids;
    if (first === undefined || third === undefined || foreign === undefined) throw new Error("no items");
    const change = (id: number, promocode: number) => ({
      id,
      siblingDiscountCents: 0,
      promocodeDiscountCents: promocode,
      recurrentDiscountCents: 0,
    });
    await ctx.database.db.transaction((tx) =>
      updateItemDiscounts(
        tx,
        mine.orderId,
        [change(first, 100), change(third, 250), change(foreign, 300)],
        new Date(),
      ),
    );
    expect(await itemsOf([...mine.ids, foreign])).toMatchObject([
      { id: first, sibling: 0, promocode: 100, recurrent: 0 },
      { id: mine.ids[1], sibling: 0, promocode: 0, recurrent: 0 },
      { id: third, sibling: 0, promocode: 250, recurrent: 0 },
      { id: foreign, sibling: 0, promocode: 0, recurrent: 0 },
    ]);
  });
});

describe("a changed item written with its cart's reprice (D476)", () => {
  const totals = (totalPriceCents: number): CartTotalsChange => ({
    promocodeId: null,
    giftCardId: null,
    giftCardCents: 0,
    totalPriceCents,
    discountCents: 0,
    totalCheckoutCents: totalPriceCents,
    totalRecurrentCents: 0,
  });
  const edited = (id: number, comment: string, promocode: number) => ({
    id,
    visitorId: null,
    guestVisitorRef: null,
    calculatedPriceCents: 4200,
    recurrentPriceCents: 0,
    academyNumberOfWeeks: null,
    comment,
    giftCardDetails: null,
    siblingDiscountCents: 0,
    promocodeDiscountCents: promocode,
    recurrentDiscountCents: 0,
    slotIds: [],
    weekIds: [],
  });

  it("takes its own discounts rather than the list's, beside the others' and the cart's totals", async () => {
    const mine = await cartOf(2);
    const [first, second] = mine.ids;
    if (first === undefined || second === undefined) throw new Error("no items");
    const [before] = await itemsOf([second]);
    const discount = (id: number, promocode: number) => ({
      id,
      siblingDiscountCents: 0,
      promocodeDiscountCents: promocode,
      recurrentDiscountCents: 0,
    });
    const shown = await ctx.database.db.transaction((tx) =>
      writeRepricedCart(
        tx,
        mine.orderId,
        // The list names the changed item too (with other amounts): one update of a row per statement.
        {
          removed: [],
          discounts: [discount(first, 50), discount(second, 999)],
          edited: edited(second, "Für Oma", 70),
        },
        totals(12_345),
        new Date(),
      ),
    );
    // A guest's gift card: no child, no slots or weeks (D477).
    expect(shown).toEqual({
      visitorFirstName: null,
      visitorLastName: null,
      visitorBirthDate: null,
      slots: [],
      weeks: [],
    });
    expect(await itemsOf(mine.ids)).toMatchObject([
      { id: first, comment: "", price: before?.price, promocode: 50 },
      { id: second, comment: "Für Oma", price: 4200, promocode: 70 },
    ]);
    const [cart] = await ctx.database.db
      .select({ total: orders.totalPriceCents })
      .from(orders)
      .where(eq(orders.id, mine.orderId));
    expect(cart?.total).toBe(12_345);
  });

  it("never changes an item of another cart", async () => {
    const mine = await cartOf(1);
    const theirs = await cartOf(1);
    const [foreign] = theirs.ids;
    if (foreign === undefined) throw new Error("no items");
    const before = await itemsOf([foreign]);
    await ctx.database.db.transaction((tx) =>
      writeRepricedCart(
        tx,
        mine.orderId,
        { removed: [], discounts: [], edited: edited(foreign, "fremd", 70) },
        totals(1),
        new Date(),
      ),
    );
    expect(await itemsOf([foreign])).toEqual(before);
  });
});
