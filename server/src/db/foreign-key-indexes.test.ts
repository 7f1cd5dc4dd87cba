import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database.ts";
import type { Database } from "./client.ts";

/**
 * Deleting a row makes PostgreSQL look for the rows that refer to it (to cascade, clear or refuse). Without an
 * index on the referring column that look reads the whole referring table, so a parent removing an item from
 * the cart got slower with every reminder and waiting-list entry the school had ever written (D470). The rows
 * the shop deletes in its daily work are a cart's items and a cart (a guest cart merged at sign-in): every
 * foreign key to them is indexed.
 */
const DELETED_DAILY = ["order_items", "orders"];

describe("foreign keys to rows the shop deletes every day (D470)", () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it("each have an index that starts with the referring columns", async () => {
    database = await createTestDatabase();
    const { rows } = (await database.db.execute(sql`
      select c.conrelid::regclass::text as referring, c.conname as name
      from pg_constraint c
      where c.contype = 'f'
        and c.confrelid::regclass::text = any(${`{${DELETED_DAILY.join(",")}}`}::text[])
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
            and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey
        )
      order by 1, 2`)) as unknown as { rows: { referring: string; name: string }[] };
    expect(rows).toEqual([]);
  });
});
