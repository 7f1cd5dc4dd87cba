import type { Locale } from "@atelier/contract";
import type { ChangeFeed, DbOrTx } from "../db/index.ts";
import { type BookableFacts, findBookable, findOfferShown, type OfferShown } from "./order.repository.ts";

/** The page and option an add books, as `findBookable` reads them. */
export type FindBookable = (
  db: DbOrTx,
  pageId: number,
  optionId: number,
) => Promise<BookableFacts | undefined>;

/** What the add's reply shows of its page and option, as `findOfferShown` reads them (D468). */
export type FindOfferShown = (
  db: DbOrTx,
  pageId: number,
  optionId: number,
  locale: Locale,
) => Promise<OfferShown | undefined>;

const MAX_ENTRIES = 2000;

/**
 * The closures an item shows are those not yet over by the database's date (`shownColumns`): a kept reply
 * part is read again after this long, so a closure that ended drops off within a minute of midnight too.
 */
const OFFER_SHOWN_MAX_AGE_MS = 60_000;

/**
 * A read of the catalogue kept until the next commit to it (D389): the catalogue's own change feed (D85)
 * empties it, as it ends the catalogue's epoch, and a read that a change overtook is not kept. Without a
 * live feed (the listening connection is down, so a change could be missed) every call reads. A seat taken
 * or let go changes nothing kept here (D444). With `maxAgeMs` an entry is also read again once that old.
 */
function keptUntilChange<Args extends unknown[], Value>(
  changes: ChangeFeed,
  read: (db: DbOrTx, ...args: Args) => Promise<Value>,
  maxAgeMs = Number.POSITIVE_INFINITY,
): (db: DbOrTx, ...args: Args) => Promise<Value> {
  const cache = new Map<string, { value: Value; readAt: number }>();
  let generation = 0;
  changes.subscribe((change) => {
    if (change === "seats") return;
    generation += 1;
    cache.clear();
  });
  return async (db, ...args) => {
    const key = args.join(":");
    const kept = cache.get(key);
    if (changes.live && kept && Date.now() - kept.readAt < maxAgeMs) return kept.value;
    const before = generation;
    const readAt = Date.now();
    const value = await read(db, ...args);
    if (changes.live && before === generation) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, { value, readAt });
    }
    return value;
  };
}

/**
 * The page and option a parent's add is checked against, kept per catalogue epoch (D389). Checkout re-checks
 * every item with a fresh read.
 */
export function cachedBookable(changes: ChangeFeed | undefined): FindBookable {
  return changes ? keptUntilChange(changes, findBookable) : findBookable;
}

/** What the add's reply shows of its page and option, kept per catalogue epoch and a minute at most (D468). */
export function cachedOfferShown(changes: ChangeFeed | undefined): FindOfferShown {
  return changes ? keptUntilChange(changes, findOfferShown, OFFER_SHOWN_MAX_AGE_MS) : findOfferShown;
}
