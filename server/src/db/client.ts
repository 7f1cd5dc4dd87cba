import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
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
import { type Env, loadEnv, poolIdleMs } from "../config/index.ts";
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from "./change-feed.ts";
import { forgetEdges, pipelineTransactions } from "./pipelined-transaction.ts";
import * as schema from "./schema/index.ts";
import { createTransactionGuard, guardMethods, type TransactionGuard } from "./transaction-guard.ts";

/**
 * One database type for PGlite and PostgreSQL: services never see which one runs. Without Drizzle's
 * relational query API (`db.query.…`, which the shop does not use): a handle made with the schema built a
 * query builder for each of the 61 tables for every transaction, about 15 µs each (D436).
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  /**
   * Catalogue reads: on PostgreSQL a small pool of their own with a short timeout, so the catalogue
   * answers while order tables are locked or the main pool is busy (D89); on PGlite the same as `db`.
   */
  readDb: Db;
  kind: "pglite" | "postgres";
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Commits that changed the catalogue or its seats (D85). */
  changes: ChangeFeed;
  /** PostgreSQL: each pool's connections now, read at a metrics scrape (D260); PGlite has none. */
  poolStats: () => PoolStats[];
  /** PGlite only: the database as a tar archive (`loadDataDir`). */
  dump?: () => Promise<Blob>;
};

/** A connection pool's state: connections checked out, connections idle, requests waiting for one. */
export type PoolStats = { pool: "main" | "read"; inUse: number; idle: number; waiting: number };

function statsOf(name: PoolStats["pool"], pool: pg.Pool): PoolStats {
  return {
    pool: name,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  };
}

const here = dirname(fileURLToPath(import.meta.url));
// Source layout: src/db/migrations; bundled layout: dist/migrations (copied by build.mjs).
export const MIGRATIONS_DIR = process.env.ATELIER_MIGRATIONS_DIR ?? resolve(here, "migrations");

const MIGRATION_LOCK_ID = 4_242_001;

/** Pool sizes and timeouts (PostgreSQL), and whether the transaction guard runs (not in production). */
export type DatabaseLimits = Pick<
  Env,
  | "NODE_ENV"
  | "DB_POOL_SIZE"
  | "DB_READ_POOL_SIZE"
  | "DB_POOL_WAIT_MS"
  | "DB_STATEMENT_TIMEOUT_MS"
  | "DB_LOCK_TIMEOUT_MS"
  | "DB_READ_TIMEOUT_MS"
  | "DB_IDLE_IN_TRANSACTION_MS"
>;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** Defaults to the configuration's defaults (development: the guard runs). */
  limits?: DatabaseLimits;
  dataDir?: string;
  inMemory?: boolean;
  /** In memory, starting from a dump of another PGlite database (tests copy one migrated database). */
  loadDataDir?: Blob;
};

/**
 * A connection lost while it is checked out (inside a transaction, between two queries) emits 'error' on
 * its client, which has no listener then: Node would end the process (issue 19, item 1). Every client
 * gets a listener for its whole life; the statement that was running, or the next one, fails (503), and
 * the pool drops the client when it is released. Only the error's code is written, never its query.
 */
function keepPoolAlive(pool: pg.Pool, name: string, quiet: () => boolean) {
  const warn = (error: Error & { code?: string }) => {
    if (!quiet()) console.warn(`database connection lost (${name}: ${error.code ?? error.name})`);
  };
  const open = new Set<pg.Client>();
  pool.on("connect", (client) => {
    open.add(client as pg.Client);
    client.on("error", warn);
  });
  pool.on("remove", (client) => open.delete(client as pg.Client));
  // Idle clients report through the pool; one still connecting has no listener of its own yet.
  pool.on("error", (error, client) => {
    if (!open.has(client as pg.Client)) warn(error);
  });
  return {
    /**
     * Ends the pool. A connection still checked out (a request that never finished) would hold the end
     * forever, and with it a shutdown: after CLOSE_WAIT_MS those connections are ended under their holders.
     */
    async end() {
      const ended = pool.end();
      if (await settlesWithin(ended, CLOSE_WAIT_MS)) return;
      console.warn(`database close (${name}): ${open.size} connections still in use, ended`);
      await Promise.all([...open].map((client) => client.end().catch(() => {})));
      await settlesWithin(ended, CLOSE_WAIT_MS);
    },
  };
}

const CLOSE_WAIT_MS = 5_000;

/** Whether `work` settles within `ms`; it runs on either way. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Root handles check the guard on their query path; their transactions mark their callbacks (D89). */
function guardTransactions(db: Db, guard: TransactionGuard) {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    guard.check("transaction");
    return transaction((tx) => guard.inside(() => work(tx)), config);
  }) as Db["transaction"];
}

/**
 * PGlite's folder is one process's (D301): a second process opening it while the shop runs (a backup, the
 * move, `npm run admin`) could damage it. The process that opens it writes its id beside it; another finds
 * that process alive and stops with a message. A file left by a process that ended is taken over.
 */
