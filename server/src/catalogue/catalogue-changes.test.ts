import { ProductDetailSchema } from "@atelier/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WATCHER_NAME } from "../db/change-feed.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { createTestApp } from "../test/test-app.ts";

// Commits made outside this server (a console, another instance) reach it through PostgreSQL's
// notifications (D85); PGlite has no other writer, so this file runs on PostgreSQL only.
const adminUrl = process.env.TEST_PG_ADMIN_URL;

describe.runIf(adminUrl)("catalogue changes from other writers (PostgreSQL)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let other: pg.Client;
  const PAGE = "/api/v2/products/kleine-maler-5-7/?locale=de";

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
    // On PostgreSQL the driver answers with node-postgres's result.
    const result = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const row = result.rows[0];
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${row?.name}`;
    other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
  }, 60_000);
  afterAll(async () => {
    await other?.end();
    await ctx?.close();
  });

  const page = async () => {
    const res = await ctx.app.inject({ method: "GET", url: PAGE });
    return { etag: String(res.headers.etag), body: ProductDetailSchema.parse(res.json()) };
  };
  /** Asks until `seen` holds, as a parent reloading would; fails after `ms`. */
  async function eventually(seen: () => Promise<boolean>, ms = 3_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await seen()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it("shows a price changed by another connection, which the cached page did not know of", async () => {
    const before = await page();
    expect((await page()).etag).toBe(before.etag);
    const option = before.body.purchase_options[0];
    if (!option) throw new Error("seed data missing");
    await other.query("update purchase_options set base_price_cents = base_price_cents + 700 where id = $1", [
      option.id,
    ]);
    const shown = await eventually(
      async () => (await page()).body.purchase_options[0]?.base_price_cents === option.base_price_cents + 700,
      1_000,
    );
    expect(shown).toBe(true);
  });

  it("reuses nothing while its listening connection is lost, and listens again", async () => {
    await page();
    expect(ctx.database.changes.live).toBe(true);
    await other.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
      WATCHER_NAME,
    ]);
    expect(await eventually(async () => !ctx.database.changes.live)).toBe(true);
    expect(await eventually(async () => ctx.database.changes.live)).toBe(true);
    // Listening again: another writer's commit shows as before.
    const option = (await page()).body.purchase_options[0];
    if (!option) throw new Error("seed data missing");
    await other.query("update purchase_options set base_price_cents = base_price_cents + 100 where id = $1", [
      option.id,
    ]);
    expect(
      await eventually(
        async () =>
          (await page()).body.purchase_options[0]?.base_price_cents === option.base_price_cents + 100,
        1_000,
      ),
    ).toBe(true);
  });
});
