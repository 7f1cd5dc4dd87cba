import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { type Database, type DbOrTx, orderSumTriggers, REFRESH_ALL_ORDER_SUMS } from "../db/index.ts";

/**
 * A logical copy of the shop's database (D301): every table of the public schema as rows of JSON
 * (`to_jsonb`), in an order that inserts parents before children, and every sequence's state. Read in one
 * repeatable-read transaction (one snapshot while the shop keeps writing); loaded with
 * `jsonb_populate_recordset`, so PostgreSQL itself converts every value back, on PGlite and PostgreSQL alike.
 * Both ways go a batch of rows at a time (D561): memory holds a batch, not the database.
 */
export type TableHead = { name: string; columns: string[]; rows: number };
export type SequenceDump = { name: string; lastValue: string; isCalled: boolean };
export type MigrationLevel = { count: number; lastCreatedAt: number | null };
export type DumpHead = {
  kind: Database["kind"];
  migrations: MigrationLevel;
  tables: TableHead[];
  sequences: SequenceDump[];
};
/** Takes one batch of a table's rows (each one JSON text), in the table's key order. */
export type RowSink = (table: TableHead, rows: string[]) => Promise<void>;

type Row = Record<string, unknown>;

async function rowsOf<T extends Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ident = (name: string) => sql.identifier(name);

async function tableNames(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** The tables in an order where every table comes after the tables its foreign keys point to. */
async function loadOrder(db: DbOrTx): Promise<string[]> {
  const names = await tableNames(db);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint co
        join pg_class child on child.oid = co.conrelid join pg_class parent on parent.oid = co.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where co.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && edges.every((edge) => edge.child !== name || placed.has(edge.parent)),
    );
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle: no load order");
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public."${table}"`}::regclass and attnum > 0 and not attisdropped
          and attgenerated = '' order by attnum`,
  );
  return rows.map((row) => row.name);
}

async function primaryKeyOf(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public."${table}"`}::regclass and i.indisprimary order by a.attnum`,
  );
  return rows.map((row) => row.name);
}

/** Rows fetched at a time: the text of a batch is what the dump holds in memory, per table. */
export const FETCH_ROWS = 1000;

