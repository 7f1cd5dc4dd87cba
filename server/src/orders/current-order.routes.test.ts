import { OrderSchema } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  giftCards,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  promocodes,
  visitors,
} from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { COURSE_5_7, createChild, createParent, pageBySlug, WORKSHOP_10 } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * The current order is sent again as it was made while nothing it shows changed (D430). These tests write
 * as another instance of the shop would, straight to the database and not through this instance's cart,
 * and expect the next read to show it.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let course: Awaited<ReturnType<typeof pageBySlug>>;
let workshop: Awaited<ReturnType<typeof pageBySlug>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  [course, workshop] = await Promise.all([
    pageBySlug(ctx.database.db, COURSE_5_7),
    pageBySlug(ctx.database.db, WORKSHOP_10),
  ]);
}, 60_000);
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const current = (headers: Headers, locale = "de") =>
  ctx.app.inject({ method: "GET", url: `/api/v2/orders/current/?locale=${locale}`, headers });

async function parentWithCourse() {
  const db = ctx.database.db;
  const parent = await createParent(db);
  const child = await createChild(db, parent.id, 6);
  const added = await ctx.app.inject({
    method: "POST",
    url: "/api/v2/orders/items/?locale=de",
    headers: parent.headers,
    payload: {
      product_page: course.page.id,
      purchase_option: course.option("Course (1 / week)").id,
      visitor: child,
      schedule_slots: [course.slots[0]?.id],
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { parent, child, item: added.json().id as number };
}

const onlyItem = async (headers: Headers) => {
  const read = await current(headers);
  expect(read.statusCode, read.body).toBe(200);
  const order = OrderSchema.parse(read.json());
  expect(order.items).toHaveLength(1);
  return order.items[0] as NonNullable<(typeof order.items)[0]>;
};

describe(`the current order read again (D430, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("sends the same reply while nothing changed, privately, and a 304 to a client that has it", async () => {
    const { parent } = await parentWithCourse();
    const first = await current(parent.headers);
    const again = await current(parent.headers);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    const etag = String(first.headers.etag);
    const unchanged = await current({ ...parent.headers, "if-none-match": etag });
    expect(unchanged.statusCode).toBe(304);
    // Another language is another reply.
    const russian = await current(parent.headers, "ru");
    expect(russian.json().items[0].product_page.name).not.toBe(first.json().items[0].product_page.name);
  });

  it("shows the next read every write of another writer: the child, the item, its slot, the cart", async () => {
    const db = ctx.database.db;
    const { parent, child, item } = await parentWithCourse();
    expect((await onlyItem(parent.headers)).visitor_name).toBe("Mila Muster");

    await db.update(visitors).set({ firstName: "Lena" }).where(eq(visitors.id, child));
    expect((await onlyItem(parent.headers)).visitor_name).toBe("Lena Muster");

    await db.update(orderItems).set({ comment: "Bitte mit Schürze" }).where(eq(orderItems.id, item));
    expect((await onlyItem(parent.headers)).comment).toBe("Bitte mit Schürze");

    // The chosen time changed (a link removed and another written), the item's own row untouched.
    const other = course.slots[1]?.id;
    if (other === undefined) throw new Error("the course has one slot");
    await db.delete(orderItemSlots).where(eq(orderItemSlots.orderItemId, item));
    await db.insert(orderItemSlots).values({ orderItemId: item, scheduleSlotId: other });
    expect((await onlyItem(parent.headers)).schedule_slot_details.map((slot) => slot.id)).toEqual([other]);

    await db.update(orders).set({ payerFirstName: "Eva-Maria" }).where(eq(orders.userId, parent.id));
    expect((await current(parent.headers)).json().payer_first_name).toBe("Eva-Maria");

    // An item removed by another instance is gone at once.
    await db.delete(orderItems).where(eq(orderItems.id, item));
    expect((await current(parent.headers)).json().items).toEqual([]);
  });

  it("shows a promocode's new text, and a guest's cart the same way", async () => {
    const db = ctx.database.db;
    const init = await ctx.app.inject({ method: "POST", url: "/api/v2/orders/init/?locale=de" });
    const cartId = init.json().cart_id as string;
    const guest = (path: string, method: "GET" | "POST" | "PUT", payload?: object) =>
      ctx.app.inject({ method, url: `${path}?locale=de&cart_id=${cartId}`, ...(payload ? { payload } : {}) });
    const added = await guest("/api/v2/orders/items/", "POST", {
      product_page: workshop.page.id,
      purchase_option: workshop.option("Ticket").id,
      visitor: 1,
      schedule_slots: [workshop.slots[0]?.id],
    });
    expect(added.statusCode, added.body).toBe(201);
    const [code] = await db
      .insert(promocodes)
      .values({ code: `READ${Date.now()}`, percentOff: 10 })
      .returning();
    if (!code) throw new Error("no code");
    expect(
      (await guest("/api/v2/orders/current/set_promocode/", "PUT", { promocode: code.code })).statusCode,
    ).toBe(200);
    expect((await guest("/api/v2/orders/current/", "GET")).json().promocode).toBe(code.code);
    await db
      .update(promocodes)
      .set({ code: `${code.code}X` })
      .where(eq(promocodes.id, code.id));
    expect((await guest("/api/v2/orders/current/", "GET")).json().promocode).toBe(`${code.code}X`);
  });

  it("reads a gift card on the cart as it is now: its balance is the card's, spent elsewhere too", async () => {
    const db = ctx.database.db;
    const { parent } = await parentWithCourse();
    const [card] = await db
      .insert(giftCards)
      .values({ code: `TEST-READ-${Date.now()}`, initialCents: 5_000, balanceCents: 5_000 })
      .returning();
    if (!card) throw new Error("no card");
    const set = await ctx.app.inject({
      method: "PUT",
      url: "/api/v2/orders/current/set_promocode/?locale=de",
      headers: parent.headers,
      payload: { promocode: card.code },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await current(parent.headers)).json().gift_card.balance_cents).toBe(5_000);
    // Another family's payment spent part of it (the card's own row; nothing of this cart changed).
    await db.update(giftCards).set({ balanceCents: 1_500 }).where(eq(giftCards.id, card.id));
    expect((await current(parent.headers)).json().gift_card.balance_cents).toBe(1_500);
  });

  it("shows an offer renamed in the catalogue once the catalogue's change reaches this instance", async () => {
    const db = ctx.database.db;
    const { parent } = await parentWithCourse();
    const before = (await onlyItem(parent.headers)).product_page.name;
    await db
      .update(productPages)
      .set({ name: sql`jsonb_set(${productPages.name}, '{de}', to_jsonb(${`${before} (neu)`}::text))` })
      .where(eq(productPages.id, course.page.id));
    try {
      // The change comes by the catalogue's notification, as it ends the catalogue's epoch (D85).
      await expect
        .poll(async () => (await onlyItem(parent.headers)).product_page.name, { timeout: 5_000 })
        .toBe(`${before} (neu)`);
    } finally {
      await db
        .update(productPages)
        .set({ name: sql`jsonb_set(${productPages.name}, '{de}', to_jsonb(${before}::text))` })
        .where(eq(productPages.id, course.page.id));
    }
  });
});
