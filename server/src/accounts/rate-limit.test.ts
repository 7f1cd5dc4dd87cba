import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { localRedisUp } from "../test/local-redis.ts";
import { createTestApp } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { PASSWORD } from "./accounts-test-support.ts";
import { signInDelayMs } from "./auth-rate-limits.ts";
import { hashPassword } from "./secrets.ts";

// Redis is optional: the shared-count test runs where one listens on the default port.
const redisUp = await localRedisUp();

describe("sign-in's waits", () => {
  it("are none up to the limit, then double from 0.1 s up to 2 s", () => {
    expect([1, 2, 3, 4, 5, 8, 9, 200].map((count) => signInDelayMs(count, 2))).toEqual([
      0, 0, 100, 200, 400, 2000, 2000, 2000,
    ]);
  });
});

describe("auth rate limits through the API (AUTH_RATE_LIMIT_PER_MINUTE=2, behind one proxy)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: string;
  beforeAll(async () => {
    // As deployed behind a load balancer: the client's address is the one X-Forwarded-For names.
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: "1" } });
    owner = `owner-${process.pid}@example.org`;
    await ctx.database.db.insert(users).values({
      email: owner,
      firstName: "Olga",
      lastName: "Muster",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    });
  });
  afterAll(() => ctx.close());

  const post = (url: string, email: string, ip: string, password = "Passwort12") =>
    ctx.app.inject({
      method: "POST",
      url,
      payload: { email, password },
      headers: { "x-forwarded-for": ip },
    });
  const signIn = "/api/v2/users/sign_in/";

  it("lets the owner sign in from their own address after a stranger's failures from many others", async () => {
    // At once, as an attacker would (one after another they would wait up to 2 s each).
    const stranger = await Promise.all(
      Array.from({ length: 12 }, (_, n) => post(signIn, owner, `10.5.0.${n + 1}`).then((r) => r.statusCode)),
    );
    expect(stranger).toEqual(Array(12).fill(400));
    const started = Date.now();
    const mine = await post(signIn, owner.toUpperCase(), "10.5.1.1", PASSWORD);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().key).toBeTruthy();
    // The e-mail had more than the limit this minute: the owner waited, but only a moment.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it("still limits one address: per e-mail, and over all e-mails, with Retry-After and a DRF detail", async () => {
    const email = `tried-${process.pid}@example.org`;
    expect((await post(signIn, email, "10.6.0.1")).statusCode).toBe(400);
    expect((await post(signIn, email.toUpperCase(), "10.6.0.1")).statusCode).toBe(400);
    const limited = await post(signIn, email, "10.6.0.1");
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      detail: "Zu viele Anfragen. Bitte später erneut versuchen.",
      error_codes: { detail: "throttled" },
    });
    // The same e-mail from another address is not refused.
    expect((await post(signIn, email, "10.6.0.2")).statusCode).toBe(400);
    // One address trying many e-mails: three times the limit, then refused.
    const codes = [];
    for (let n = 1; n <= 7; n++)
      codes.push((await post(signIn, `many-${n}@example.org`, "10.6.0.3")).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });

  it("refuses one e-mail from every address only past ten times the limit, attempted at once", async () => {
    const email = `flooded-${process.pid}@example.org`;
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, n) => post(signIn, email, `10.7.0.${n + 1}`).then((r) => r.statusCode)),
    );
    expect(codes).toEqual(Array(20).fill(400));
    const refused = await post(signIn, email, "10.7.1.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits per IP across e-mails, for reset, resend and sign-up too", async () => {
    for (const url of [
      "/api/v2/users/auth/password/reset/",
      "/api/v2/users/resend_verification/",
      "/api/v2/users/sign_up/",
    ]) {
      const ip = `10.1.0.${url.length}`;
      const codes = [];
      for (const n of [1, 2, 3])
        codes.push((await post(url, `ip-${n}-${url.length}@example.org`, ip)).statusCode);
      expect(codes[2], url).toBe(429);
      expect(codes.slice(0, 2)).not.toContain(429);
    }
  });

  it("counts an IPv6 line by its /64: a new address of the same line is the same client (D545)", async () => {
    const url = "/api/v2/users/sign_up/";
    const codes = [];
    for (const n of [1, 2, 3])
      codes.push((await post(url, `v6-${n}@example.org`, `2001:db8:42:7::${n.toString(16)}`)).statusCode);
    expect(codes.slice(0, 2)).not.toContain(429);
    expect(codes[2]).toBe(429);
    // Another line is another client.
    expect((await post(url, "v6-4@example.org", "2001:db8:42:8::1")).statusCode).not.toBe(429);
  });

  it("limits reset per e-mail across IPs: it sends mail to that inbox", async () => {
    const url = "/api/v2/users/auth/password/reset/";
    const codes = [];
    for (const n of [1, 2, 3]) codes.push((await post(url, "inbox@example.org", `10.8.0.${n}`)).statusCode);
    expect(codes[2]).toBe(429);
    expect(codes.slice(0, 2)).not.toContain(429);
  });
});

describe("shared counts in Redis (REDIS_URL)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const signIn = (app: App, email: string, ip: string) =>
    app.inject({
      method: "POST",
      url: "/api/v2/users/sign_in/",
      payload: { email, password: "Passwort12" },
      remoteAddress: ip,
    });

  it.skipIf(!redisUp)("two instances count one e-mail and address together", async () => {
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: "2", REDIS_URL: "redis://127.0.0.1:6379" };
    const a = await createTestApp({ env, database });
    const b = await createTestApp({ env, database });
    try {
      const email = `shared-${process.pid}-${Date.now()}@example.org`;
      const ip = `10.2.${process.pid % 250}.${Date.now() % 250}`;
      expect((await signIn(a.app, email, ip)).statusCode).toBe(400);
      expect((await signIn(b.app, email, ip)).statusCode).toBe(400);
      const limited = await signIn(a.app, email, ip);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // Another address of the same e-mail, through the other instance: not refused.
      expect((await signIn(b.app, email, "10.2.251.1")).statusCode).toBe(400);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("lets requests through when Redis is connected but answers nothing (D528)", {
    timeout: 20_000,
  }, async () => {
    // A Redis that answers the client's ready check, then falls silent, as a paused or stuck one does.
    const silent = createServer((socket) => {
      let ready = false;
      socket.on("data", (data) => {
        if (ready) return;
        // Each command before the ready check (`client setinfo …`) is answered OK, the check with a server's INFO.
        for (const command of data
          .toString()
          .split(/^\*\d+\r\n/m)
          .filter(Boolean)) {
          if (!/^\$4\r\ninfo\r\n/i.test(command)) {
            socket.write("+OK\r\n");
            continue;
          }
          ready = true;
          const info = "# Server\r\nredis_version:7.0.15\r\nloading:0\r\n";
          socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
        }
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const stuck = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: "2", REDIS_URL: `redis://127.0.0.1:${port}` },
      database,
    });
    try {
      // Without a command timeout the first request waits for ever and the test times out.
      for (let n = 0; n < 2; n++)
        expect((await signIn(stuck.app, "silent@example.org", "10.3.0.2")).statusCode).toBe(400);
    } finally {
      await stuck.close();
      silent.close();
    }
  });

  it("lets requests through when Redis cannot be reached (fails open, no 500)", async () => {
    const down = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: "2", REDIS_URL: "redis://127.0.0.1:9" },
      database,
    });
    try {
      for (let n = 0; n < 3; n++)
        expect((await signIn(down.app, "down@example.org", "10.3.0.1")).statusCode).toBe(400);
    } finally {
      await down.close();
    }
  });
});
