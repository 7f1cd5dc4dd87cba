import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { loadEnv } from "../config/env.ts";
import { type Database, MIGRATIONS_DIR, openDatabase } from "../db/client.ts";

/**
 * One migrated PGlite database, dumped to a file named by the migrations' content, that every test file
 * loads instead of migrating its own (about half the set-up time of a file). Written atomically, so
 * parallel workers that race only both write the same bytes.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash("sha256");
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    if (name.endsWith(".sql")) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  const file = join(tmpdir(), `atelier-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const fresh = await openDatabase({ inMemory: true });
    await fresh.migrate();
    const dump = await fresh.dump?.();
    await fresh.close();
    if (!dump) throw new Error("PGlite could not dump the template database");
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_PG_ADMIN_URL (set by scripts/with-postgres.mjs in `npm test`),
 * dropped again on close. `env` sets the database limits (DB_*), as the server's environment would.
 */
export async function createTestDatabase(options: { env?: Record<string, string> } = {}): Promise<Database> {
  const limits = loadEnv({ NODE_ENV: "test", ...options.env });
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    const database = await openDatabase({ inMemory: true, loadDataDir: await migratedTemplate(), limits });
    // A no-op on the migrated copy, unless the migrations changed after the copy was made.
    await database.migrate();
    return database;
  }
  const name = `${process.env.TEST_PG_PREFIX ?? "atelier_test"}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), limits });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const usesPostgres = () => Boolean(process.env.TEST_PG_ADMIN_URL);
