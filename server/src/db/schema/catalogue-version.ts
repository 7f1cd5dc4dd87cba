import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable } from "drizzle-orm/pg-core";

/**
 * One row counting changes to the catalogue's tables (D81). Statement triggers on product pages,
 * options, slots, weeks, seasons, instructors and categories add one in the writer's transaction (see
 * migration 0005), so any writer — back office, seed, SQL console, another instance — makes cached
 * catalogue replies stale at once.
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_version_single_row", sql`${t.id} = 1`)],
);
