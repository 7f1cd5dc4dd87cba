import type { Database } from "../db/index.ts";
import type { MediaStorage } from "../media/index.ts";
import {
  checkMigrationLevel,
  type FileOptions,
  type Manifest,
  openBackup,
  readTables,
  restoreFiles,
  verifyBackup,
  writeBackup,
} from "./backup-file.ts";
import { checkLoadable, dumpPlan, loadDatabase, streamDatabase } from "./database-dump.ts";

export type FilePlaces = { storage: MediaStorage; dataDir: string };

export type BackupSummary = { tables: number; rows: number; images: number; mails: number };

function summary(manifest: Manifest): BackupSummary {
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    images: manifest.images,
    mails: manifest.mails,
  };
}

/**
 * The backup of a running installation written to `path` (D301), a batch of rows at a time (D561); its
 * size in bytes, its SHA-256 and what it holds.
 */
export async function createBackup(
  database: Database,
  path: string,
  places: FileOptions,
): Promise<{ bytes: number; digest: string; summary: BackupSummary }> {
  const written = await writeBackup(database, path, places);
  return { bytes: written.bytes, digest: written.digest, summary: summary(written.manifest) };
}

/**
 * Restores a backup file into an empty installation: checks every checksum first, migrates the target and
 * checks it is empty, puts the images and mails back, then loads the rows and sequences in one transaction.
 * Throws RestoreRefused (nothing written) on a damaged file, a newer version's backup or a database with
 * rows. The files go first (D553): a restore that fails on them (a bucket's keys, a full disk) leaves the
 * database empty, so the same command runs again; the files' names are their contents' (images) or fixed
 * (mails), so a second run writes the same files. The file is opened once and read three times, never
 * whole into memory.
 */
export async function restoreBackup(
  path: string,
  target: Database,
  places: FilePlaces & { migrationsDir: string },
): Promise<BackupSummary> {
  const file = await openBackup(path);
  try {
    const manifest = await verifyBackup(file);
    checkMigrationLevel(manifest.migrations, places.migrationsDir);
    await target.migrate();
    const tables = manifest.tables.map((table) => table.name);
    await checkLoadable(target.db, tables);
    await restoreFiles(file, manifest, places);
    await loadDatabase(target, tables, (sink) => readTables(file, manifest, sink));
    return summary(manifest);
  } finally {
    await file.close();
  }
}

/**
 * The move from the embedded database to PostgreSQL (D302): the backup's steps from a PGlite installation
 * straight into an empty PostgreSQL database, a batch at a time, without a file between. The images and
 * mails stay where they are (DATA_DIR/media or the bucket, DATA_DIR/outbox): the shop reads them there on
 * either database.
 */
export async function moveDatabase(
  source: Database,
  target: Database,
  migrationsDir: string,
): Promise<{ tables: number; rows: number }> {
  const plan = await dumpPlan(source);
  checkMigrationLevel(plan.migrations, migrationsDir);
  await target.migrate();
  let rows = 0;
  await loadDatabase(target, plan.tables, async (sink) => {
    const head = await streamDatabase(source, async (table, batch) => {
      rows += batch.length;
      await sink(table, batch);
    });
    return head.sequences;
  });
  return { tables: plan.tables.length, rows };
}
