import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import type { Database, Tx } from "./client.ts";
import { builtOnce, ph, prepared } from "./prepared.ts";
import { users } from "./schema/index.ts";

// D441: a statement whose best plan depends on its values (the checkout's checks under the units' locks,
// D438) is built by Drizzle once per connection but sent unnamed, so PostgreSQL plans it for each call's
// values; a named one keeps its plans. PostgreSQL only: PGlite keeps no statements per name.

type Statement = { name: string; statement: string };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.runIf(usesPostgres())("statements built once (D441)", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  it("are built once per connection, sent unnamed, and answer each call's values", async () => {
    let builds = 0;
    const find = (tx: Tx, id: number) =>
      builtOnce<{ id: number; marker: string }[]>(tx, "built_once_probe", () => {
        builds += 1;
        return tx
          .select({ id: users.id, marker: sql<string>`'built_once_probe'`.as("marker") })
          .from(users)
          .where(sql`${users.id} = ${ph("id")}::int`);
      }).execute({ id });
    const named = (tx: Tx, id: number) =>
      prepared<{ id: number }[]>(tx, "named_probe", () =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.id} = ${ph("id")}::int and 'named_probe' <> ''`),
      ).execute({ id });

    const { answers, statements } = await database.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: "built-once@example.org", passwordHash: "x", firstName: "A", lastName: "B" })
        .returning({ id: users.id });
      const id = user?.id ?? 0;
      const answers = [await find(tx, id), await find(tx, id + 1_000_000), await find(tx, id)];
      await named(tx, id);
      const statements = rowsOf<Statement>(
        await tx.execute(sql`select name, statement from pg_prepared_statements`),
      );
      return { answers: answers.map((rows) => rows.map((row) => row.id)), statements };
    });

    expect(builds).toBe(1);
    expect(answers[0]).toHaveLength(1);
    expect(answers[1]).toEqual([]);
    expect(answers[2]).toEqual(answers[0]);
    // The named statement is kept by the session; the one built once never is: it is parsed and planned
    // with each call's values.
    expect(statements.map((row) => row.name)).toContain("named_probe");
    expect(statements.some((row) => row.statement.includes("built_once_probe"))).toBe(false);
  });
});
