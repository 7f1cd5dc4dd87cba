import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../support/api.ts";
import { type Caddy, type HttpsClient, startCaddy } from "../support/caddy.ts";
import { deploySettings } from "../support/deploy-settings.ts";
import { createParents, type Parent, type Session, workshopSession } from "../support/parents.ts";
import { type PayPal, startPayPal } from "../support/paypal.ts";
import { freshDatabase, type TestDatabase } from "../support/postgres.ts";
import { flushRedis } from "../support/redis.ts";
import { type Shop, sleep, startShop, waitFor } from "../support/shop.ts";
import { type SmtpStandIn, startSmtpStandIn } from "../support/smtp.ts";

// The production recipe (deploy/, docs/operations.md) as processes: Debian's Caddy with the school's
// Caddyfile terminates TLS (its internal CA here, Let's Encrypt there) in front of two instances on one
// PostgreSQL and one Redis, with the settings of deploy/settings.env.example. A Redis database of its own,
// emptied first, so rate-limit counts of an earlier run do not count.
const REDIS_URL = process.env.FAULTS_TOPOLOGY_REDIS_URL ?? "redis://127.0.0.1:6379/12";
const LIMIT = 3;
const METRICS_TOKEN = "topology-metrics-token-0123456789";

describe("the production recipe: Caddy with TLS in front of two instances on PostgreSQL and Redis", () => {
  let database: TestDatabase;
  let paypal: PayPal;
  let smtp: SmtpStandIn;
  let a: Shop;
  let b: Shop;
  let caddy: Caddy;
  let session: Session;
  const recipe = deploySettings();

  beforeAll(async () => {
    await flushRedis(REDIS_URL);
    database = await freshDatabase("topology");
    paypal = await startPayPal();
    smtp = await startSmtpStandIn();
    const env = {
      // The recipe's own values for how the process runs and drains (D195) and whom it believes.
      NODE_ENV: recipe.NODE_ENV as string,
      TRUST_PROXY: recipe.TRUST_PROXY as string,
      SHUTDOWN_DRAIN_MS: recipe.SHUTDOWN_DRAIN_MS as string,
      SENTRY_ENVIRONMENT: recipe.SENTRY_ENVIRONMENT as string,
      // The school's services, played by stand-ins; the demo catalogue to book from.
      ...paypal.env,
      REDIS_URL,
      SMTP_URL: smtp.url,
      SEED_ON_EMPTY: "true",
      CART_INIT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      METRICS_TOKEN,
    };
    a = await startShop({ name: "topology-a", databaseUrl: database.url, env });
    b = await startShop({ name: "topology-b", databaseUrl: database.url, env });
    caddy = await startCaddy([a.url, b.url]);
    session = await workshopSession(database, 50, 0);
  });

  afterAll(async () => {
    await caddy?.close();
    await Promise.all([a?.stop(1000), b?.stop(1000)]);
    await smtp?.stop();
    await paypal?.close();
    await database?.drop();
  });

  it("serves over TLS with the proxy's certificate, and a parent books and pays through it", async () => {
    expect(recipe.TRUST_PROXY).toBe("127.0.0.1");
    const client = caddy.client();
    const [parent] = (await createParents(database, 1)) as [Parent];
    const headers = parent.headers;
    const added = await client.call("POST", "/api/v2/orders/items/?locale=de", {
      headers,
      body: session.item(parent.children[0] as number),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const staged = await client.call("POST", "/api/v2/orders/fulfill/?locale=de&payment_gateway=paypal", {
      headers,
      body: { terms_accepted: true },
    });
    expect(staged.status, JSON.stringify(staged.body)).toBe(200);
    const paypalId = (staged.body as { id: string }).id;
    paypal.standIn.approve(paypalId);
    const captured = await client.call("POST", `/api/v2/orders/${paypalId}/capture/?locale=de`, {
      headers,
      body: { orderID: paypalId },
    });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    const orders = await database.query<{ status: string; total_checkout_cents: number }>(
      "select status, total_checkout_cents from orders where user_id = $1 and status <> 'cart'",
      [parent.userId],
    );
    expect(orders).toEqual([{ status: "paid", total_checkout_cents: session.priceCents }]);
    // Caddy answers the internet, not the instances: /metrics is not served through it.
    // Nor with a trailing slash, which the shop ignores (D528).
    for (const path of ["/metrics", "/metrics/"])
      expect((await client.call("GET", path)).status, path).toBe(404);
    client.close();
  });

  it("rate limits see the client's address from Caddy's X-Forwarded-For, not the proxy's", async () => {
    const from2 = caddy.client("127.0.0.2");
    const from3 = caddy.client("127.0.0.3");
    const init = (client: HttpsClient) =>
      // A client cannot forge its address: Caddy replaces the X-Forwarded-For it sends.
      client.call("POST", "/api/v2/orders/init/?locale=de", {
        headers: { "x-forwarded-for": "198.51.100.7" },
      });
    const first: Answer[] = [];
    for (let n = 0; n <= LIMIT; n++) first.push(await init(from2));
    expect(first.map((answer) => answer.status)).toEqual([...Array(LIMIT).fill(201), 429]);
    // Another client behind the same proxy still has its own allowance, on both instances.
    const second: Answer[] = [];
    for (let n = 0; n < LIMIT; n++) second.push(await init(from3));
    expect(second.map((answer) => answer.status)).toEqual(Array(LIMIT).fill(201));
    expect((await init(from3)).status).toBe(429);
    from2.close();
    from3.close();
  });

  it("restarts each instance in turn under load of cart and catalogue calls without a failed request", async () => {
    const parents = await createParents(database, 4);
    const clients = parents.map((_, n) => caddy.client(`127.0.0.${10 + n}`));
    const answers: { what: string; answer: Answer; at: number }[] = [];
    const t0 = Date.now();
    const events: string[] = [];
    let running = true;

    // No retry: every request must be answered by the shop. Caddy's own empty 503 ("no upstreams available")
    // fails the test; with round robin it met a few writes while one instance was out (D345).
    // Each parent browses the catalogue, puts the session in the cart, looks at the cart and takes it out.
    async function shopper(parent: Parent, client: HttpsClient) {
      const { headers } = parent;
      const note = (what: string, answer: Answer) => {
        answers.push({ what, answer, at: Date.now() - t0 });
        return answer;
      };
      while (running) {
        note("catalogue", await client.call("GET", "/api/v2/products/?locale=de"));
        note("product", await client.call("GET", `/api/v2/products/${session.pageId}/?locale=de`));
        const added = note(
          "add",
          await client.call("POST", "/api/v2/orders/items/?locale=de", {
            headers,
            body: session.item(parent.children[0] as number),
          }),
        );
        note("cart", await client.call("GET", "/api/v2/orders/current/?locale=de", { headers }));
        const id = (added.body as { id?: number } | undefined)?.id;
        if (id !== undefined)
          note("remove", await client.call("DELETE", `/api/v2/orders/items/${id}/?locale=de`, { headers }));
        // After a failed add (counted above), the cart is emptied straight in the database so that one
        // failure does not turn every later add into "already booked".
        else
          await database.query(
            "delete from order_items where order_id in (select id from orders where user_id = $1 and status = 'cart')",
            [parent.userId],
          );
        // A steady load, not a flood: the fault file running beside this one shares the two cores.
        await sleep(50);
      }
    }
    const load = parents.map((parent, n) => shopper(parent, clients[n] as HttpsClient));

    const restarts: { name: string; stopMs: number; exit: ReturnType<Shop["ended"]> }[] = [];
    for (const shop of [a, b]) {
      await sleep(1500);
      const before = answers.length;
      const stopped = Date.now();
      events.push(`${Date.now() - t0} SIGTERM ${shop.name}`);
      // SIGTERM: the instance drains for the recipe's SHUTDOWN_DRAIN_MS, then closes; Caddy's health check
      // has taken it out of the rotation by then. The "new build" (the same dist) starts on the same port.
      await shop.stop(Number(recipe.SHUTDOWN_DRAIN_MS) + 20_000);
      restarts.push({ name: shop.name, stopMs: Date.now() - stopped, exit: shop.ended() });
      expect(answers.length, "requests were served while the instance drained").toBeGreaterThan(before);
      events.push(`${Date.now() - t0} exited ${shop.name}`);
      await shop.restart();
      events.push(`${Date.now() - t0} ready ${shop.name}`);
      // Back in Caddy's rotation once its health check has seen /readyz answer 200.
      await waitFor("the restarted instance to serve through Caddy", () => caddyServes(shop), {
        timeoutMs: 20_000,
      });
    }
    await sleep(1500);
    running = false;
    await Promise.all(load);
    for (const client of clients) client.close();

    console.log(`rolling restart: ${answers.length} requests through Caddy, ${JSON.stringify(restarts)}`);
    const failed = answers.filter(({ what, answer }) => answer.status !== (expected[what] ?? 200));
    const caddyWords = caddy
      .output()
      .split("\n")
      .filter((line) => /error|unhealthy|healthy/i.test(line))
      .slice(-15)
      .join("\n");
    expect(
      failed
        .slice(0, 10)
        .map(
          ({ what, answer, at }) =>
            `${at} ms ${what}: ${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`,
        ),
      `${failed.length} of ${answers.length} requests failed; ${events.join(", ")}; Caddy:\n${caddyWords}`,
    ).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    // Each instance ended by itself after its drain (no SIGKILL): Fastify's graceful close, or on a starved
    // machine the server's own limit (drain + 10 s, exit 1, "shutdown timed out"; seen once in the whole
    // fault suite on the shared 2-core machine, D308), which is reported here but fails nothing parents see.
    for (const [n, restart] of restarts.entries()) {
      const shop = [a, b][n] as Shop;
      expect(restart.exit.signal, `${restart.name} had to be killed`).toBeNull();
      expect(restart.stopMs).toBeLessThan(Number(recipe.SHUTDOWN_DRAIN_MS) + 15_000);
      if (restart.exit.code !== 0 || restart.stopMs > Number(recipe.SHUTDOWN_DRAIN_MS) + 3000)
        console.warn(
          `${restart.name} exited ${restart.exit.code} ${restart.stopMs} ms after SIGTERM:\n${shutdownLines(shop)}`,
        );
    }
    a.assertAlive();
    b.assertAlive();
  });

  const expected: Record<string, number> = { add: 201, remove: 204 };

  /** The shop's own words about its shutdowns (its log at warn and above, and the lines around a stop). */
  function shutdownLines(shop: Shop): string {
    return shop
      .output()
      .split("\n")
      .filter((line) => /shut|clos|timed out|"level":(40|50|60)/.test(line))
      .slice(-20)
      .join("\n");
  }

  /** Catalogue requests `shop` has answered, from its own /metrics (D260). */
  async function catalogueServed(shop: Shop): Promise<number> {
    const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
    let count = 0;
    for (const line of (await res.text()).split("\n"))
      if (line.startsWith("http_requests_total{") && line.includes('route="/api/v2/products/"'))
        count += Number(line.split(" ").pop());
    return count;
  }

  /** Whether Caddy sends requests to `shop` again: the load's catalogue calls reach it. */
  async function caddyServes(shop: Shop): Promise<boolean> {
    const from = await catalogueServed(shop);
    await sleep(500);
    return (await catalogueServed(shop)) > from;
  }
});
