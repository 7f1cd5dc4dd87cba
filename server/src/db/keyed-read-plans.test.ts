import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import { keyRows } from "./batched-read.ts";
import type { Database, Tx } from "./client.ts";
import { prepared } from "./prepared.ts";

// D435: a batched read that went alone is a statement PostgreSQL plans once per connection. With the keys
// as an array its generic plan counts on ten of them, so every lone read was planned anew. PostgreSQL
// only: PGlite keeps no plans per statement name.

type Row = { key: string; n: number };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.runIf(usesPostgres())("keyed reads (D435)", () => {
  let database: Database;
  const keys = Array.from({ length: 5 }, () => randomUUID());

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table keyed_probe (key uuid primary key, n int not null)`);
    for (const [n, key] of keys.entries())
      await database.db.execute(sql`insert into keyed_probe values (${key}::uuid, ${n})`);
  }, 60_000);
  afterAll(() => database?.close());

  /** The lookup as the shop's batched reads write it: the keys as rows, each joined to its own lookup. */
  const lookup = (tx: Tx, wanted: readonly string[]) => {
    const keys = keyRows("uuid", wanted);
    return prepared<Row[]>(tx, `keyed_probe${keys.nameSuffix}`, () => {
      const row = tx
        .select({ key: sql<string>`p.key`.as("found_key"), n: sql<number>`p.n`.as("n") })
        .from(sql`keyed_probe p`)
        .where(sql`p.key = k.key`)
        .limit(1)
        .as("row");
      return tx.select({ key: row.key, n: row.n }).from(keys.from).crossJoinLateral(row);
    }).execute(keys.values);
  };

  it("answers each key's row, alone or together, and nothing for an unknown key", async () => {
    await database.db.transaction(async (tx) => {
      expect(await lookup(tx, [keys[2] as string])).toEqual([{ key: keys[2], n: 2 }]);
      expect(await lookup(tx, [randomUUID()])).toEqual([]);
      const together = await lookup(tx, [keys[0] as string, randomUUID(), keys[4] as string]);
      expect(together.sort((a, b) => a.n - b.n)).toEqual([
        { key: keys[0], n: 0 },
        { key: keys[4], n: 4 },
      ]);
    });
  });

  it("a read alone is not planned again once its connection has a plan for it", async () => {
    const plans = await database.db.transaction(async (tx) => {
      for (let i = 0; i < 10; i++) await lookup(tx, [keys[i % keys.length] as string]);
      return rowsOf<{ generic: number; custom: number }>(
        await tx.execute(
          sql`select generic_plans::int as generic, custom_plans::int as custom
              from pg_prepared_statements where name = 'keyed_probe_one'`,
        ),
      );
    });
    // PostgreSQL tries five custom plans, then keeps the generic one when it costs no more: no read after the
    // fifth on this connection is planned again (the first test's lone reads may have used it too, hence ≥).
    const [plan] = plans;
    expect(plan?.custom).toBe(5);
    expect(plan?.generic).toBeGreaterThanOrEqual(5);
  });
});
