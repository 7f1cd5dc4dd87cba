import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Races made deterministic on PostgreSQL (PGlite serves one connection at a time): the test holds a row
 * lock of its own that one side needs, waits until the other side is seen waiting for a lock too, then
 * lets go. `releaseAll` lets go of every lock still held, for `afterAll`, even when a test failed half-way.
 */
export function lockRace(db: Db) {
  const holders: (() => Promise<void>)[] = [];

  /** Sessions in this database waiting for a lock right now. */
  async function lockWaiters(): Promise<number> {
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  }

  /** Waits (bounded: 20 s) until `n` sessions wait for a lock; a race that never forms fails the test. */
  async function untilWaiting(n: number) {
    const deadline = Date.now() + 20_000;
    while ((await lockWaiters()) < n) {
      if (Date.now() > deadline) throw new Error(`never saw ${n} sessions waiting for a lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Runs a transaction that takes `lock` and holds it until the returned function is called; resolves once
   * the lock is held.
   */
  async function holdLock(lock: (tx: Tx) => Promise<unknown>) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => {};
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    const done = db.transaction(async (tx) => {
      await lock(tx);
      held();
      await released;
    });
    await isHeld;
    const letGo = async () => {
      release();
      await done;
    };
    holders.push(letGo);
    return letGo;
  }

  async function releaseAll() {
    for (const letGo of holders.splice(0)) await letGo();
  }

  return { untilWaiting, holdLock, releaseAll };
}
