import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { COURSE_5_7, createChild, createParent, GIFT_CARD, pageBySlug } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";
import { type FeedChange, orders, waitingListEntries } from "./index.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
}, 60_000);
afterAll(() => ctx?.close());

/**
 * The kinds of the catalogue channel's notifications while `work` runs and shortly after (they arrive on
 * commit; on PostgreSQL one commit reaches both the writing connection and the watcher).
 */
async function notificationsDuring(work: () => Promise<unknown>): Promise<FeedChange[]> {
  const seen: FeedChange[] = [];
  const stop = ctx.database.changes.subscribe((change) => {
    seen.push(change);
  });
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return [...new Set(seen)];
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
    expect(quiet).toEqual([]);

    const [cart] = await db.select().from(orders).where(sql`${orders.cartId} = ${cart_id}::uuid`);
    if (!cart) throw new Error("the cart is gone");
    // The cart turns into a reservation (what checkout's staging writes): its seats now count.
    const reserved = await notificationsDuring(() =>
      db
        .update(orders)
        .set({ status: "awaiting_payment", reservedUntil: new Date(Date.now() + 60_000) })
        .where(eq(orders.id, cart.id)),
    );
    // A seat's change says so (D444): what shows no seats of others keeps what it made.
    expect(reserved).toEqual(["seats"]);
    // An item of a reserved order changes: notified.
    const itemOfReservation = await notificationsDuring(() =>
      db.execute(sql`update order_items set comment = 'x' where id = ${itemId}`),
    );
    expect(itemOfReservation).toEqual(["seats"]);
    // Back to a cart (a cancelled checkout): its seats are free again, notified.
    const back = await notificationsDuring(() =>
      db.update(orders).set({ status: "cart", reservedUntil: null }).where(eq(orders.id, cart.id)),
    );
    expect(back).toEqual(["seats"]);

    // A waiting list's entry is a seat's change too; the catalogue's own tables are everything's.
    const parent = await createParent(db);
    const child = await createChild(db, parent.id, 6);
    const course = await pageBySlug(db, COURSE_5_7);
    const inLine = await notificationsDuring(() =>
      db.insert(waitingListEntries).values({
        userId: parent.id,
        visitorId: child,
        productPageId: course.page.id,
        purchaseOptionId: course.options[0]?.id ?? 0,
        scheduleSlotId: course.slots[0]?.id ?? 0,
        locale: "de",
      }),
    );
    expect(inLine).toEqual(["seats"]);
    const page = await notificationsDuring(() =>
      db.execute(sql`update product_pages set slug = slug where id = ${gift.page.id}`),
    );
    expect(page).toEqual(["all"]);
  });
});
