import type { ChangeFeed } from "../db/index.ts";

/**
 * The catalogue's epoch (D85): a number that moves whenever a catalogue reply may have changed — a
 * commit to the catalogue or seat tables (the change feed), a seat hold running out or the day ending
 * (asked of the database once per epoch) — and on every call while the feed could miss a commit.
 * Replies, pages of ids and rendered cards are reused only within the epoch they were made in.
 */
export type EpochCounter = {
  current(): Promise<number>;
  dispose(): void;
};

export function createEpochCounter(
  feed: ChangeFeed,
  msUntilTimedChange: () => Promise<number>,
): EpochCounter {
  let epoch = 0;
  let timed: { epoch: number; until: Promise<number> } | undefined;
  const unsubscribe = feed.subscribe(() => {
    epoch++;
  });

  async function current(): Promise<number> {
    if (!feed.live) {
      // An epoch of its own that no later call is given, live or not: nothing made now is reused.
      epoch += 2;
      return epoch - 1;
    }
    const at = epoch;
    if (timed?.epoch !== at) {
      const asked = Date.now();
      const until = msUntilTimedChange().then((ms) => asked + ms);
      timed = { epoch: at, until };
      // A failed read fails this request like any other read; the next one asks again.
      until.catch(() => {
        if (timed?.until === until) timed = undefined;
      });
    }
    const until = await timed.until;
    if (Date.now() < until) return at;
    if (epoch === at) epoch++;
    return current();
  }

  return { current, dispose: unsubscribe };
}
