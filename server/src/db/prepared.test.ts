import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.ts";
import type { Database } from "./client.ts";
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

  it("builds an unnamed statement once and answers it for each call's values", async () => {
    let built = 0;
    const db = database.db;
    const notes = (id: number) =>
      preparedSql<{ note: string | null }>(
        db,
        "probe_note",
        () => {
          built += 1;
          return sql`select note from prepared_probe where id = ${ph("id")}::int`;
        },
        "unnamed",
      ).execute({ id });
    expect((await notes(1)).rows).toEqual([{ note: "again" }]);
    expect((await notes(2)).rows).toEqual([{ note: "two" }]);
    expect(built).toBe(1);
  });
});
