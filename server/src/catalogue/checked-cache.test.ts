import { describe, expect, it } from "vitest";
import { createCheckedCache, stampOf } from "./checked-cache.ts";
import { invalidateCatalogueCache, jsonBody } from "./http-cache.ts";
import type { Freshness } from "./product-read.repository.ts";

const stamp = (taken: number, version = 1): Freshness => ({
  catalogueVersion: version,
  today: "2026-11-24",
  slots: [{ id: 1, taken }],
  weeks: [],
});

describe("checked cache", () => {
  it("reuses a reply while its stamp holds and makes it afresh once it does not", async () => {
    const cache = createCheckedCache();
    let made = 0;
    let now = stamp(0);
    const produce = async () => ({ body: jsonBody({ made: ++made }), freshness: now });
    const current = async () => now;
    expect((await cache.get("k", produce, current)).body).toBe('{"made":1}');
    expect((await cache.get("k", produce, current)).body).toBe('{"made":1}');
    now = stamp(1);
    expect((await cache.get("k", produce, current)).body).toBe('{"made":2}');
    now = stamp(1, 2);
    expect((await cache.get("k", produce, current)).body).toBe('{"made":3}');
    invalidateCatalogueCache();
    expect((await cache.get("k", produce, current)).body).toBe('{"made":4}');
    cache.dispose();
  });

  it("never reuses a reply without a stamp", async () => {
    const cache = createCheckedCache();
    let made = 0;
    const produce = async () => ({ body: jsonBody({ made: ++made }), freshness: null });
    const current = async () => stamp(0);
    await cache.get("k", produce, current);
    expect((await cache.get("k", produce, current)).body).toBe('{"made":2}');
    cache.dispose();
  });

  it("compares slots and weeks whatever order a query gave them", () => {
    const a: Freshness = {
      ...stamp(0),
      slots: [
        { id: 2, taken: 1 },
        { id: 1, taken: 0 },
      ],
    };
    const b: Freshness = {
      ...stamp(0),
      slots: [
        { id: 1, taken: 0 },
        { id: 2, taken: 1 },
      ],
    };
    expect(stampOf(a)).toBe(stampOf(b));
  });
});
