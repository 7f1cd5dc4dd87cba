import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.ts";
import type { Database, DbOrTx } from "./client.ts";
import { changesAsPlaceholders, ph, prepared, preparedSql, statementName } from "./prepared.ts";

const probe = pgTable("prepared_probe", {
  id: integer("id").primaryKey(),
  note: text("note"),
  seenAt: timestamp("seen_at", { withTimezone: true }),
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table prepared_probe (id int primary key, note text, seen_at timestamptz)`,
  );
  await database.db.execute(sql`insert into prepared_probe values (1, 'one', now()), (2, 'two', null)`);
}, 60_000);
afterAll(() => database?.close());

/** An update of the probe's row `id` prepared per set of columns changed, as checkout's updates are (D457). */
async function update(id: number, changes: Partial<typeof probe.$inferInsert>) {
  const db = database.db;
  const asValues = changesAsPlaceholders(changes);
  if (!asValues) throw new Error("not values");
  const [row] = await prepared<(typeof probe.$inferSelect)[]>(db, `probe_update_${asValues.key}`, () =>
    db
      .update(probe)
      .set(asValues.set as never)
      .where(eq(probe.id, ph("rowId")))
      .returning(),
  ).execute({ ...asValues.values, rowId: id });
  return row;
}

describe("statements built once per connection (D457)", () => {
  it("sets a timestamp to null and back to a time through one update per set of columns", async () => {
    expect((await update(1, { seenAt: null }))?.seenAt).toBeNull();
    const at = new Date("2026-12-03T10:00:00Z");
    expect((await update(1, { seenAt: at, note: "again" }))?.seenAt?.toISOString()).toBe(at.toISOString());
    expect((await update(2, { seenAt: at, note: null }))?.note).toBeNull();
    expect((await update(2, { note: "two" }))?.seenAt?.toISOString()).toBe(at.toISOString());
  });

  it("names a null column apart from a value, and leaves SQL changes to the caller", () => {
    expect(changesAsPlaceholders({ note: null, seenAt: undefined })?.key).toBe("note0");
    expect(changesAsPlaceholders({ note: "x" })?.key).toBe("note");
    expect(changesAsPlaceholders({ note: "x", seenAt: sql`now()` })).toBeUndefined();
  });

  it("keeps two long names that begin alike apart (PostgreSQL cuts a name at 63 bytes)", async () => {
    const long = "probe_".padEnd(70, "x");
    expect(statementName(long).length).toBeLessThanOrEqual(63);
    expect(statementName(`${long}_a`)).not.toBe(statementName(`${long}_b`));
    expect(statementName("short_name")).toBe("short_name");
    const db = database.db;
    const read = (suffix: string, column: "note" | "id") =>
      prepared<{ value: unknown }[]>(db, `${long}_${suffix}`, () =>
        db
          .select({ value: column === "note" ? probe.note : probe.id })
          .from(probe)
          .where(eq(probe.id, ph("id"))),
      ).execute({ id: 2 });
    expect(await read("a", "note")).toEqual([{ value: "two" }]);
    expect(await read("b", "id")).toEqual([{ value: 2 }]);
  });

  it("plans a per-call statement for each call's values in a transaction, and leaves the mode as configured (D463)", async () => {
    let built = 0;
    const notes = (db: DbOrTx, id: number) =>
      preparedSql<{ note: string | null }>(
        db,
        "probe_note",
        () => {
          built += 1;
          return sql`select note from prepared_probe where id = ${ph("id")}::int`;
        },
        "per-call",
      ).execute({ id });
    const mode = async (tx: DbOrTx) =>
      (
        await preparedSql<{ mode: string }>(
          tx,
          "probe_mode",
          () => sql`select current_setting('plan_cache_mode') as mode`,
        ).execute()
      ).rows[0]?.mode;
    const seen = await database.db.transaction(async (tx) => {
      const before = await mode(tx);
      const notesRead: (string | null)[] = [];
      // More than PostgreSQL's five custom plans, after which it would keep a generic one.
      for (let i = 0; i < 8; i++) notesRead.push(...(await notes(tx, 1 + (i % 2))).rows.map((r) => r.note));
      const plans = await preparedSql<{ generic: number; custom: number }>(
        tx,
        "probe_plans",
        () =>
          sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'probe_note'`,
      ).execute();
      return { before, after: await mode(tx), notesRead, plans: plans.rows };
    });
    // Built once for the transaction's connection, its eight calls sent with their values.
    expect(built).toBe(1);
    expect(seen.notesRead).toEqual(["again", "two", "again", "two", "again", "two", "again", "two"]);
    expect(seen.after).toBe(seen.before);
    // PGlite keeps no named statements of its own; PostgreSQL counts the plans it made.
    if (database.kind === "postgres") expect(seen.plans).toEqual([{ generic: 0, custom: 8 }]);
    // Outside a transaction the statement answers as well (PostgreSQL's own choice of plan).
    expect((await notes(database.db, 2)).rows).toEqual([{ note: "two" }]);
  });
});
