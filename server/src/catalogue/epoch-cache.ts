import type { EpochCounter } from "./catalogue-epoch.ts";
import { type CachedBody, onCatalogueInvalidate } from "./http-cache.ts";

/**
 * Finished catalogue replies that show seats left (product list, product page, instructor page),
 * reused only within the catalogue epoch they were made in (D85): any commit to the catalogue or its
 * seats, a reservation or offer running out, or a new day moves the epoch, so the next request makes
 * the reply afresh. A hit costs no database round trip; there is no TTL.
 */
export type EpochCache = {
  get(key: string, produce: (epoch: number) => Promise<CachedBody>): Promise<CachedBody>;
  dispose(): void;
};

export function createEpochCache(epochs: EpochCounter, options: { maxEntries?: number } = {}): EpochCache {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, CachedBody>();
  let entriesEpoch = -1;

  const unsubscribe = onCatalogueInvalidate(() => entries.clear());
  return {
    async get(key, produce) {
      // The epoch is read before the reply: a change while it is made moves the epoch past it.
      const epoch = await epochs.current();
      if (epoch !== entriesEpoch) {
        entries.clear();
        entriesEpoch = epoch;
      }
      const hit = entries.get(key);
      if (hit) return hit;
      const body = await produce(epoch);
      if (epoch === entriesEpoch) {
        entries.set(key, body);
        // Oldest first: Map keeps insertion order.
        while (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
      }
      return body;
    },
    dispose() {
      entries.clear();
      unsubscribe();
    },
  };
}
