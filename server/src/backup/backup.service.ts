import type { Database } from "../db/index.ts";
import type { MediaStorage } from "../media/index.ts";
import {
  type BackupContents,
  checkMigrationLevel,
  collectBackup,
  decodeBackup,
  encodeBackup,
  restoreFiles,
} from "./backup-file.ts";
import { checkLoadable, dumpDatabase, loadDatabase } from "./database-dump.ts";

export type FilePlaces = { storage: MediaStorage; dataDir: string };

export type BackupSummary = { tables: number; rows: number; images: number; mails: number };

function summary({ manifest }: BackupContents): BackupSummary {
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    images: manifest.images,
    mails: manifest.mails,
  };
}

/** The backup of a running installation as the bytes of its file (D301). */
export async function createBackup(
  database: Database,
  places: FilePlaces & { warn?: (line: string) => void },
): Promise<{ bytes: Buffer; summary: BackupSummary }> {
  const contents = await collectBackup(database, places);
  return { bytes: encodeBackup(contents), summary: summary(contents) };
}

/**
 * Restores a backup file's bytes into an empty installation: checks every checksum first, migrates the
 * target and checks it is empty, puts the images and mails back, then loads the rows and sequences in one
 * transaction. Throws RestoreRefused (nothing written) on a damaged file, a newer version's backup or a
 * database with rows. The files go first (D553): a restore that fails on them (a bucket's keys, a full
 * disk) leaves the database empty, so the same command runs again; the files' names are their contents'
 * (images) or fixed (mails), so a second run writes the same files.
 */
export async function restoreBackup(
  bytes: Buffer,
  target: Database,
  places: FilePlaces & { migrationsDir: string },
): Promise<BackupSummary> {
  const contents = decodeBackup(bytes);
  checkMigrationLevel(contents.manifest.migrations, places.migrationsDir);
  await target.migrate();
  await checkLoadable(target.db, contents.dump);
  await restoreFiles(contents.files, places);
  await loadDatabase(target, contents.dump);
  return summary(contents);
}

/**
 * The move from the embedded database to PostgreSQL (D302): the backup's steps from a PGlite installation
 * straight into an empty PostgreSQL database, without a file between. The images and mails stay where they
 * are (DATA_DIR/media or the bucket, DATA_DIR/outbox): the shop reads them there on either database.
 */
export async function moveDatabase(
  source: Database,
  target: Database,
  migrationsDir: string,
): Promise<{ tables: number; rows: number }> {
  const dump = await dumpDatabase(source);
  checkMigrationLevel(dump.migrations, migrationsDir);
  await target.migrate();
  await loadDatabase(target, dump);
  return { tables: dump.tables.length, rows: dump.tables.reduce((sum, table) => sum + table.rows.length, 0) };
}
