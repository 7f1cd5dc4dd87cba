import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client.ts";
import { closures } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "./seed.ts";

describe("the demo's Berlin school holidays 2026/27 (D122)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await database.migrate();
  });
  afterAll(() => database?.close());

  it("are closures of every house, in the school year's order, named in German and Russian", async () => {
    await seedDemoCatalogue(database.db, { staffEmail: "staff@atelier-test.example", holidays: true });
    const rows = await database.db.select().from(closures).orderBy(asc(closures.startsOn));
    expect(rows.map((row) => row.name.de)).toEqual([
      "Herbstferien",
      "Weihnachtsferien",
      "Winterferien",
      "Osterferien",
      "Pfingstferien",
      "Sommerferien",
    ]);
    for (const row of rows) {
      expect(row.locationId).toBeNull();
      expect(row.name.ru).not.toBe("");
      expect(row.endsOn >= row.startsOn).toBe(true);
      // Within the school year 2026/27 (1 August 2026 to 31 July 2027; the summer holidays begin in it).
      expect(row.startsOn >= "2026-08-01" && row.startsOn <= "2027-07-31").toBe(true);
    }
  });
});