function lockPgliteFolder(dir: string): () => void {
  const file = `${dir}.pid`;
  const [pid = "", host = ""] = (() => {
    try {
      return readFileSync(file, "utf8").trim().split("@");
    } catch {
      return [];
    }
  })();
  const holder = Number(pid);
  // The host name tells another container (its own process ids) from this one.
  if (
    host === hostname() &&
    Number.isInteger(holder) &&
    holder > 0 &&
    holder !== process.pid &&
    isAlive(holder)
  )
    throw new Error(
      `The embedded database ${dir} is open in process ${holder} (the shop?). Stop it first; if no shop runs, delete ${file}.`,
    );
  writeFileSync(file, `${process.pid}@${hostname()}`);
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The folder of the embedded database under `DATA_DIR`, as the shop opens it. */
export function pgliteFolder(dataDir: string | undefined): string {
  return resolve(join(dataDir ?? ".data", "pglite"));
}

/**
 * PostgreSQL's JIT compiler off for the shop's connections (D420): it compiles a statement whose estimated
 * cost is high, and the shop's statements are short. On ten years of data the waiting list's round, run by
 * the payment worker every 30 s, was estimated at 700,000 and compiled for 520 ms to run for 0.6 ms, taking
 * a core from every request of that half second.
 */
const NO_JIT = "-c jit=off";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const limits = options.limits ?? loadEnv({});
  const guard = limits.NODE_ENV === "production" ? undefined : createTransactionGuard();
  if (options.databaseUrl) {
    const connectionString = options.databaseUrl;
    const changes = postgresChangeFeed(connectionString);
    // Every limit is sent with the connection's start-up, so no statement waits past it (D89).
    const pool = new pg.Pool({
      connectionString,
      options: NO_JIT,
      max: limits.DB_POOL_SIZE,
      connectionTimeoutMillis: limits.DB_POOL_WAIT_MS,
      statement_timeout: limits.DB_STATEMENT_TIMEOUT_MS,
      lock_timeout: limits.DB_LOCK_TIMEOUT_MS,
      // D411: a transaction idle this long is ended by the server, its locks and writes with it.
      idle_in_transaction_session_timeout: limits.DB_IDLE_IN_TRANSACTION_MS,
      idleTimeoutMillis: poolIdleMs(limits),
      onConnect: changes.onConnect,
    });
    // Catalogue reads and readiness: they only read, so they need no LISTEN, and a short limit.
    const readPool = new pg.Pool({
      connectionString,
      application_name: "atelier-read",
      options: NO_JIT,
      max: limits.DB_READ_POOL_SIZE,
      connectionTimeoutMillis: limits.DB_POOL_WAIT_MS,
      statement_timeout: limits.DB_READ_TIMEOUT_MS,
      lock_timeout: limits.DB_READ_TIMEOUT_MS,
      idle_in_transaction_session_timeout: limits.DB_IDLE_IN_TRANSACTION_MS,
      idleTimeoutMillis: poolIdleMs(limits),
    });
    // A transaction's `begin` goes out with its first statement (D409), statements asked together in one write and
    // `commit` with a last statement marked by `commitWith` (D455).
    pool.on("connect", (client) => pipelineTransactions(client));
    pool.on("acquire", (client) => forgetEdges(client));
    pool.on("release", (_error, client) => forgetEdges(client));
    let closing = false;
    const main = keepPoolAlive(pool, "main", () => closing);
    const read = keepPoolAlive(readPool, "read", () => closing);
    const db = drizzleNodePg(pool) as unknown as Db;
    const readDb = drizzleNodePg(readPool) as unknown as Db;
    if (guard) {
      guardMethods(pool, ["query"], guard);
      guardTransactions(db, guard);
    }
    return {
      db,
      readDb,
      kind: "postgres",
      changes,
      poolStats: () => [statsOf("main", pool), statsOf("read", readPool)],
      migrate: async () => {
        // Several instances may start together: one migrates, the others wait for it, as long as it
        // takes (the request limits would end the wait and a long migration). Its own connection, closed
        // after, so the changed settings go with it.
        const client = await pool.connect();
        try {
          await client.query(
            "set statement_timeout = 0; set lock_timeout = 0; set idle_in_transaction_session_timeout = 0",
          );
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migrateNodePg(drizzleNodePg(client, { schema }) as never, {
            migrationsFolder: MIGRATIONS_DIR,
          });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          client.release(true);
        }
      },
      ping: async () => {
        await readPool.query("select 1");
      },
      close: async () => {
        closing = true;
        await changes.close();
        await Promise.all([main.end(), read.end()]);
      },
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if (options.loadDataDir) {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
  } else if (options.inMemory) {
    client = new PGlite();
  } else {
    const dir = pgliteFolder(options.dataDir);
    mkdirSync(dir, { recursive: true });
    unlock = lockPgliteFolder(dir);
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  const changes = await pgliteChangeFeed(client);
  if (guard) {
    // A transaction's own handle runs its statements without these methods (PGlite's `tx.query`).
    guardMethods(client, ["query", "exec"], guard);
    guardTransactions(db, guard);
  }
  return {
    db,
    readDb: db,
    kind: "pglite",
    changes,
    poolStats: () => [],
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await changes.close();
      await client.close();
      unlock();
    },
    dump: () => client.dumpDataDir("none"),
  };
}
