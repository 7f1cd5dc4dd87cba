import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { guestCartOfGiftCards } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { updateItemDiscounts } from "./order.repository.ts";

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

const discountsOf = async (ids: number[]) =>
  (
    await ctx.database.db
      .select({
        id: orderItems.id,
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
    expect(await discountsOf([...mine.ids, foreign])).toEqual([
      { id: first, sibling: 0, promocode: 100, recurrent: 0 },
      { id: mine.ids[1], sibling: 0, promocode: 0, recurrent: 0 },
      { id: third, sibling: 0, promocode: 250, recurrent: 0 },
      { id: foreign, sibling: 0, promocode: 0, recurrent: 0 },
    ]);
  });
});
