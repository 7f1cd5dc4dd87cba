import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { createAuthRateLimiter, createMemoryStore } from "./rate-limit.ts";
import { createRedisStore } from "./redis-store.ts";

// Redis is optional: the shared-store test runs where one listens on the default port.
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

describe("rate-limit stores", () => {
  it("memory: a fixed window that starts again when it ends", async () => {
    let now = 0;
    const limiter = createAuthRateLimiter({ store: createMemoryStore(() => now), max: 1, windowMs: 60_000 });
    expect(await limiter.check("sign_in", { ip: "1.1.1.1" })).toBeNull();
    now = 15_000;
    expect(await limiter.check("sign_in", { ip: "1.1.1.1" })).toBe(45);
    expect(await limiter.check("sign_up", { ip: "1.1.1.1" })).toBeNull();
    now = 60_000;
    expect(await limiter.check("sign_in", { ip: "1.1.1.1" })).toBeNull();
  });

  it("redis: falls back to the memory store when Redis cannot be reached", async () => {
    const store = createRedisStore("redis://127.0.0.1:9", createMemoryStore());
    expect(await store.hit("k", 60_000)).toMatchObject({ count: 1 });
    expect(await store.hit("k", 60_000)).toMatchObject({ count: 2 });
    await store.close();
  });

  it.skipIf(!redisUp)("redis: two instances share one count", async () => {
    const key = `test:${process.pid}:${Date.now()}`;
    const a = createRedisStore("redis://127.0.0.1:6379", createMemoryStore());
    const b = createRedisStore("redis://127.0.0.1:6379", createMemoryStore());
    expect(await a.hit(key, 60_000)).toMatchObject({ count: 1 });
    const second = await b.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(50_000);
    await a.close();
    await b.close();
  });
});
