import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import type { Database } from "./client.ts";
import { nightRoundDue, schoolHour, startEmbeddedMaintenance } from "./maintenance.ts";

// D450: PGlite runs no autovacuum, so the shop analyses the embedded database after it starts and vacuums
// it once a night in the school's quiet hour; on PostgreSQL it leaves that to the server's autovacuum.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the night's round of the embedded database", () => {
  it("is due once per Berlin day, in its hour, summer and winter", () => {
    // 02:30 UTC is 03:30 in Berlin in winter (UTC+1); 01:15 UTC is 03:15 in summer (UTC+2).
    const winter = new Date("2026-12-03T02:30:00Z");
    const summer = new Date("2026-07-01T01:15:00Z");
    expect([schoolHour(winter), schoolHour(summer)]).toEqual([3, 3]);
    expect(nightRoundDue(winter, undefined)).toBe(true);
    expect(nightRoundDue(winter, "2026-12-02")).toBe(true);
    expect(nightRoundDue(winter, "2026-12-03")).toBe(false);
    expect(nightRoundDue(summer, "2026-06-30")).toBe(true);
    expect(nightRoundDue(new Date("2026-12-03T03:30:00Z"), undefined)).toBe(false);
    expect(nightRoundDue(new Date("2026-12-03T01:59:00Z"), undefined)).toBe(false);
  });
});

type Logged = { data: { statement?: string }; message: string };

function recorder() {
  const lines: Logged[] = [];
  return {
    lines,
    log: {
      info: (data: object, message: string) => lines.push({ data, message }),
      error: (data: object, message: string) => lines.push({ data, message }),
    },
  };
}

const statisticsOf = async (database: Database) => {
  const result = (await database.db.execute(
    sql`select c.reltuples::int as tuples, s.last_vacuum is not null as vacuumed
          from pg_class c join pg_stat_user_tables s on s.relid = c.oid
         where c.relname = 'maintenance_probe'`,
  )) as unknown as { rows: { tuples: number; vacuumed: boolean }[] };
  return result.rows[0];
};

describe.runIf(!usesPostgres())("the embedded database's upkeep (PGlite)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table maintenance_probe (id int primary key, status text)`);
    await database.db.execute(
      sql`insert into maintenance_probe select g, 'paid' from generate_series(1, 500) as g`,
    );
    await database.db.execute(sql`update maintenance_probe set status = 'refunded' where id % 2 = 0`);
  });
  afterAll(() => database?.close());

  it("gathers statistics when the shop starts, and vacuums once in the night's hour", async () => {
    expect(await statisticsOf(database)).toEqual({ tuples: -1, vacuumed: false });
    const { lines, log } = recorder();
    const night = new Date("2026-12-03T02:30:00Z");
    const maintenance = startEmbeddedMaintenance(database, { log, now: () => night, checkEveryMs: 20 });
    for (let waited = 0; waited < 10_000 && lines.length < 2; waited += 20) await sleep(20);
    await sleep(200);
    await maintenance.stop();
    expect(lines.map((line) => [line.message, line.data.statement])).toEqual([
      ["embedded database maintained", "analyze"],
      ["embedded database maintained", "vacuum (analyze)"],
    ]);
    expect(await statisticsOf(database)).toEqual({ tuples: 500, vacuumed: true });
  });

  it("does nothing at night's end but the start's statistics", async () => {
    const { lines, log } = recorder();
    const morning = new Date("2026-12-03T07:00:00Z");
    const maintenance = startEmbeddedMaintenance(database, { log, now: () => morning, checkEveryMs: 20 });
    await sleep(200);
    await maintenance.stop();
    expect(lines.map((line) => line.data.statement)).toEqual(["analyze"]);
  });
});

describe.runIf(usesPostgres())("the embedded database's upkeep on PostgreSQL", () => {
  it("is left to the server's autovacuum", async () => {
    const { lines, log } = recorder();
    const database = { kind: "postgres" as const, db: undefined as unknown as Database["db"] };
    const maintenance = startEmbeddedMaintenance(database, {
      log,
      now: () => new Date("2026-12-03T02:30:00Z"),
      checkEveryMs: 20,
    });
    await sleep(100);
    await maintenance.stop();
    expect(lines).toEqual([]);
  });
});
