import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAcademyWeeks } from "../catalogue/index.ts";
import type { Database } from "../db/index.ts";
import { findRunningOffers } from "../seats/index.ts";
import { createTestDatabase, usesPostgres } from "../test/test-database.ts";
import { findUnitsHeldByVisitor } from "./order.repository.ts";

// D437, D438: every add of an academy week or of a course's slots asks whether the child holds the unit
// already, for the family's running offers and (a week) for the week's seats. On enrolment day thousands of
// adds ask in a minute; sent unnamed, PostgreSQL parsed and planned each anew every time (0.6 and 0.8 ms of
// its CPU, against 0.10 and 0.01 ms to run them), and the week's seats, prepared but with a parameter its
// generic plan could not see, 1.4–1.6 ms. Each keeps one generic plan per connection. PostgreSQL only:
// PGlite keeps no plans per statement name.

type Plans = { name: string; generic: number; custom: number };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.runIf(usesPostgres())("the add's seat checks are planned once per connection (D437, D438)", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  it("the child's bookings, the running offers and the week's seats keep their generic plans", async () => {
    const plans = await database.db.transaction(async (tx) => {
      for (let i = 0; i < 10; i++) {
        await findUnitsHeldByVisitor(tx, 1 + (i % 5), [1 + (i % 2)], [1 + (i % 4)]);
        await findRunningOffers(tx, 1 + (i % 5), [], [1 + (i % 4)]);
        await findAcademyWeeks(tx, 1 + (i % 3), [1 + (i % 4)], "de");
      }
      return rowsOf<Plans>(
        await tx.execute(
          sql`select name, generic_plans::int as generic, custom_plans::int as custom
              from pg_prepared_statements order by name`,
        ),
      );
    });
    const named = (name: string) => plans.find((plan) => plan.name === name);
    // PostgreSQL tries five custom plans, then keeps the generic one while it costs no more than they did;
    // a statement whose generic plan costs more (a parameter the plan cannot see through) is planned on
    // every call: ten custom plans of ten.
    for (const name of [
      "units_held_by_visitor_slots",
      "units_held_by_visitor_weeks",
      "running_offers_w",
      "academy_weeks_de",
    ]) {
      expect(named(name), name).toMatchObject({ custom: 5, generic: 5 });
    }
  });
});
