import { afterEach, describe, expect, it, vi } from "vitest";
import { containsPattern } from "../db/index.ts";
import { pgArray } from "../db/prepared.ts";
import { parseIdOrSlug } from "./catalogue.service.ts";
import { createResponseCache, invalidateCatalogueCache, jsonBody, weakEtag } from "./http-cache.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  vi.useRealTimers();
});

describe("response cache", () => {
  it("makes a body once per key while it is fresh, shared by concurrent callers", async () => {
    const cache = createResponseCache({ ttlMs: 1000 });
    let made = 0;
    const produce = async () => jsonBody({ n: ++made });
    const [a, b] = await Promise.all([cache.get("k", produce), cache.get("k", produce)]);
    expect(a.bytes.toString()).toBe('{"n":1}');
    expect(b).toBe(a);
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"n":1}');
    expect((await cache.get("other", produce)).bytes.toString()).toBe('{"n":2}');
    cache.dispose();
  });

  it("serves the old body after the TTL while one refresh runs, then the new one", async () => {
    // A fake clock (timers and Date.now): a producer that takes 30 ms, a TTL of 20 ms.
    vi.useFakeTimers();
    const cache = createResponseCache({ ttlMs: 20 });
    let made = 0;
    const produce = async () => {
      made++;
      await sleep(30);
      return jsonBody({ n: made });
    };
    const first = cache.get("k", produce);
    await vi.advanceTimersByTimeAsync(30);
    expect((await first).bytes.toString()).toBe('{"n":1}');
    await vi.advanceTimersByTimeAsync(30);
    const [stale1, stale2] = await Promise.all([cache.get("k", produce), cache.get("k", produce)]);
    expect([stale1.bytes.toString(), stale2.bytes.toString()]).toEqual(['{"n":1}', '{"n":1}']);
    expect(made).toBe(2);
    await vi.advanceTimersByTimeAsync(30);
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"n":2}');
    cache.dispose();
  });

  it("does not keep errors, and forgets everything on invalidation", async () => {
    const cache = createResponseCache({ ttlMs: 1000 });
    await expect(cache.get("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect((await cache.get("k", async () => jsonBody(1))).bytes.toString()).toBe("1");
    invalidateCatalogueCache();
    expect((await cache.get("k", async () => jsonBody(2))).bytes.toString()).toBe("2");
    cache.dispose();
  });

  it("makes weak ETags from the body", () => {
    expect(weakEtag("a")).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(weakEtag("a")).toBe(weakEtag("a"));
    expect(weakEtag("a")).not.toBe(weakEtag("b"));
  });
});

describe("query helpers", () => {
  it("quotes array parameters as PostgreSQL array literals", () => {
    expect(pgArray([1, 2])).toBe('{"1","2"}');
    expect(pgArray(["10+", 'a"b', "c\\d"])).toBe('{"10+","a\\"b","c\\\\d"}');
  });
  it("escapes LIKE wildcards in searches", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
  it("reads digits as an id and anything else as a slug", () => {
    expect(parseIdOrSlug("42")).toEqual({ id: 42 });
    expect(parseIdOrSlug("kleine-maler-5-7")).toEqual({ slug: "kleine-maler-5-7" });
    expect(parseIdOrSlug("99999999999")).toEqual({ slug: "99999999999" });
  });
});
