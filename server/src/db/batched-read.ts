import { type SQL, sql } from "drizzle-orm";
import { pgArray, ph } from "./prepared.ts";

/**
 * Reads by key that share one statement with the reads asked for at the same time (D431). Under load every
 * statement costs more in its round trip (a write to the socket that wakes a database process, its answer
 * read and parsed, PostgreSQL's own work per statement) than in its rows, so many readers of one short
 * statement are served faster by one statement for all of them.
 *
 * A read waits for nothing when the database is quiet: it is sent in the same turn of the event loop, after
 * the other requests that arrived with it. While `maxInFlight` statements are out, reads gather and go
 * together when one comes back (as a database groups its commits), at most `maxBatch` keys per statement.
 * Each statement starts after every read in it was asked for, so it sees every commit made before that:
 * what a client wrote before it asked is in its answer, as with a statement of its own.
 */
export type BatchedRead<K, R> = (key: K) => Promise<R | undefined>;

export function batchedRead<K, R>(
  readMany: (keys: K[]) => Promise<Map<K, R>>,
  { maxInFlight = 2, maxBatch = 100 }: { maxInFlight?: number; maxBatch?: number } = {},
): BatchedRead<K, R> {
  type Waiter = { resolve: (row: R | undefined) => void; reject: (error: unknown) => void };
  const waiting = new Map<K, Waiter[]>();
  let inFlight = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || inFlight >= maxInFlight || waiting.size === 0) return;
    scheduled = true;
    setImmediate(send);
  };

  function send() {
    scheduled = false;
    const batch = new Map<K, Waiter[]>();
    for (const [key, waiters] of waiting) {
      if (batch.size >= maxBatch) break;
      batch.set(key, waiters);
      waiting.delete(key);
    }
    inFlight += 1;
    // Another batch may go out beside this one (up to maxInFlight); the rest gather until one comes back.
    schedule();
    // The next batch is scheduled before these readers go on, so it is out while they make their replies.
    const settle = (answer: (waiter: Waiter, key: K) => void) => {
      inFlight -= 1;
      schedule();
      for (const [key, waiters] of batch) for (const waiter of waiters) answer(waiter, key);
    };
    // A readMany that throws instead of rejecting fails its readers the same way.
    new Promise<Map<K, R>>((resolve) => resolve(readMany([...batch.keys()]))).then(
      (rows) => settle((waiter, key) => waiter.resolve(rows.get(key))),
      (error: unknown) => settle((waiter) => waiter.reject(error)),
    );
  }

  return (key) =>
    new Promise<R | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      schedule();
    });
}

/**
 * The keys of a batched read as the rows `k(key)` of its statement, for a lookup joined `lateral` to them,
 * with the values to run it with and the suffix that names its form: `unnest` of one array parameter for a
 * batch, a single parameter (`_one`) for a read that went alone. A read alone is the usual case when the shop
 * is quiet, and its statement is planned once per connection: with an array PostgreSQL's generic plan counts
 * on ten keys, so it planned the statement anew for every read (0.1–0.2 ms of its CPU, more than the lookup
 * itself, D435). A batch keeps the array; its planning is shared by its keys.
 */
export function keyRows(
  type: "uuid" | "int" | "text",
  keys: readonly (string | number)[],
): { nameSuffix: string; from: SQL; values: Record<string, unknown> } {
  const cast = sql.raw(type);
  return keys.length === 1
    ? { nameSuffix: "_one", from: sql`(select ${ph("key")}::${cast} as key) as k`, values: { key: keys[0] } }
    : {
        nameSuffix: "",
        from: sql`unnest(${ph("keys")}::${cast}[]) as k(key)`,
        values: { keys: pgArray(keys) },
      };
}
