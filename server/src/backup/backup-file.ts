import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { type DatabaseDump, dumpDatabase, knownMigrations, RestoreRefused } from "./database-dump.ts";
import { readTar, type TarEntry, writeTar } from "./tar.ts";

/**
 * The backup file (D301): a gzipped tar holding `manifest.json` (what is inside, each entry's size and
 * SHA-256), the database as one JSON-lines file per table (`db/`), the sequences, the uploaded images
 * (`files/media/<key>`, read through the media storage, so a bucket's images are in it too) and the mails
 * the offline transport wrote (`files/outbox/*.eml`). A restore checks every entry against the manifest.
 */
export const BACKUP_FORMAT = "atelier-shop-backup";
export const BACKUP_VERSION = 1;

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: Database["kind"];
  migrations: DatabaseDump["migrations"];
  tables: { name: string; file: string; columns: string[]; rows: number }[];
  sequences: string;
  images: number;
  mails: number;
  /** Every other entry of the archive: its size and SHA-256. */
  entries: Record<string, { bytes: number; sha256: string }>;
};

export type BackupFiles = { media: { key: string; data: Buffer }[]; mails: { name: string; data: Buffer }[] };

export type BackupContents = { manifest: Manifest; dump: DatabaseDump; files: BackupFiles };

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The images the database names, read from the storage; a key the storage lacks is reported, not fatal. */
async function readImages(database: Database, storage: MediaStorage, missing: (key: string) => void) {
  const rows = (
    (await database.db.execute(sql`select key from images order by id`)) as unknown as {
      rows: { key: string }[];
    }
  ).rows;
  const media: BackupFiles["media"] = [];
  for (const { key } of rows) {
    const bytes = await storage.get(key);
    if (bytes) media.push({ key, data: Buffer.from(bytes) });
    else missing(key);
  }
  return media;
}

/** The .eml files of the offline mail transport (DATA_DIR/outbox); none when mail goes by SMTP. */
async function readMails(dataDir: string): Promise<BackupFiles["mails"]> {
  const dir = resolve(join(dataDir, "outbox"));
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails: BackupFiles["mails"] = [];
  for (const name of names.filter((n) => n.endsWith(".eml")).sort())
    mails.push({ name, data: await readFile(join(dir, name)) });
  return mails;
}

export async function collectBackup(
  database: Database,
  options: { storage: MediaStorage; dataDir: string; warn?: (line: string) => void },
): Promise<BackupContents> {
  const dump = await dumpDatabase(database);
  const media = await readImages(database, options.storage, (key) =>
    options.warn?.(`Image ${key} is in the database but not in the media storage; it is not in the backup.`),
  );
  const mails = await readMails(options.dataDir);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source: dump.kind,
    migrations: dump.migrations,
    tables: dump.tables.map((table, index) => ({
      name: table.name,
      file: `db/${String(index).padStart(3, "0")}-${table.name}.jsonl`,
      columns: table.columns,
      rows: table.rows.length,
    })),
    sequences: "db/sequences.json",
    images: media.length,
    mails: mails.length,
    entries: {},
  };
  return { manifest, dump, files: { media, mails } };
}

/** The archive's bytes (gzip of a tar), manifest first. */
export function encodeBackup({ manifest, dump, files }: BackupContents): Buffer {
  const entries: TarEntry[] = [
    ...manifest.tables.map((table, index) => ({
      name: table.file,
      data: Buffer.from(dump.tables[index]?.rows.map((row) => `${row}\n`).join("") ?? "", "utf8"),
    })),
    { name: manifest.sequences, data: Buffer.from(JSON.stringify(dump.sequences, null, 1), "utf8") },
    ...files.media.map((file) => ({ name: `files/media/${file.key}`, data: file.data })),
    ...files.mails.map((file) => ({ name: `files/outbox/${file.name}`, data: file.data })),
  ];
  const entriesSum: Manifest["entries"] = {};
  for (const entry of entries)
    entriesSum[entry.name] = { bytes: entry.data.length, sha256: sha256(entry.data) };
  const head = {
    name: "manifest.json",
    data: Buffer.from(JSON.stringify({ ...manifest, entries: entriesSum }, null, 1)),
  };
  return gzipSync(writeTar([head, ...entries]));
}

const refuse = (message: string): never => {
  throw new RestoreRefused(message);
};

