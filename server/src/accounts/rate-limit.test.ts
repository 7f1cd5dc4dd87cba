import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import type { Database } from "../db/client.ts";
import { createTestApp } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-database.ts";

// Redis is optional: the shared-count test runs where one listens on the default port.
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: "127.0.0.1", port: 6379 });
  socket.once("connect", () => {
    socket.end();
    resolve(true);
  });
  socket.once("error", () => resolve(false));
});

describe("auth rate limits through the API (AUTH_RATE_LIMIT_PER_MINUTE=2)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "2" } });
  });
  afterAll(() => ctx.close());

  const post = (url: string, email: string, ip: string) =>
    ctx.app.inject({ method: "POST", url, payload: { email, password: "Passwort12" }, remoteAddress: ip });

  it("limits sign-in per e-mail across IPs: 429 with Retry-After and a DRF detail", async () => {
    const url = "/api/v2/users/sign_in/";
    expect((await post(url, "target@example.org", "10.0.0.1")).statusCode).toBe(400);
    expect((await post(url, "TARGET@example.org", "10.0.0.2")).statusCode).toBe(400);
    const limited = await post(url, "target@example.org", "10.0.0.3");
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      detail: "Zu viele Anfragen. Bitte später erneut versuchen.",
      error_codes: { detail: "throttled" },
    });
    // Another e-mail from a fresh IP is not affected.
    expect((await post(url, "someone-else@example.org", "10.0.0.4")).statusCode).toBe(400);
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

  it.skipIf(!redisUp)("two instances count one e-mail together", async () => {
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: "2", REDIS_URL: "redis://127.0.0.1:6379" };
    const a = await createTestApp({ env, database });
    const b = await createTestApp({ env, database });
    try {
      const email = `shared-${process.pid}-${Date.now()}@example.org`;
      expect((await signIn(a.app, email, "10.2.0.1")).statusCode).toBe(400);
      expect((await signIn(b.app, email, "10.2.0.2")).statusCode).toBe(400);
      const limited = await signIn(a.app, email, "10.2.0.3");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
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