async function streamTable(db: DbOrTx, name: string, sink: RowSink, fetchRows: number): Promise<TableHead> {
  const table: TableHead = { name, columns: await columnsOf(db, name), rows: 0 };
  const key = await primaryKeyOf(db, name);
  // Rows in key order: a row that points to an earlier row of its own table (a reply to a comment) loads after it.
  const order = key.length ? sql` order by ${sql.join(key.map(ident), sql`, `)}` : sql``;
  await db.execute(
    sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as r from ${ident(name)} t${order}`,
  );
  for (;;) {
    const rows = await rowsOf<{ r: string }>(db, sql.raw(`fetch forward ${fetchRows} from backup_rows`));
    if (rows.length === 0) break;
    table.rows += rows.length;
    await sink(
      table,
      rows.map((row) => row.r),
    );
    if (rows.length < fetchRows) break;
  }
  await db.execute(sql`close backup_rows`);
  return table;
}

async function sequenceNames(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((row) => row.name);
}

async function dumpSequences(db: DbOrTx): Promise<SequenceDump[]> {
  const out: SequenceDump[] = [];
  for (const name of await sequenceNames(db)) {
    const [state] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${ident(name)}`,
    );
    if (state) out.push({ name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return out;
}

async function migrationLevel(db: DbOrTx): Promise<MigrationLevel> {
  const [row] = await rowsOf<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: row?.count ?? 0, lastCreatedAt: row?.last ? Number(row.last) : null };
}

/**
 * The whole database as of one snapshot (PostgreSQL: repeatable read, read only; PGlite: one connection),
 * handed to `sink` a batch at a time, parents' tables before their children's.
 */
export async function streamDatabase(
  database: Database,
  sink: RowSink,
  fetchRows: number = FETCH_ROWS,
): Promise<DumpHead> {
  const work = async (tx: DbOrTx): Promise<DumpHead> => {
    // The request limits (DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_MS) are for the shop's requests, not a
    // copy of every table, which writes each batch out between its statements.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    const tables: TableHead[] = [];
    for (const name of await loadOrder(tx)) tables.push(await streamTable(tx, name, sink, fetchRows));
    return {
      kind: database.kind,
      migrations: await migrationLevel(tx),
      tables,
      sequences: await dumpSequences(tx),
    };
  };
  return database.kind === "postgres"
    ? database.db.transaction(work, { isolationLevel: "repeatable read", accessMode: "read only" })
    : database.db.transaction(work);
}

/** The tables a dump of `database` holds, in load order, and its migrations: asked before a move (D302). */
export async function dumpPlan(
  database: Database,
): Promise<{ tables: string[]; migrations: MigrationLevel }> {
  return { tables: await loadOrder(database.db), migrations: await migrationLevel(database.db) };
}

/** The migrations this version of the shop knows (drizzle's journal), oldest first. */
export function knownMigrations(migrationsDir: string): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

export class RestoreRefused extends Error {}

/** The tables of a migrated database that hold rows: a restore goes into an empty installation only. */
export async function tablesWithRows(db: DbOrTx): Promise<string[]> {
  const full: string[] = [];
  for (const name of await tableNames(db)) {
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${ident(name)}) as any`,
    );
    if (row?.any) full.push(name);
  }
  return full;
}

/** Rows per insert: a few hundred keep each statement's parameter small on both databases. */
const BATCH_ROWS = 500;

async function insertRows(tx: DbOrTx, table: string, columns: string[], rows: string[]) {
  const list = sql.join(columns.map(ident), sql`, `);
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = `[${rows.slice(i, i + BATCH_ROWS).join(",")}]`;
    await tx.execute(
      sql`insert into ${ident(table)} (${list}) overriding system value
          select ${list} from jsonb_populate_recordset(null::${ident(table)}, ${batch}::jsonb)`,
    );
  }
}

/**
 * Refuses (RestoreRefused) a target the dump cannot go into: a database that holds rows, or one that lacks
 * a table of the dump. Asked before anything is written (D553), and again inside the load's transaction.
 */
export async function checkLoadable(target: DbOrTx, tables: readonly string[]): Promise<void> {
  const full = await tablesWithRows(target);
  if (full.length > 0)
    throw new RestoreRefused(
      `The database is not empty (rows in ${full.join(", ")}). A backup is restored into an empty database only: create a new one (createdb) or use an empty DATA_DIR.`,
    );
  const present = new Set(await tableNames(target));
  const unknown = tables.filter((table) => !present.has(table));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `The backup has tables this version of the shop does not know (${unknown.join(", ")}): restore it with the version that made it.`,
    );
}

/**
 * Loads a dump into a migrated, empty database in one transaction: `fill` hands every row to the sink it
 * gets, parents' tables first, and answers the sequences, which are then set as they were. Refuses
 * (RestoreRefused) a database that holds rows, and a dump of tables this version lacks.
 */
export async function loadDatabase(
  target: Database,
  tables: readonly string[],
  fill: (sink: RowSink) => Promise<SequenceDump[]>,
): Promise<void> {
  await target.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    await checkLoadable(tx, tables);
    // The orders' money sums are summed once after the load, not again for each payment (D502).
    for (const statement of orderSumTriggers(false)) await tx.execute(sql.raw(statement));
    const targetColumns = new Map<string, Set<string>>();
    const dumped = await fill(async (table, rows) => {
      const present = targetColumns.get(table.name) ?? new Set(await columnsOf(tx, table.name));
      targetColumns.set(table.name, present);
      // Only the columns the backup has: a column added since keeps its default, one dropped since is left out.
      const columns = table.columns.filter((column) => present.has(column));
      await insertRows(tx, table.name, columns, rows);
    });
    // A backup made before migration 0045 (slots, D419) or 0046 (weeks, D438) has no `may_hold_seat`:
    // which links may hold a seat is worked out again (it writes only links the rule disagrees with). One
    // made before 0052 has no money sums on its orders (D502): they are summed (each written only if wrong).
    await tx.execute(sql`select refresh_order_item_slots_may_hold_seat(null)`);
    await tx.execute(sql`select refresh_order_item_weeks_may_hold_seat()`);
    await tx.execute(sql.raw(REFRESH_ALL_ORDER_SUMS));
    for (const statement of orderSumTriggers(true)) await tx.execute(sql.raw(statement));
    const sequences = new Set(await sequenceNames(tx));
    for (const sequence of dumped.filter((s) => sequences.has(s.name)))
      await tx.execute(
        sql`select setval(${`public."${sequence.name}"`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
  });
}
