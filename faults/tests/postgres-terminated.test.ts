import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, call, isDrfError } from "../support/api.ts";
import { createParents, type Parent, type Session, workshopSession } from "../support/parents.ts";
import { freshDatabase, type TestDatabase, terminateBackends } from "../support/postgres.ts";
import { type Shop, sleep, startShop, waitFor } from "../support/shop.ts";

const PARENTS = 5;
const ROUNDS = 3;

type Logged = Answer & { at: number; what: string };

describe("PostgreSQL ends the shop's connections three times during light load", () => {
  let database: TestDatabase;
  let shop: Shop;
  let session: Session;
  let parents: Parent[];

  beforeAll(async () => {
    database = await freshDatabase("terminate");
    shop = await startShop({ name: "terminate", databaseUrl: database.url });
    session = await workshopSession(database, 1000);
    // A child per booking: an item that stayed in the cart (its removal failed) does not block the next.
    parents = await createParents(database, PARENTS, 60);
  });

  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
  });

  it("the process lives, requests in flight get 503, and then requests succeed", async () => {
    const log: Logged[] = [];
    let running = true;
    const record = async (what: string, pending: Promise<Answer>) => {
      const answer = await pending;
      log.push({ ...answer, at: Date.now(), what });
      return answer;
    };

    // Each parent adds a workshop for the next child, looks at the cart and removes the item again.
    async function load(parent: Parent) {
      for (let n = 0; running && n < 2000; n++) {
        const child = parent.children[n % parent.children.length];
        const path = "/api/v2/orders/items/?locale=de";
        const added = await record(
          "add",
          call(shop.url, "POST", path, { headers: parent.headers, body: session.item(child as number) }),
        );
        await record(
          "current",
          call(shop.url, "GET", "/api/v2/orders/current/?locale=de", { headers: parent.headers }),
        );
        if (added.status === 201) {
          const id = (added.body as { id: number }).id;
          await record(
            "remove",
            call(shop.url, "DELETE", `/api/v2/orders/items/${id}/?locale=de`, { headers: parent.headers }),
          );
        }
      }
    }
    const workers = parents.map(load);

    const ended: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await sleep(1500);
        const at = Date.now();
        ended.push(await terminateBackends(database));
        await waitFor(
          `requests to succeed after termination ${round + 1}`,
          () => {
            shop.assertAlive();
            return log.some((answer) => answer.at > at + 100 && answer.status >= 200 && answer.status < 300);
          },
          { timeoutMs: 15_000, everyMs: 100 },
        );
      }
      await sleep(1000);
    } finally {
      running = false;
      await Promise.all(workers);
    }

    const statuses = new Map<number, number>();
    for (const answer of log) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    console.log(
      `backends ended per round: ${ended.join(", ")}; answers by status:`,
      Object.fromEntries(statuses),
    );
    expect(
      ended.every((n) => n > 0),
      "each round ended some of the shop's connections",
    ).toBe(true);
    expect(shop.alive()).toBe(true);
    expect(shop.output()).not.toMatch(/Unhandled 'error' event/);
    // Nothing but success or a clear "try again" (no 500, no dropped connection).
    const unexpected = log.filter((answer) => ![200, 201, 204, 503].includes(answer.status));
    expect(unexpected.map((answer) => `${answer.what} ${answer.status} ${answer.error ?? ""}`)).toEqual([]);
    for (const answer of log.filter((a) => a.status === 503)) expect(isDrfError(answer.body)).toBe(true);
    // The pool has reconnected: every parent's calls succeed again.
    for (const parent of parents) {
      const cart = await call(shop.url, "GET", "/api/v2/orders/current/?locale=de", {
        headers: parent.headers,
      });
      expect(cart.status).toBe(200);
    }
    expect((await call(shop.url, "GET", "/readyz")).status).toBe(200);
  });
});
