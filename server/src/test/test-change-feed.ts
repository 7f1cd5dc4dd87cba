import type { ChangeFeed, FeedChange } from "../db/index.ts";

/**
 * A change feed a test drives: `commit()` is a notified commit (of the catalogue, or with `"seats"` one that
 * changed only seats, D444), `live` whether one could be missed.
 */
export function testChangeFeed() {
  const listeners = new Set<(change: FeedChange) => void>();
  const feed = {
    live: true,
    subscribe(listener: (change: FeedChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMailWritten: () => () => {},
    close: async () => {},
    commit(change: FeedChange = "all") {
      for (const listener of listeners) listener(change);
    },
  };
  return feed satisfies ChangeFeed;
}
