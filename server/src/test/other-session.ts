import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/index.ts";

/**
 * A session of its own on the test app's PostgreSQL database, beside the app's pool: the operator, or
 * PostgreSQL itself, in the fault tests. End it after the test.
 */
export async function otherSession(db: Db): Promise<pg.Client> {
  const { rows } = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_PG_ADMIN_URL ?? "");
  url.pathname = `/${rows[0]?.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/**
 * What would have ended a real server process: errors no listener took (an unhandled 'error' event),
 * collected from `start()` until `stop()`.
 */
export function crashWatch() {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  return {
    crashes,
    start: () => process.on("uncaughtException", onCrash),
    stop: () => process.off("uncaughtException", onCrash),
  };
}
