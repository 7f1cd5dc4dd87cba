import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import type { Database } from "./client.ts";
import { isDatabaseUnavailable } from "./db-unavailable.ts";

/** A database error as node-postgres gives it, wrapped as Drizzle wraps a failed query. */
const wrapped = (code: string) =>
  new Error("Failed query: update …", { cause: Object.assign(new Error("database error"), { code }) });

describe("what the database's refusal tells the client (D89, D510)", () => {
  it("a deadlock or a serialization failure is 'try again' (503), as a lost connection is", () => {
    for (const code of ["40P01", "40001", "57014", "55P03", "08006"])
      expect(isDatabaseUnavailable(wrapped(code)), code).toBe(true);
  });

  it("a refusal of the request's own data is not", () => {
    for (const code of ["23505", "23503", "22P02", "22008"])
      expect(isDatabaseUnavailable(wrapped(code)), code).toBe(false);
  });
});

describe.runIf(usesPostgres())("a real deadlock on PostgreSQL (D510)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table deadlock_probe (id int primary key)`);
    await database.db.execute(sql`insert into deadlock_probe values (1), (2)`);
  }, 60_000);
  afterAll(() => database?.close());

  it("is recognised: one of two transactions taking two rows in opposite order is refused as unavailable", async () => {
    const both = new Promise<void>((resolve) => setTimeout(resolve, 200));
    const takeInOrder = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from deadlock_probe where id = ${first} for update`);
        await both;
        await tx.execute(sql`select id from deadlock_probe where id = ${second} for update`);
      });
    const outcomes = await Promise.allSettled([takeInOrder(1, 2), takeInOrder(2, 1)]);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(isDatabaseUnavailable((refused[0] as PromiseRejectedResult).reason)).toBe(true);
  });
});
