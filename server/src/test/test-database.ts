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
/** A short digest of the migrations: a template made from other migrations is never used. */
function migrationsDigest(): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    if (name.endsWith(".sql")) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

export async function migratedTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `atelier-pglite-template-${migrationsDigest()}.tar`);
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
  const prefix = process.env.TEST_PG_PREFIX ?? "atelier_test";
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const template = await postgresTemplate(adminUrl, prefix);
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), limits });
  // A no-op on the copy, unless the migrations changed after the template was made.
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One migrated database per run and set of migrations on the PostgreSQL server, that every test database
 * is copied from (`CREATE DATABASE … TEMPLATE`, a file copy) instead of running every migration again.
 * Made once under an advisory lock, so parallel workers wait for the first; nobody stays connected to it,
 * as PostgreSQL requires of a template. scripts/with-postgres.mjs drops it with the run's databases.
 */
async function postgresTemplate(adminUrl: string, prefix: string): Promise<string> {
  const template = `${prefix}_tpl_${migrationsDigest()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [template]);
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [template]);
    if (!rowCount) {
      await client.query(`create database "${template}"`);
      const migrated = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template) });
      try {
        await migrated.migrate();
      } finally {
        await migrated.close();
      }
    }
    await client.query("select pg_advisory_unlock(hashtext($1))", [template]);
  } catch (error) {
    // A half-made template is dropped, so the next file makes it again rather than copying it.
    await client.query(`drop database if exists "${template}" with (force)`).catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return template;
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
