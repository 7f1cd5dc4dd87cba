import { randomUUID } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_PG_ADMIN_URL (set by scripts/with-postgres.mjs in `npm test`),
 * dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    const database = await openDatabase({ inMemory: true });
    await database.migrate();
    return database;
  }
  const name = `${process.env.TEST_PG_PREFIX ?? "atelier_test"}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
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
