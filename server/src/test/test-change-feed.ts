import type { ChangeFeed } from "../db/index.ts";

/** A change feed a test drives: `commit()` is a notified commit, `live` whether one could be missed. */
export function testChangeFeed() {
  const listeners = new Set<() => void>();
  const feed = {
    live: true,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {},
    commit() {
      for (const listener of listeners) listener();
    },
  };
  return feed satisfies ChangeFeed;
}