function parseManifest(entry: TarEntry | undefined): Manifest {
  if (entry?.name !== "manifest.json")
    return refuse("This file is no backup of the shop: it has no manifest.");
  let manifest: Manifest;
  try {
    manifest = JSON.parse(entry.data.toString("utf8")) as Manifest;
  } catch {
    return refuse("The backup's manifest is damaged (no valid JSON).");
  }
  if (manifest.format !== BACKUP_FORMAT) refuse("This file is no backup of the shop (unknown format).");
  if (manifest.version > BACKUP_VERSION)
    refuse(
      `The backup has format version ${manifest.version}; this version of the shop reads up to ${BACKUP_VERSION}.`,
    );
  return manifest;
}

/** Every entry the manifest lists, present and with its SHA-256; nothing else in the archive. */
function verifiedEntries(manifest: Manifest, entries: TarEntry[]): Map<string, Buffer> {
  const byName = new Map(entries.map((entry) => [entry.name, entry.data]));
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const data = byName.get(name);
    if (!data) problems.push(`${name} is missing`);
    else if (data.length !== expected.bytes || sha256(data) !== expected.sha256)
      problems.push(`${name} does not match its checksum`);
  }
  for (const name of byName.keys())
    if (!(name in manifest.entries)) problems.push(`${name} is not in the manifest`);
  if (problems.length > 0)
    refuse(`The backup is damaged, nothing was restored:\n  ${problems.slice(0, 10).join("\n  ")}`);
  return byName;
}

/** Reads and verifies a backup file's bytes; throws RestoreRefused on any damage. */
export function decodeBackup(bytes: Buffer): BackupContents {
  let entries: TarEntry[];
  try {
    entries = readTar(gunzipSync(bytes));
  } catch (error) {
    return refuse(`The backup file is damaged or no backup (${(error as Error).message}).`);
  }
  const manifest = parseManifest(entries[0]);
  const byName = verifiedEntries(manifest, entries.slice(1));
  const text = (name: string) => byName.get(name)?.toString("utf8") ?? "";
  const dump: DatabaseDump = {
    kind: manifest.source,
    migrations: manifest.migrations,
    tables: manifest.tables.map((table) => ({
      name: table.name,
      columns: table.columns,
      rows: text(table.file).split("\n").filter(Boolean),
    })),
    sequences: JSON.parse(text(manifest.sequences) || "[]"),
  };
  const files: BackupFiles = { media: [], mails: [] };
  for (const [name, data] of byName) {
    if (name.startsWith("files/media/")) files.media.push({ key: name.slice("files/media/".length), data });
    if (name.startsWith("files/outbox/"))
      files.mails.push({ name: name.slice("files/outbox/".length), data });
  }
  return { manifest, dump, files };
}

/** Refuses a backup made by a newer version of the shop (a migration this version does not know). */
export function checkMigrationLevel(level: Manifest["migrations"], migrationsDir: string) {
  const known = knownMigrations(migrationsDir);
  const newest = Math.max(0, ...known.map((entry) => entry.when));
  if (level.count > known.length || (level.lastCreatedAt ?? 0) > newest)
    refuse(
      `The data comes from a newer version of the shop (${level.count} migrations, this version knows ${known.length}): install that version first.`,
    );
}

/** Puts the images into the media storage and the mails back under DATA_DIR/outbox. */
export async function restoreFiles(files: BackupFiles, options: { storage: MediaStorage; dataDir: string }) {
  for (const file of files.media) {
    const type = /\.(\w+)$/.exec(file.key)?.[1] ?? "bin";
    await options.storage.put(
      file.key,
      file.data,
      `image/${type === "jpg" ? "jpeg" : type}`,
      sha256(file.data),
    );
  }
  if (files.mails.length === 0) return;
  const dir = resolve(join(options.dataDir, "outbox"));
  await mkdir(dir, { recursive: true });
  for (const file of files.mails) await writeFile(join(dir, basename(file.name)), file.data);
}

/** Writes the backup under a temporary name and renames it, with `<file>.sha256` beside it (sha256sum -c). */
export async function writeBackupFile(path: string, bytes: Buffer): Promise<string> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    // Readable by the shop's user only: it holds password hashes and the families' data.
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, target);
  } catch (error) {
    // A full disk must not keep the half-written file (D553): it would hold the last free space.
    await rm(partial, { force: true });
    throw error;
  }
  const digest = sha256(bytes);
  await writeFile(`${target}.sha256`, `${digest}  ${basename(target)}\n`);
  return digest;
}
