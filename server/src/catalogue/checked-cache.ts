import { type CachedBody, onCatalogueInvalidate } from "./http-cache.ts";
import type { Freshness } from "./product-read.repository.ts";

/**
 * Finished catalogue replies that show seats left (product list, product page, instructor page), reused
 * only while they are still true (D81): each hit first reads the reply's stamp as it is now (one small
 * query: the catalogue's change count, today's date, seats taken in the reply's slots and weeks) and
 * compares it with the stamp read together with the reply. Any difference makes the reply afresh, so a
 * seat taken or freed, a price or page changed by any writer, or a reservation running out shows on the
 * very next request; there is no TTL.
 */
export type CheckedReply = { body: CachedBody; freshness: Freshness | null };

export type CheckedCache = {
  get(
    key: string,
    produce: () => Promise<CheckedReply>,
    current: (freshness: Freshness) => Promise<Freshness>,
  ): Promise<CachedBody>;
  clear(): void;
  dispose(): void;
};

/** A stamp as one comparable string; slots and weeks in id order, whatever order a query gave them. */
export function stampOf(freshness: Freshness): string {
  const units = (list: { id: number; taken: number }[]) =>
    [...list]
      .sort((a, b) => a.id - b.id)
      .map((unit) => `${unit.id}:${unit.taken}`)
      .join(",");
  return `${freshness.catalogueVersion}|${freshness.today}|${units(freshness.slots)}|${units(freshness.weeks)}`;
}

type Entry = { body: CachedBody; freshness: Freshness; stamp: string };

export function createCheckedCache(options: { maxEntries?: number } = {}): CheckedCache {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();

  const remember = (key: string, reply: CheckedReply) => {
    entries.delete(key);
    // A reply without a stamp (an empty list) is never reused.
    if (!reply.freshness) return;
    entries.set(key, { body: reply.body, freshness: reply.freshness, stamp: stampOf(reply.freshness) });
    // Oldest first: Map keeps insertion order.
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  const unsubscribe = onCatalogueInvalidate(() => entries.clear());
  return {
    async get(key, produce, current) {
      const hit = entries.get(key);
      if (hit && stampOf(await current(hit.freshness)) === hit.stamp) return hit.body;
      const reply = await produce();
      remember(key, reply);
      return reply.body;
    },
    clear: () => entries.clear(),
    dispose() {
      entries.clear();
      unsubscribe();
    },
  };
}
