import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "../seed/seed.ts";
import {
  createParent,
  GIFT_CARD,
  guestCartOfGiftCards,
  pageBySlug,
  SPECIAL_OFFER,
} from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * An add writes to PostgreSQL twice (D455): `begin`, the cart's lock and its lines in one write, the insert
 * and `commit` in the other. Each write is a round trip the cart stays locked for, waiting for PostgreSQL to
 * be woken and, in a rush, for the shop's event loop to take the answer.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let gift: Awaited<ReturnType<typeof pageBySlug>>;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  gift = await pageBySlug(ctx.database.db, GIFT_CARD);
}, 60_000);
afterAll(() => ctx?.close());

const databasePort = () => Number(new URL(process.env.DATABASE_URL ?? "postgres://x:5432").port || 5432);

/** The writes to PostgreSQL's sockets while `work` runs (every socket of the process to its port). */
async function writesDuring(work: () => Promise<void>): Promise<number> {
  const proto = net.Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
  const original = proto._writeGeneric;
  const port = databasePort();
  let writes = 0;
  proto._writeGeneric = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === port) writes++;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto._writeGeneric = original;
  }
  return writes;
}

/**
 * The fewest writes over three adds: a write of the shop's background work (its mail worker's poll) may fall
 * into one add, not into all three.
 */
async function fewestWrites(add: () => Promise<{ statusCode: number }>): Promise<number> {
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    counts.push(
      await writesDuring(async () => {
        expect((await add()).statusCode).toBe(201);
      }),
    );
  }
  return Math.min(...counts);
}

describe.skipIf(!usesPostgres())("an add's writes to PostgreSQL (D455)", () => {
  const body = () => ({ product_page: gift.page.id, purchase_option: gift.options[0]?.id });

  it("a guest's add: two writes, and the item is in the cart afterwards", async () => {
    const init = await ctx.app.inject({ method: "POST", url: "/api/v2/orders/init/" });
    const cartId = init.json().cart_id as string;
    const url = `/api/v2/orders/items/?cart_id=${cartId}`;
    // The first add of a fresh cart reads its (empty) lines too; the ones after read the items before them.
    await ctx.app.inject({ method: "POST", url, payload: body() });
    expect(await fewestWrites(() => ctx.app.inject({ method: "POST", url, payload: body() }))).toBe(2);
    const cart = await ctx.app.inject({ method: "GET", url: `/api/v2/orders/current/?cart_id=${cartId}` });
    expect(cart.json().items).toHaveLength(4);
  });

  it("a signed-in parent's add to the cart they have: two writes, and one before them for the sign-in", async () => {
    const parent = await createParent(ctx.database.db);
    const add = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v2/orders/items/",
        headers: parent.headers,
        payload: body(),
      });
    expect((await add()).statusCode).toBe(201);
    // The sign-in key is looked up on the pool before the transaction: one more write.
    expect(await fewestWrites(add)).toBe(3);
    const cart = await ctx.app.inject({
      method: "GET",
      url: "/api/v2/orders/current/",
      headers: parent.headers,
    });
    expect(cart.json().items).toHaveLength(4);
  });
});

describe.skipIf(!usesPostgres())("a removal's and a code's writes to PostgreSQL (D470)", () => {
  const cartOf = (items: number) => guestCartOfGiftCards(ctx.app, ctx.database.db, items);

  it("a removal: two writes, the lines with the lock and the removal with the totals and the commit", async () => {
    const { cartId, ids } = await cartOf(5);
    let next = 0;
    const remove = async () => {
      const res = await ctx.app.inject({
        method: "DELETE",
        url: `/api/v2/orders/items/${ids[next++]}/?cart_id=${cartId}`,
      });
      return { statusCode: res.statusCode === 204 ? 201 : res.statusCode };
    };
    expect(await fewestWrites(remove)).toBe(2);
    const cart = (
      await ctx.app.inject({ method: "GET", url: `/api/v2/orders/current/?cart_id=${cartId}` })
    ).json();
    expect(cart.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(3));
    expect(cart.total_price_cents).toBe(
      cart.items.reduce((sum: number, item: { list_price_cents: number }) => sum + item.list_price_cents, 0),
    );
  });

  it("a change of an item: two writes, the lines with the lock, and the item with the cart and the commit, which answers the reply (D476, D477)", async () => {
    const { cartId, ids } = await cartOf(3);
    let turn = 0;
    const patch = async () => {
      const comment = `Für Oma, Gruß ${turn++}`;
      const res = await ctx.app.inject({
        method: "PATCH",
        url: `/api/v2/orders/items/${ids[1]}/?cart_id=${cartId}`,
        payload: { comment },
      });
      expect(res.json().comment).toBe(comment);
      return { statusCode: res.statusCode === 200 ? 201 : res.statusCode };
    };
    expect(await fewestWrites(patch)).toBe(2);
    const cart = (
      await ctx.app.inject({ method: "GET", url: `/api/v2/orders/current/?cart_id=${cartId}` })
    ).json();
    expect(cart.items.map((item: { id: number; comment: string }) => [item.id, item.comment])).toEqual([
      [ids[0], ""],
      [ids[1], `Für Oma, Gruß ${turn - 1}`],
      [ids[2], ""],
    ]);
  });

  it("a code: three writes (the lines with the lock, the code with its uses, the items with the cart and the commit), and the reply is the cart as committed (D472, D479)", async () => {
    const { cartId } = await cartOf(3);
    // Two special offers beside the gift cards: the code discounts them, never a gift card (D482).
    const offer = await pageBySlug(ctx.database.db, SPECIAL_OFFER);
    for (let i = 0; i < 2; i++) {
      const added = await ctx.app.inject({
        method: "POST",
        url: `/api/v2/orders/items/?cart_id=${cartId}`,
        payload: { product_page: offer.page.id, purchase_option: offer.options[0]?.id },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const url = `/api/v2/orders/current/?cart_id=${cartId}`;
    const setUrl = `/api/v2/orders/current/set_promocode/?cart_id=${cartId}`;
    // Set, taken off, set, taken off: the code's discounts change both offers each time.
    const counts = [];
    for (const promocode of ["WELCOME10", "", "WELCOME10", ""]) {
      let reply: { json: () => { promocode: string | null } } | undefined;
      counts.push(
        await writesDuring(async () => {
          reply = await ctx.app.inject({ method: "PUT", url: setUrl, payload: { promocode } });
        }),
      );
      expect(reply?.json().promocode).toBe(promocode || null);
      // The reply's items are read before the cart's write and take the plan's discounts: as committed.
      expect(reply?.json()).toEqual((await ctx.app.inject({ method: "GET", url })).json());
    }
    // The fewest is a code set; taking it off needs neither the code nor its read. The reply shows the code
    // as the change read it and the items read with the cart's write: nothing is read after the commit.
    expect(Math.min(counts[0] ?? 0, counts[2] ?? 0)).toBe(3);
    expect(Math.min(counts[1] ?? 0, counts[3] ?? 0)).toBe(2);
  });
});
