import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { redactUrl } from "./log-redaction.ts";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$secret-hash-value";

describe("nothing secret in the logs", () => {
  const lines: string[] = [];
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    ctx = await createTestApp({ logger: { level: "info", stream } });
    // A failing query whose bound value is a password hash, like a failed insert into users.
    ctx.app.get("/api/v2/_test/db-error/", async () => {
      await ctx.database.db.execute(sql`select ${HASH}::int as broken`);
      return {};
    });
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it("logs a reset link's URL without its uid and token", async () => {
    await ctx.app.inject({ method: "GET", url: "/?uid=3&token=Zm9vYmFyLXNlY3JldC10b2tlbg&locale=de" });
    const logged = lines.filter((line) => line.includes('"url"'));
    expect(logged.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain("Zm9vYmFyLXNlY3JldC10b2tlbg");
    expect(logged[0]).toContain('"url":"/?uid=***&token=***&locale=de"');
  });

  it("logs a guest cart's id, an offer token, a check-in code and an absence link as *** (D510)", async () => {
    const cartId = "7f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6";
    const offer = "T2ZmZXItdG9rZW4tc2VjcmV0LXZhbHVl";
    const checkin = "Q2hlY2staW4tY29kZS0xMjM0NQ";
    const absence = "QWJzZW5jZS1saW5rLXRva2VuLTY3ODk";
    const urls = [
      `/api/v2/orders/current/?cart_id=${cartId}&locale=ru`,
      `/api/v2/orders/waiting_list/offer/${offer}/`,
      `/api/v2/orders/waiting_list/offer/${offer}/accept/`,
      `/api/v2/checkin/${checkin}/`,
      `/waiting-list/offer/${offer}?locale=de`,
      `/api/v2/lessons/absence-links/${absence}/`,
      `/absence/${absence}?locale=ru`,
    ];
    for (const url of urls) await ctx.app.inject({ method: "GET", url });
    await ctx.app.inject({ method: "POST", url: `/api/v2/checkin/${checkin}/`, payload: {} });
    const all = lines.join("\n");
    for (const secret of [cartId, offer, checkin, absence]) expect(all).not.toContain(secret);
    const logged = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    expect(logged).toEqual(
      expect.arrayContaining([
        "/api/v2/orders/current/?cart_id=***&locale=ru",
        "/api/v2/orders/waiting_list/offer/***/",
        "/api/v2/orders/waiting_list/offer/***/accept/",
        "/api/v2/checkin/***/",
        "/waiting-list/offer/***?locale=de",
        "/api/v2/lessons/absence-links/***/",
        "/absence/***?locale=ru",
      ]),
    );
  });

  it("logs a failed query without its parameters", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v2/_test/db-error/" });
    expect(res.statusCode).toBe(500);
    const errorLine = lines.find((line) => line.includes("unexpected error"));
    expect(errorLine).toBeDefined();
    expect(errorLine).toContain("select $1::int");
    expect(lines.join("\n")).not.toContain("secret-hash-value");
    expect(JSON.parse(errorLine ?? "{}").err).not.toHaveProperty("params");
  });

  it("redacts password, code and key parameters and keeps the others", () => {
    expect(redactUrl("/api/x/?code=abc&sso_provider=google&new_password1=P&key=k&page=2")).toBe(
      "/api/x/?code=***&sso_provider=google&new_password1=***&key=***&page=2",
    );
    expect(redactUrl("/courses?locale=ru")).toBe("/courses?locale=ru");
    // The verification link's shop page (D167): the capability never reaches the log.
    expect(redactUrl("/cart?step=checkout&locale=de&uid=3f&verify_token=Zm9vYmFy")).toBe(
      "/cart?step=checkout&locale=de&uid=***&verify_token=***",
    );
    expect(redactUrl("/api/v2/orders/waiting_list/12/")).toBe("/api/v2/orders/waiting_list/12/");
  });

  it("logs a back-office search for a family without what was typed (D544)", () => {
    const search = encodeURIComponent(JSON.stringify({ q: "anna.muster@example.org" }));
    expect(redactUrl(`/api/v2/admin/people/?filter=${search}&range=[0,24]&sort=["id","DESC"]`)).toBe(
      `/api/v2/admin/people/?filter=***&range=${encodeURIComponent("[0,24]")}&sort=${encodeURIComponent('["id","DESC"]')}`,
    );
    expect(redactUrl("/api/v2/admin/orders/?q=Muster&email=a%40b.de&phone=%2B4930&page=2")).toBe(
      "/api/v2/admin/orders/?q=***&email=***&phone=***&page=2",
    );
  });

  it("does not log the proxy's health checks, which come every second (D528)", async () => {
    for (const url of ["/healthz", "/readyz"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
    }
    await ctx.app.inject({ method: "GET", url: "/api/v2/wagtail/pages/?locale=de" });
    const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    expect(urls).toContain("/api/v2/wagtail/pages/?locale=de");
    expect(urls.filter((url) => url.endsWith("z"))).toEqual([]);
  });
});
