import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { GIFT_CARD, pageBySlug } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";
import { orders } from "./index.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
}, 60_000);
afterAll(() => ctx?.close());

/** Notifications of the catalogue channel while `work` runs and shortly after (they arrive on commit). */
async function notificationsDuring(work: () => Promise<unknown>): Promise<number> {
  let seen = 0;
  const stop = ctx.database.changes.subscribe(() => {
    seen += 1;
  });
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return seen;
  } finally {
    stop();
  }
}

describe(`seat changes notify the catalogue, cart writes do not (D386, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("adds and removes in a guest cart without a notification; a reservation and its return notify", async () => {
    const db = ctx.database.db;
    const gift = await pageBySlug(db, GIFT_CARD);
    const { cart_id } = (await ctx.app.inject({ method: "POST", url: "/api/v2/orders/init/" })).json();
    let itemId = 0;
    // Notifications of the seed and the cart's creation arrive first.
    await notificationsDuring(async () => undefined);
    const quiet = await notificationsDuring(async () => {
      const added = await ctx.app.inject({
        method: "POST",
        url: `/api/v2/orders/items/?cart_id=${cart_id}`,
        payload: { product_page: gift.page.id, purchase_option: gift.options[0]?.id },
      });
      expect(added.statusCode).toBe(201);
      itemId = added.json().id;

      const second = await ctx.app.inject({
        method: "POST",
        url: `/api/v2/orders/items/?cart_id=${cart_id}`,
        payload: { product_page: gift.page.id, purchase_option: gift.options[1]?.id },
      });
      expect(second.statusCode).toBe(201);

      const removed = await ctx.app.inject({
        method: "DELETE",
        url: `/api/v2/orders/items/${second.json().id}/?cart_id=${cart_id}`,
      });
      expect(removed.statusCode).toBe(204);
    });
    expect(quiet).toBe(0);

    const [cart] = await db.select().from(orders).where(sql`${orders.cartId} = ${cart_id}::uuid`);
    if (!cart) throw new Error("the cart is gone");
    // The cart turns into a reservation (what checkout's staging writes): its seats now count.
    const reserved = await notificationsDuring(() =>
      db
        .update(orders)
        .set({ status: "awaiting_payment", reservedUntil: new Date(Date.now() + 60_000) })
        .where(eq(orders.id, cart.id)),
    );
    expect(reserved).toBeGreaterThan(0);
    // An item of a reserved order changes: notified.
    const itemOfReservation = await notificationsDuring(() =>
      db.execute(sql`update order_items set comment = 'x' where id = ${itemId}`),
    );
    expect(itemOfReservation).toBeGreaterThan(0);
    // Back to a cart (a cancelled checkout): its seats are free again, notified.
    const back = await notificationsDuring(() =>
      db.update(orders).set({ status: "cart", reservedUntil: null }).where(eq(orders.id, cart.id)),
    );
    expect(back).toBeGreaterThan(0);
  });
});
