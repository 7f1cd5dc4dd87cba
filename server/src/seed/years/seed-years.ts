import { hash } from "@node-rs/argon2";
import pg from "pg";
import { openDatabase, orderSumTriggers, REFRESH_ALL_ORDER_SUMS } from "../../db/index.ts";
import { seedDemoCatalogue } from "../seed.ts";
import { generateYears } from "./generate.ts";

export type SeedYearsInput = {
  databaseUrl: string;
  years: number;
  seed: number;
  scale: number;
  until: Date;
  /** Add a decade to a database that already holds orders. */
  force: boolean;
  staffEmail: string;
  staffPassword?: string | undefined;
  /** Every family's password (one argon2 hash for all). */
  familyPassword: string;
  log?: (line: string) => void;
};

/**
 * Migrates the PostgreSQL database, seeds the demo catalogue when it is empty, and writes the decade in
 * one transaction. Refuses a database with orders beyond carts unless `force`. Answers rows per table.
 */
export async function seedYears(input: SeedYearsInput): Promise<Record<string, number>> {
  const database = await openDatabase({ databaseUrl: input.databaseUrl });
  const client = new pg.Client({ connectionString: input.databaseUrl });
  try {
    await database.migrate();
    await client.connect();
    const real = await client.query("select count(*)::int as n from orders where status <> 'cart'");
    if (real.rows[0].n > 0 && !input.force) {
      throw new Error(
        `the database already holds ${real.rows[0].n} orders; pass --force to add a decade anyway`,
      );
    }
    await seedDemoCatalogue(database.db, {
      staffEmail: input.staffEmail,
      staffPassword: input.staffPassword,
      holidays: true,
    });
    const passwordHash = await hash(input.familyPassword);
    await client.query("begin");
    try {
      // The orders' money sums (D502) are summed once at the end, not again for each of the decade's
      // payments as their triggers would (six times the generator's whole time).
      for (const statement of orderSumTriggers(false)) await client.query(statement);
      const written = await generateYears(client, { ...input, passwordHash });
      // Rows written directly, past the status triggers: which slot and week links may still hold a seat
      // (D419, D438), and what each order received and gave back (D502).
      await client.query("select refresh_order_item_slots_may_hold_seat(null)");
      await client.query("select refresh_order_item_weeks_may_hold_seat()");
      await client.query(REFRESH_ALL_ORDER_SUMS);
      for (const statement of orderSumTriggers(true)) await client.query(statement);
      await client.query("commit");
      // Statistics and the visibility map, as autovacuum would leave them: index-only scans work at once.
      await client.query("vacuum analyze");
      return written;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
    await database.close();
  }
}
