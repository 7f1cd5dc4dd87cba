import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import type { Database } from "./client.ts";
import { prepared } from "./prepared.ts";
import { categories } from "./schema/index.ts";
import { RootQueryInTransactionError } from "./transaction-guard.ts";

/** Both drivers answer `execute` with `{ rows }`; the shared type does not say so. */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** The error a rejected call carries, through Drizzle's DrizzleQueryError wrapper. */
async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error && !(current instanceof RootQueryInTransactionError))
      current = current.cause;
    return current ?? error;
  }
  return undefined;
}

describe("a query on the root handle inside a transaction of the same database (D89)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("fails at once with a clear error: select, raw SQL, a prepared statement and a nested transaction", async () => {
    const { db } = database;
    const started = Date.now();
    const errors = await db.transaction(async (tx) => {
      await tx.select().from(categories).limit(1);
      return [
        await failure(db.select().from(categories).limit(1)),
        await failure(db.execute(sql`select 1`)),
        await failure(
          prepared(db, "guard_test_category", () =>
            db
              .select()
              .from(categories)
              .where(eq(categories.id, sql.placeholder("id"))),
          ).execute({ id: 1 }),
        ),
        await failure(db.transaction(async () => {})),
      ];
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const error of errors) {
      expect(error).toBeInstanceOf(RootQueryInTransactionError);
      expect(String((error as Error).message)).toMatch(/root database handle inside a transaction.*\(tx\)/);
    }
  });

  it("lets the transaction's own handle work, and the root handle after the transaction, also from work it left running", async () => {
    const { db } = database;
    let later: Promise<unknown> = Promise.resolve();
    // The work left running waits for the transaction's end itself, not for a time: on a busy machine the
    // commit once came after 20 ms, and the query ran, rightly refused, inside the transaction.
    let ended = () => {};
    const afterTransaction = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const inside = await db.transaction(async (tx) => {
      later = afterTransaction.then(() => db.execute(sql`select 2 as n`));
      return tx.execute(sql`select 1 as n`);
    });
    ended();
    expect(rowsOf(inside)).toEqual([{ n: 1 }]);
    expect(rowsOf(await later)).toEqual([{ n: 2 }]);
    expect(await db.select().from(categories).limit(1)).toBeInstanceOf(Array);
    // Two transactions side by side are no such call (each waits its turn on PGlite).
    await Promise.all([db.transaction((tx) => tx.execute(sql`select 1`)), db.execute(sql`select 1`)]);
  });

  it.runIf(usesPostgres())(
    "does not run in production (PostgreSQL, where such a query would not hang)",
    async () => {
      const production = await createTestDatabase({ env: { NODE_ENV: "production" } });
      try {
        const rows = await production.db.transaction(async () => production.db.execute(sql`select 3 as n`));
        expect(rowsOf(rows)).toEqual([{ n: 3 }]);
      } finally {
        await production.close();
      }
    },
  );
});
