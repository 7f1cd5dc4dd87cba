import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from "./change-feed.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** One database type for PGlite and PostgreSQL: services never see which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Commits that changed the catalogue or its seats (D85). */
  changes: ChangeFeed;
  /** PGlite only: the database as a tar archive (`loadDataDir`). */
  dump?: () => Promise<Blob>;
};

const here = dirname(fileURLToPath(import.meta.url));
// Source layout: src/db/migrations; bundled layout: dist/migrations (copied by build.mjs).
export const MIGRATIONS_DIR = process.env.ATELIER_MIGRATIONS_DIR ?? resolve(here, "migrations");

const MIGRATION_LOCK_ID = 4_242_001;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  inMemory?: boolean;
  /** In memory, starting from a dump of another PGlite database (tests copy one migrated database). */
  loadDataDir?: Blob;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const changes = postgresChangeFeed(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      onConnect: changes.onConnect,
    });
    let closing = false;
    // An idle connection that the server ends (a restart, a dropped test database) must not crash the
    // process: the pool replaces it on the next query. Only the error's code is written, never its query.
    pool.on("error", (error: Error & { code?: string }) => {
      if (!closing) console.warn(`database connection lost (${error.code ?? error.name})`);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      changes,
      migrate: async () => {
        // Several instances may start together: one migrates, the others wait for it.
        const lock = await pool.connect();
        try {
          await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          lock.release();
        }
      },
      ping: async () => {
        await pool.query("select 1");
      },
      close: async () => {
        closing = true;
        await changes.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (options.loadDataDir) {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
  } else if (options.inMemory) {
    client = new PGlite();
  } else {
    const dir = resolve(join(options.dataDir ?? ".data", "pglite"));
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const changes = await pgliteChangeFeed(client);
  return {
    db,
    kind: "pglite",
    changes,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await changes.close();
      await client.close();
    },
    dump: () => client.dumpDataDir("none"),
  };
}
