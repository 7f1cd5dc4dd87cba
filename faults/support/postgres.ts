import pg from "pg";

/**
 * Fresh databases on the local PostgreSQL (trust auth, as scripts/with-postgres.mjs sets up): each shop under
 * test gets its own, named with the run's prefix so that with-postgres.mjs drops whatever a failed test left.
 */
export const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const prefix = process.env.TEST_PG_PREFIX ?? `atelier_faults_${process.pid}`;
let counter = 0;

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  values: unknown[] = [],
  url = adminUrl,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export type TestDatabase = {
  name: string;
  url: string;
  /** A query on this database through a connection of its own (not one of the shop's). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

export async function freshDatabase(label: string): Promise<TestDatabase> {
  const name = `${prefix}_${label}_${++counter}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  await adminQuery(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    name,
    url: databaseUrl,
    query: (sql, values) => adminQuery(sql, values, databaseUrl),
    drop: async () => {
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * Ends every connection of the shop to its database, as an administrator or a failover does
 * (`57P01 terminating connection due to administrator command`). Returns how many were ended.
 */
export async function terminateBackends(database: TestDatabase): Promise<number> {
  const rows = await adminQuery<{ ended: boolean }>(
    "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database.name],
  );
  return rows.filter((row) => row.ended).length;
}
