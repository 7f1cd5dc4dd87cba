import { describe, expect, it, vi } from "vitest";
import { testChangeFeed as testFeed } from "../test/test-change-feed.ts";
import { createEpochCounter } from "./catalogue-epoch.ts";
import { createEpochCache } from "./epoch-cache.ts";
import { invalidateCatalogueCache, jsonBody } from "./http-cache.ts";

function counter() {
  let made = 0;
  return async () => jsonBody({ made: ++made });
}

describe("epoch cache (D85)", () => {
  it("reuses a reply within an epoch and makes it afresh after a notified commit", async () => {
    const feed = testFeed();
    const timed = vi.fn(async () => 60_000);
    const cache = createEpochCache(createEpochCounter(feed, timed));
    const produce = counter();
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":1}');
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":1}');
    feed.commit();
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":2}');
    invalidateCatalogueCache();
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":3}');
    // The time of the next timed change is asked once per epoch, not per request.
    expect(timed).toHaveBeenCalledTimes(2);
    cache.dispose();
  });

  it("makes a reply afresh once a seat hold runs out or the day ends, without any commit", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z") });
    try {
      const feed = testFeed();
      const cache = createEpochCache(createEpochCounter(feed, async () => 30_000));
      const produce = counter();
      await cache.get("k", produce);
      vi.advanceTimersByTime(29_000);
      expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":1}');
      vi.advanceTimersByTime(1_000);
      expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":2}');
      cache.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reuses nothing while the feed could miss a commit", async () => {
    const feed = testFeed();
    feed.live = false;
    const cache = createEpochCache(createEpochCounter(feed, async () => 60_000));
    const produce = counter();
    await cache.get("k", produce);
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":2}');
    feed.live = true;
    await cache.get("k", produce);
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":3}');
    cache.dispose();
  });

  it("does not keep a reply made while a commit arrived", async () => {
    const feed = testFeed();
    const cache = createEpochCache(createEpochCounter(feed, async () => 60_000));
    let made = 0;
    const produce = async () => {
      made++;
      // The reply was read before this commit: it must not outlive it.
      if (made === 1) feed.commit();
      return jsonBody({ made });
    };
    await cache.get("k", produce);
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":2}');
    expect((await cache.get("k", produce)).bytes.toString()).toBe('{"made":2}');
    cache.dispose();
  });
});
