import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import type { Database } from "./client.ts";

// D420: the shop's connections run without PostgreSQL's JIT compiler, so a statement whose cost is
// overestimated is not compiled for half a second to run for a millisecond. PostgreSQL only: PGlite has
// no JIT.

describe.runIf(usesPostgres())("the shop's PostgreSQL connections (D420)", () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it("have JIT off, on the main pool, inside a transaction and on the read pool", async () => {
    database = await createTestDatabase();
    const jitOf = async (db: Database["db"]) => {
      const { rows } = (await db.execute(sql`select current_setting('jit') as jit`)) as unknown as {
        rows: { jit: string }[];
      };
      return rows[0]?.jit;
    };
    expect(await jitOf(database.db)).toBe("off");
    expect(await database.db.transaction((tx) => jitOf(tx as unknown as Database["db"]))).toBe("off");
    expect(await jitOf(database.readDb)).toBe("off");
  });
});
