import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, call, checkoutCalls, isDrfError } from "../support/api.ts";
import { createParents, type Parent, type Session, workshopSession } from "../support/parents.ts";
import { freshDatabase, type TestDatabase } from "../support/postgres.ts";
import { type Shop, sleep, startShop } from "../support/shop.ts";

const LOCK_MS = 20_000;
// More cart calls at once than the shop's pool has connections (10): the pool itself is what runs out.
const CART_CALLS = 12;
const LIST = "/api/v2/products/?locale=de";

describe("the orders table locked for 20 s", () => {
  let database: TestDatabase;
  let shop: Shop;
  let session: Session;
  let parents: Parent[];

  beforeAll(async () => {
    database = await freshDatabase("locked");
    shop = await startShop({ name: "locked", databaseUrl: database.url });
    session = await workshopSession(database, 100);
    parents = await createParents(database, CART_CALLS, 2);
  });

  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
  });

  it("the catalogue and /readyz answer within 3 s, cart calls get a 503 within 10 s, and work again after", async () => {
    // The catalogue as a parent opened it before.
    expect((await call(shop.url, "GET", LIST)).status).toBe(200);

    // A migration or a runaway statement holds the table: nobody may read or write it until it ends.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table orders in access exclusive mode");
    const lockedAt = Date.now();
    const released = sleep(LOCK_MS).then(async () => {
      await locker.query("rollback");
      await locker.end();
    });

    try {
      const cartCalls = parents.map((parent) =>
        checkoutCalls(shop.url, parent.headers).add(session.item(parent.children[0] as number)),
      );
      // While the cart calls wait, a parent browses and the load balancer asks whether the shop is ready.
      const probes: (Answer & { what: string })[] = [];
      for (let n = 0; n < 5; n++) {
        await sleep(1000);
        const [ready, list] = await Promise.all([
          call(shop.url, "GET", "/readyz", { timeoutMs: 15_000 }),
          call(shop.url, "GET", `${LIST}&page=1&probe=${n}`, { timeoutMs: 15_000 }),
        ]);
        probes.push({ ...ready, what: "readyz" }, { ...list, what: "catalogue" });
      }
      for (const probe of probes) {
        expect(probe.ms, `${probe.what} answered in ${Math.round(probe.ms)} ms`).toBeLessThan(3000);
        expect(probe.status, `${probe.what}: ${JSON.stringify(probe.body)}`).toBe(200);
      }
      expect(Date.now() - lockedAt, "the probes ran while the lock was held").toBeLessThan(LOCK_MS);
      const carts = await Promise.all(cartCalls);
      for (const cart of carts) {
        expect(cart.ms, `a cart call answered in ${Math.round(cart.ms)} ms`).toBeLessThan(10_000);
        expect(cart.status, JSON.stringify(cart.body)).toBe(503);
        expect(isDrfError(cart.body)).toBe(true);
        expect(Number(cart.headers?.get("retry-after")), "Retry-After").toBeGreaterThan(0);
      }
    } finally {
      await released;
    }

    // The lock is gone: the same calls succeed.
    const again = await Promise.all(
      parents.map((parent) =>
        checkoutCalls(shop.url, parent.headers).add(session.item(parent.children[1] as number)),
      ),
    );
    expect(again.map((answer) => answer.status)).toEqual(parents.map(() => 201));
    expect(shop.alive()).toBe(true);
  });
});
