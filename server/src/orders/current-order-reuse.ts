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
 *
 * Each reply also remembers the database snapshot its fingerprint was last found under (D443): while the
 * snapshot read now is that one, nothing was committed anywhere since, so the fingerprint would be the same
 * and need not be read.
 */
export type CurrentOrderReuse = {
  /**
   * The reply kept for `key` if nothing was committed since its fingerprint was read (`snapshot` is the one
   * it was read under) and the generation and minute are the same; `cartId` is the cart it answered.
   */
  unchanged(key: string, snapshot: string, now: number): { reply: Reply; cartId: string } | undefined;
  /**
   * The reply kept for `key`, if it was made from this fingerprint, generation and minute; found, it is
   * remembered under `snapshot`, the one the fingerprint was read under.
   */
  find(key: string, fingerprint: string, now: number, snapshot: string): Reply | undefined;
  /** Starts a reply's making: what `keep` needs to know whether the catalogue changed meanwhile. */
  begin(now: number): Stamp;
  /**
   * Keeps a reply of cart `cartId` made since `stamp` from `fingerprint` (read under `snapshot`, before the
   * reply was), if nothing overtook it.
   */
  keep(
    key: string,
    found: { fingerprint: string; snapshot: string; cartId: string },
    stamp: Stamp,
    reply: Reply,
  ): void;
};

/** A finished reply: its bytes, ETag and type, as the catalogue's kept replies are (`sendCached` sends both). */
export type Reply = CachedBody;
export type Stamp = { generation: number; minute: number };

type Entry = Stamp & { fingerprint: string; snapshot: string; cartId: string; reply: Reply };

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
  // A seat taken or let go elsewhere changes nothing a cart's reply shows (D444): a cart holds no seats,
  // and its own rows are in its fingerprint.
  changes.subscribe((change) => {
    if (change === "seats") return;
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
  // The entry kept for `key` while the feed is live and its generation and minute are now's.
  const current = (key: string, now: number) => {
    const entry = entries.get(key);
    if (!entry || !changes.live) return undefined;
    const same = entry.generation === generation && entry.minute === Math.floor(now / MINUTE_MS);
    return same ? entry : undefined;
  };
  return {
    unchanged(key, snapshot, now) {
      const entry = current(key, now);
      return entry && entry.snapshot === snapshot ? { reply: entry.reply, cartId: entry.cartId } : undefined;
    },
    find(key, fingerprint, now, snapshot) {
      const entry = current(key, now);
      if (!entry || entry.fingerprint !== fingerprint) return undefined;
      entry.snapshot = snapshot;
      return entry.reply;
    },
    begin: (now) => ({ generation, minute: Math.floor(now / MINUTE_MS) }),
    keep(key, { fingerprint, snapshot, cartId }, stamp, reply) {
      drop(key);
      if (!changes.live || stamp.generation !== generation) return;
      if (reply.bytes.length > maxBytes / 16) return;
      entries.set(key, { ...stamp, fingerprint, snapshot, cartId, reply });
      bytes += reply.bytes.length;
      // Oldest first: a Map keeps insertion order, and a kept reply is inserted again.
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
