import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, checkoutCalls } from "../support/api.ts";
import { seatsLeft } from "../support/catalogue.ts";
import { createParents, type Parent, workshopSession } from "../support/parents.ts";
import { type PayPal, startPayPal } from "../support/paypal.ts";
import { freshDatabase, type TestDatabase } from "../support/postgres.ts";
import { type RoundRobinProxy, startRoundRobinProxy } from "../support/proxy.ts";
import { type Shop, sleep, startShop, waitFor } from "../support/shop.ts";
import { deliveries, type SmtpStandIn, startSmtpStandIn } from "../support/smtp.ts";

// The local Redis; a database number of its own keeps these counts apart from other users of the server.
const REDIS_URL = process.env.FAULTS_REDIS_URL ?? "redis://127.0.0.1:6379/9";
const LIMIT = 3;

async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.once("connect", () => {
      socket.end();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/**
 * A client address of the IPv6 documentation range, new per run, so that counts an earlier run left in Redis
 * (for up to a minute) do not matter.
 */
const clientAddress = () => `2001:db8::${randomBytes(8).toString("hex").match(/.{4}/g)?.join(":")}`;

describe("two instances behind a round-robin proxy on one PostgreSQL and one Redis", () => {
  let database: TestDatabase;
  let paypal: PayPal;
  let smtp: SmtpStandIn;
  let a: Shop;
  let b: Shop;
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    if (!(await redisReachable(REDIS_URL)))
      throw new Error(`Redis is not reachable at ${REDIS_URL} (set FAULTS_REDIS_URL)`);
    database = await freshDatabase("two");
    paypal = await startPayPal();
    smtp = await startSmtpStandIn();
    const env = {
      ...paypal.env,
      REDIS_URL,
      SMTP_URL: smtp.url,
      TRUST_PROXY: "127.0.0.1",
      RESERVATION_MINUTES: "15",
      PAYMENT_WORKER_INTERVAL_MS: "200",
      CART_INIT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    };
    // One after the other: the first migrates and seeds the empty database.
    a = await startShop({ name: "instance-a", databaseUrl: database.url, env });
    b = await startShop({ name: "instance-b", databaseUrl: database.url, env });
    proxy = await startRoundRobinProxy([a.url, b.url]);
  });

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.stop();
    await paypal?.close();
    await database?.drop();
  });

  it("a seat taken through one instance shows through the other on the next request", async () => {
    const session = await workshopSession(database, 5, 0);
    const [first, second] = (await createParents(database, 2)) as [Parent, Parent];
    // Both instances have read (and cached) the session before.
    expect(await seatsLeft(a.url, session)).toBe(5);
    expect(await seatsLeft(b.url, session)).toBe(5);

    const viaA = checkoutCalls(a.url, first.headers);
    expect((await viaA.add(session.item(first.children[0] as number))).status).toBe(201);
    expect((await viaA.fulfil()).status).toBe(200);
    expect(await seatsLeft(b.url, session)).toBe(4);

    const viaB = checkoutCalls(b.url, second.headers);
    expect((await viaB.add(session.item(second.children[0] as number))).status).toBe(201);
    expect((await viaB.fulfil()).status).toBe(200);
    expect(await seatsLeft(a.url, session)).toBe(3);
  });

  it("shares rate limits: the counts of both instances add up", async () => {
    const address = clientAddress();
    const inits = [];
    for (let n = 0; n <= LIMIT; n++)
      inits.push(
        await call(proxy.url, "POST", "/api/v2/orders/init/?locale=de", {
          headers: { "x-forwarded-for": address },
        }),
      );
    expect(inits.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(201));
    expect(inits[LIMIT]?.status).toBe(429);
    expect(Number(inits[LIMIT]?.headers?.get("retry-after"))).toBeGreaterThan(0);

    // Wrong passwords for one e-mail, alternating between the instances (each alone would see two).
    const email = `limited-${Date.now()}@example.org`;
    const from = clientAddress();
    const signIns = [];
    for (let n = 0; n <= LIMIT; n++)
      signIns.push(
        await call(n % 2 ? b.url : a.url, "POST", "/api/v2/users/sign_in/?locale=de", {
          headers: { "x-forwarded-for": from },
          body: { email, password: "Falsch12345" },
        }),
      );
    expect(signIns.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(400));
    expect(signIns[LIMIT]?.status).toBe(429);
  });

  it("workers on both instances send every mail once", async () => {
    const before = smtp.received.length;
    for (let n = 1; n <= 10; n++) {
      const answer = await call(proxy.url, "POST", "/api/v2/contact_us/callback/?locale=de", {
        headers: { "x-forwarded-for": `192.0.2.${n}` },
        body: {
          first_name: "Anna",
          last_name: "Schmidt",
          email: `two-${n}@example.org`,
          phone: "+4915112345678",
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const outbox = () => database.query<{ id: number; status: string }>("select id, status from mail_outbox");
    await waitFor(
      "every mail to be sent",
      async () => (await outbox()).every((row) => row.status === "sent"),
      {
        timeoutMs: 30_000,
      },
    );
    await sleep(1000);
    const rows = await outbox();
    expect(smtp.received.length - before).toBe(20);
    const counts = deliveries(smtp.received);
    for (const row of rows) expect(counts.get(row.id), `mail ${row.id}`).toBe(1);
  });

  it("offers each freed seat once, whichever instance's worker frees it", async () => {
    const session = await workshopSession(database, 2, 1);
    const parents = await createParents(database, 5);
    const [holder1, holder2, ...waiting] = parents as [Parent, Parent, ...Parent[]];
    const staged: number[] = [];
    for (const [parent, shop] of [
      [holder1, a],
      [holder2, b],
    ] as const) {
      const api = checkoutCalls(shop.url, parent.headers);
      expect((await api.add(session.item(parent.children[0] as number))).status).toBe(201);
      const fulfilled = await api.fulfil();
      expect(fulfilled.status).toBe(200);
      staged.push((fulfilled.body as { order_id: number }).order_id);
    }
    expect(await seatsLeft(proxy.url, session)).toBe(0);
    for (const parent of waiting) {
      const joined = await call(proxy.url, "POST", "/api/v2/orders/waiting_list/?locale=de", {
        headers: parent.headers,
        body: {
          visitor: parent.children[0],
          purchase_option: session.optionId,
          schedule_slot: session.slotId,
        },
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    }

    // Both reservations run out (the clock moved on); both instances' workers race to free and offer them.
    await database.query(
      "update orders set reserved_until = now() - interval '1 second' where id = any($1)",
      [staged],
    );
    const offerMails = () => smtp.received.filter((mail) => mail.template === "waiting-list-offer");
    await waitFor("two offer mails", () => offerMails().length >= 2, { timeoutMs: 30_000 });
    // Many more rounds of both workers: nothing more is offered or sent.
    await sleep(3000);
    const entries = await database.query<{ user_id: number; status: string }>(
      "select user_id, status from waiting_list_entries where schedule_slot_id = $1 order by id",
      [session.slotId],
    );
    expect(entries.map((entry) => entry.status)).toEqual(["offered", "offered", "waiting"]);
    expect(offerMails()).toHaveLength(2);
    expect(offerMails().flatMap((mail) => mail.to)).toEqual(
      expect.arrayContaining([waiting[0]?.email, waiting[1]?.email]),
    );
    // Never approved at PayPal, each order is the parent's cart again (D631), holding no seat.
    const expired = await database.query<{ status: string }>("select status from orders where id = any($1)", [
      staged,
    ]);
    expect(expired.map((order) => order.status)).toEqual(["cart", "cart"]);
  });
});
