import type { CachedBody } from "../catalogue/index.ts";
import type { ChangeFeed } from "../db/index.ts";

/**
 * Finished replies of the current order, each kept with what it was made from (D430): the cart's
 * fingerprint (the row versions of the cart and everything of it the reply shows, `findCartFingerprints`),
 * the catalogue's generation (its change feed, D85) and the Berlin minute. A read whose fingerprint,
 * generation and minute are the same gets the same bytes; any other read makes the reply afresh.
 *
 * The minute is there for the line's terms (D153): "the first lesson not yet begun" changes when a lesson
 * starts, and lessons start on a whole minute. Replies are kept only while the feed is live (a change
 * could be missed otherwise), at most `maxEntries` carts and `maxBytes` in all, the oldest dropped first.
 */
export type CurrentOrderReuse = {
  /** The reply kept for `key`, if it was made from this fingerprint, generation and minute. */
  find(key: string, fingerprint: string, now: number): Reply | undefined;
  /** Starts a reply's making: what `keep` needs to know whether the catalogue changed meanwhile. */
  begin(now: number): Stamp;
  /** Keeps a reply made since `stamp` from `fingerprint` (read before the reply was), if nothing overtook it. */
  keep(key: string, fingerprint: string, stamp: Stamp, reply: Reply): void;
};

/** A finished reply: its bytes, ETag and type, as the catalogue's kept replies are (`sendCached` sends both). */
export type Reply = CachedBody;
export type Stamp = { generation: number; minute: number };

type Entry = Stamp & { fingerprint: string; reply: Reply };

// Minutes counted from the epoch: Berlin's offset from UTC is whole hours, so each begins with a Berlin minute.
const MINUTE_MS = 60_000;

export function createCurrentOrderReuse(
  changes: ChangeFeed | undefined,
  { maxEntries = 5_000, maxBytes = 64 * 1024 * 1024 } = {},
): CurrentOrderReuse | undefined {
  if (!changes) return undefined;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  changes.subscribe(() => {
    generation += 1;
    entries.clear();
    bytes = 0;
  });
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.reply.bytes.length;
  };
  return {
    find(key, fingerprint, now) {
      const entry = entries.get(key);
      if (!entry || !changes.live) return undefined;
      const same =
        entry.fingerprint === fingerprint &&
        entry.generation === generation &&
        entry.minute === Math.floor(now / MINUTE_MS);
      return same ? entry.reply : undefined;
    },
    begin: (now) => ({ generation, minute: Math.floor(now / MINUTE_MS) }),
    keep(key, fingerprint, stamp, reply) {
      drop(key);
      if (!changes.live || stamp.generation !== generation) return;
      if (reply.bytes.length > maxBytes / 16) return;
      entries.set(key, { ...stamp, fingerprint, reply });
      bytes += reply.bytes.length;
      // Oldest first: a Map keeps insertion order, and a kept reply is inserted again.
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
