import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { containsPattern } from "../db/index.ts";
import { pgArray } from "../db/prepared.ts";
import { registerCompression } from "../plugins/index.ts";
import { parseIdOrSlug } from "./catalogue.service.ts";
import {
  acceptedEncoding,
  createResponseCache,
  invalidateCatalogueCache,
  jsonBody,
  sendCached,
  weakEtag,
} from "./http-cache.ts";

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

// D421: a cached body is compressed once per encoding, not on every reply, as the plugin would send it.
describe("sendCached's compression", () => {
  const body = jsonBody({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Kurs ${i}` })) });
  const small = jsonBody({ n: 1 });
  async function app() {
    const server = Fastify();
    await registerCompression(server);
    server.get("/big", (request, reply) => sendCached(request, reply, body, { localized: false }));
    server.get("/small", (request, reply) => sendCached(request, reply, small, { localized: false }));
    return server;
  }

  it("sends brotli or gzip as the client accepts, the same bytes inside, and plain bytes otherwise", async () => {
    const server = await app();
    const plain = await server.inject("/big");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(body.bytes)).toBe(true);
    const br = await server.inject({ url: "/big", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).equals(body.bytes)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(body.bytes.length / 4);
    const again = await server.inject({ url: "/big", headers: { "accept-encoding": "br" } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await server.inject({ url: "/big", headers: { "accept-encoding": "gzip, deflate" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).equals(body.bytes)).toBe(true);
    // A validator still answers 304, whatever the encoding.
    const revalidated = await server.inject({
      url: "/big",
      headers: { "accept-encoding": "br", "if-none-match": String(br.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    // Small bodies and clients that ask for none go out plain.
    const tiny = await server.inject({ url: "/small", headers: { "accept-encoding": "br" } });
    expect([tiny.headers["content-encoding"], tiny.body]).toEqual([undefined, '{"n":1}']);
    const refused = await server.inject({
      url: "/big",
      headers: { "accept-encoding": "br", "x-no-compression": "1" },
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    await server.close();
  });

  it("reads Accept-Encoding's weights, * and x-gzip", () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding("identity")).toBeUndefined();
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(acceptedEncoding("x-gzip")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("*;q=0.1, gzip;q=0.5")).toBe("gzip");
    expect(acceptedEncoding("deflate")).toBeUndefined();
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
