import type { ChangeFeed, DbOrTx } from "../db/index.ts";
import { type BookableFacts, findBookable } from "./order.repository.ts";

/** The page and option an add books, as `findBookable` reads them. */
export type FindBookable = (
  db: DbOrTx,
  pageId: number,
  optionId: number,
) => Promise<BookableFacts | undefined>;

const MAX_ENTRIES = 2000;

/**
 * The page and option a parent's add is checked against, kept until the next commit to the catalogue
 * (D389): the catalogue's own change feed (D85) empties it, as it ends the catalogue's epoch, and a read
 * that a change overtook is not kept. Without a live feed (the listening connection is down, so a change
 * could be missed) every add reads them. Checkout re-checks every item with a fresh read.
 */
export function cachedBookable(changes: ChangeFeed | undefined): FindBookable {
  if (!changes) return findBookable;
  const cache = new Map<string, BookableFacts | undefined>();
  let generation = 0;
  // A page and option show no seats: a seat taken or let go does not change them (D444).
  changes.subscribe((change) => {
    if (change === "seats") return;
    generation += 1;
    cache.clear();
  });
  return async (db, pageId, optionId) => {
    const key = `${pageId}:${optionId}`;
    if (changes.live && cache.has(key)) return cache.get(key);
    const before = generation;
    const facts = await findBookable(db, pageId, optionId);
    if (changes.live && before === generation) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, facts);
    }
    return facts;
  };
}
