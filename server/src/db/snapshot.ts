import { sql } from "drizzle-orm";
import { batchedRead } from "./batched-read.ts";
import type { Db, DbOrTx } from "./client.ts";
import { prepared } from "./prepared.ts";

/**
 * The database's current snapshot as text (`xmin:xmax:in-progress ids`, `pg_current_snapshot()`). Every
 * commit or rollback of a transaction that wrote moves it, on any instance and any connection, so the same
 * text read twice means nothing was written in between: what was read after the first read is still what
 * the database holds (D405, D421). A transaction's own uncommitted writes do not move it, so read it on the
 * pool, never inside a transaction that writes. A prepared statement: one short round trip.
 */
export async function currentSnapshot(db: DbOrTx): Promise<string> {
  const statement = prepared<{ snapshot: string }[]>(db, "current_snapshot", () =>
    db.select({ snapshot: sql<string>`pg_current_snapshot()::text` }).from(sql`(select 1) one`),
  );
  const [row] = await statement.execute();
  return String(row?.snapshot ?? "");
}

const sharedSnapshots = new WeakMap<Db, () => Promise<string>>();

/**
 * `currentSnapshot` read once for the callers that ask at the same time (D443), one reader per database
 * handle for every area that asks: the reads share one statement as `batchedRead`'s keys do, and each
 * statement starts after every caller in it asked, so a caller's answer is never older than its own
 * question (a commit made before it asked has moved it). While nothing is written the shop's readers of
 * kept replies then cost the database one short statement for all of them instead of one lookup each.
 */
export function sharedSnapshot(db: Db): () => Promise<string> {
  let reader = sharedSnapshots.get(db);
  if (!reader) {
    const read = batchedRead<0, string>(async () => new Map([[0, await currentSnapshot(db)]]));
    reader = async () => (await read(0)) ?? "";
    sharedSnapshots.set(db, reader);
  }
  return reader;
}

/**
 * What `createSnapshotReuse` keeps: a value being made or made, the bytes it holds in memory, and the version
 * of what it was made from when the caller names one (`getChecked`).
 */
type Kept<T> = { snapshot: string; until: number; value: Promise<T>; size: number; version?: string };

/**
 * Values made once per key and database snapshot, kept while nothing is written (D421). A caller reads the
 * snapshot first (`currentSnapshot`), then asks: the same key and snapshot get the value made for them, also
 * while it is still being made (so requests that arrive together share one computation); a new snapshot
 * makes it anew. Whatever the value was made from was committed before the snapshot was read, or
 * concurrently with that request, so nothing a caller wrote before asking is ever missing from its answer.
 *
 * A value that the clock alone changes (a held seat let go at its end) is asked for with `until`, the moment
 * (ms) it may change: from then on it is made anew.
 *
 * A value whose sources can be named more narrowly than "the whole database" is asked for with `getChecked`
 * and a version of those sources (D442): when the snapshot moved, the version read after it decides.
 *
 * Bounded by `maxBytes` (each value's `sizeOf`) and `maxEntries`, the least recently used dropped first; a
 * failed computation is not kept, the next request tries again.
 */
export function createSnapshotReuse<T>(options: {
  maxBytes: number;
  maxEntries: number;
  sizeOf: (value: T) => number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const kept = new Map<string, Kept<T>>();
  let bytes = 0;

  const drop = (key: string, entry: Kept<T>) => {
    if (kept.get(key) !== entry) return;
    kept.delete(key);
    bytes -= entry.size;
  };
  const trim = () => {
    for (const [key, entry] of kept) {
      if (bytes <= options.maxBytes && kept.size <= options.maxEntries) break;
      drop(key, entry);
    }
  };

  // The version checks under way (`getChecked`), one per key: at most one per kept key at a time.
  const checks = new Map<string, { snapshot: string; value: Promise<T> }>();
  const used = (key: string, entry: Kept<T>) => {
    // Last in the map's order, so the least recently used goes first.
    kept.delete(key);
    kept.set(key, entry);
    return entry.value;
  };

  // Makes the value anew in place of what was kept under `key`, and keeps it once it is made.
  const start = (key: string, entry: Omit<Kept<T>, "value" | "size">, make: () => Promise<T>) => {
    const old = kept.get(key);
    if (old) drop(key, old);
    const made: Kept<T> = { ...entry, value: make(), size: 0 };
    kept.set(key, made);
    made.value.then(
      (value) => {
        if (kept.get(key) !== made) return;
        made.size = options.sizeOf(value);
        bytes += made.size;
        trim();
      },
      () => drop(key, made),
    );
    trim();
    return made.value;
  };

  return {
    get(key: string, snapshot: string, make: () => Promise<T>, until = Number.POSITIVE_INFINITY): Promise<T> {
      const hit = kept.get(key);
      if (hit && hit.snapshot === snapshot && now() < hit.until) return used(key, hit);
      return start(key, { snapshot, until }, make);
    },

    /**
     * As `get`, for a value whose sources have a version of their own (D442): the same snapshot gets the
     * kept value at once; when the snapshot moved, `version()` is read, and a kept value made from the same
     * version is still right, so it is answered and kept for this snapshot too. Only a new version makes it
     * anew. `version()` is read after `snapshot` was, so whatever changed the sources before this snapshot
     * also changed the version read.
     */
    getChecked(
      key: string,
      snapshot: string,
      version: () => Promise<string>,
      make: () => Promise<T>,
    ): Promise<T> {
      const hit = kept.get(key);
      if (hit && hit.snapshot === snapshot) return used(key, hit);
      // Callers that read the same snapshot together share one reading of the version.
      const running = checks.get(key);
      if (running && running.snapshot === snapshot) return running.value;
      const value = (async () => {
        const current = await version();
        const same = kept.get(key);
        if (same && same.version === current) {
          same.snapshot = snapshot;
          return used(key, same);
        }
        return start(key, { snapshot, until: Number.POSITIVE_INFINITY, version: current }, make);
      })();
      const check = { snapshot, value };
      checks.set(key, check);
      const done = () => {
        if (checks.get(key) === check) checks.delete(key);
      };
      value.then(done, done);
      return value;
    },

    /** How many values and bytes are kept (for the tests). */
    stats: () => ({ entries: kept.size, bytes }),
  };
}
