import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import type { Database } from "./client.ts";

// D412: an unused pooled connection stays open for DB_POOL_IDLE_MS, so a burst after a quiet spell finds
// open connections instead of paying PostgreSQL a new process and every statement's plan again.
// PostgreSQL only: PGlite has one connection and no pool.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const idleOf = (database: Database) => database.poolStats().find((stats) => stats.pool === "main")?.idle;

describe.runIf(usesPostgres())("unused pooled connections (PostgreSQL)", () => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });

  it("stay open for DB_POOL_IDLE_MS and are closed after it", async () => {
    const [short, long] = await Promise.all([
      createTestDatabase({ env: { DB_POOL_IDLE_MS: "1000" } }),
      createTestDatabase({ env: { DB_POOL_IDLE_MS: "60000" } }),
    ]);
    opened.push(short, long);
    await Promise.all([short.db.execute(sql`select 1`), long.db.execute(sql`select 1`)]);
    expect([idleOf(short), idleOf(long)]).toEqual([1, 1]);
    await sleep(2_000);
    expect(idleOf(short)).toBe(0);
    expect(idleOf(long)).toBe(1);
  });
});
