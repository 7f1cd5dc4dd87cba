import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import type { MediaStorage } from "../media/index.ts";
import {
  knownMigrations,
  type MigrationLevel,
  RestoreRefused,
  type RowSink,
  type SequenceDump,
  streamDatabase,
} from "./database-dump.ts";
import { readTarStream, type TarEntry, tarEnd, tarPieces } from "./tar.ts";

/**
 * The backup file (D301): a gzipped tar holding the database as JSON-lines files (`db/<table>.<n>.jsonl`,
 * each table cut into pieces of at most PIECE_CHARS), the sequences, the uploaded images
 * (`files/media/<key>`, read through the media storage, so a bucket's images are in it too), the mails the
 * offline transport wrote (`files/outbox/*.eml`) and, last, `manifest.json`: what is inside, each entry's
 * size and SHA-256. Written and read as a stream (D561): memory holds one piece, image or mail at a time,
 * however many years of data the file holds. A restore checks every entry against the manifest first.
 */
export const BACKUP_FORMAT = "atelier-shop-backup";
/** 2: tables in pieces and the manifest last (D561); 1: one file per table and the manifest first. */
export const BACKUP_VERSION = 2;
const MANIFEST = "manifest.json";
/** A table's rows go into pieces of about this many characters (a piece holds at least one row). */
const PIECE_CHARS = 8 * 1024 * 1024;

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: Database["kind"];
  migrations: MigrationLevel;
  tables: { name: string; files: string[]; columns: string[]; rows: number }[];
  sequences: string;
  images: number;
  mails: number;
  /** Every other entry of the archive: its size and SHA-256. */
  entries: Record<string, { bytes: number; sha256: string }>;
};
/** Version 1 named one file per table. */
type StoredManifest = Omit<Manifest, "tables"> & {
  tables: (Omit<Manifest["tables"][number], "files"> & { files?: string[]; file?: string })[];
};

export type FileOptions = {
  storage: MediaStorage;
  dataDir: string;
  warn?: (line: string) => void;
  /** The size of a table's pieces (PIECE_CHARS) and the rows read at a time (FETCH_ROWS); smaller in tests. */
  pieceChars?: number;
  fetchRows?: number;
};

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

const refuse = (message: string): never => {
  throw new RestoreRefused(message);
};

/** The archive being written: gzip into the partial file, with back pressure, each entry's checksum noted. */
class ArchiveWriter {
  readonly entries: Manifest["entries"] = {};
  readonly done: Promise<void>;
  /** The SHA-256 of the file's bytes as written (the compressed archive), for `<file>.sha256`. */
  private readonly fileHash = createHash("sha256");
  private readonly gzip = createGzip();
  private readonly mtime = Math.floor(Date.now() / 1000);

  constructor(path: string) {
    const hashing = new Transform({
      transform: (chunk: Buffer, _encoding, next) => {
        this.fileHash.update(chunk);
        next(null, chunk);
      },
    });
    // Readable by the shop's user only: it holds password hashes and the families' data.
    this.done = pipeline(this.gzip, hashing, createWriteStream(path, { mode: 0o600 }));
    this.done.catch(() => {}); // seen by the next write or by finish()
  }

  /**
   * First entry: a manifest that names only the format and version. A shop older than D561 reads the first
   * entry as the manifest and so says "format version 2" instead of "no backup"; this version reads the last.
   */
  async begin() {
    const stub = { format: BACKUP_FORMAT, version: BACKUP_VERSION, whole: "the last entry" };
    await this.add(MANIFEST, Buffer.from(JSON.stringify(stub)), false);
  }

  digest(): string {
    return this.fileHash.digest("hex");
  }

  async add(name: string, data: Buffer, listed = true) {
    if (listed) this.entries[name] = { bytes: data.length, sha256: sha256(data) };
    for (const piece of tarPieces({ name, data }, this.mtime)) await this.put(piece);
  }

  async finish(manifest: Manifest) {
    await this.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)), false);
    await this.put(tarEnd());
    this.gzip.end();
    await this.done;
  }

  abort(error: Error) {
    this.gzip.destroy(error);
  }

  private async put(piece: Buffer) {
    if (this.gzip.destroyed) throw this.gzip.errored ?? new Error("the backup file was closed");
    // A full disk fails the file stream, which ends the pipeline: `done` rejects instead of a drain.
    if (!this.gzip.write(piece)) await Promise.race([once(this.gzip, "drain"), this.done]);
  }
}

/** The database's rows into the archive, each table in pieces; the manifest's tables and sequences. */
async function writeTables(
  archive: ArchiveWriter,
  database: Database,
  { pieceChars = PIECE_CHARS, fetchRows }: Pick<FileOptions, "pieceChars" | "fetchRows">,
) {
  const files = new Map<string, string[]>();
  let current = "";
  let rows: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    const pieces = files.get(current) ?? [];
    const name = `db/${current}.${String(pieces.length + 1).padStart(4, "0")}.jsonl`;
    files.set(current, [...pieces, name]);
    await archive.add(name, Buffer.from(rows.map((row) => `${row}\n`).join(""), "utf8"));
    rows = [];
    chars = 0;
  };
  const head = await streamDatabase(
    database,
    async (table, batch) => {
      if (table.name !== current) await flush();
      current = table.name;
      for (const row of batch) {
        if (chars + row.length > pieceChars) await flush();
        rows.push(row);
        chars += row.length + 1;
      }
    },
    fetchRows,
  );
  await flush();
  const sequences = "db/sequences.json";
  await archive.add(sequences, Buffer.from(JSON.stringify(head.sequences, null, 1), "utf8"));
  const tables = head.tables.map((table) => ({ ...table, files: files.get(table.name) ?? [] }));
  return { head, tables, sequences };
}

/** The images the database names, read from the storage one at a time; a key the storage lacks is reported. */
async function writeImages(archive: ArchiveWriter, database: Database, options: FileOptions) {
  const rows = (
    (await database.db.execute(sql`select key from images order by id`)) as unknown as {
      rows: { key: string }[];
    }
  ).rows;
  let count = 0;
  for (const { key } of rows) {
    const bytes = await options.storage.get(key);
    if (!bytes) {
      options.warn?.(
        `Image ${key} is in the database but not in the media storage; it is not in the backup.`,
      );
      continue;
    }
    await archive.add(`files/media/${key}`, Buffer.from(bytes));
    count++;
  }
  return count;
}

/** The .eml files of the offline mail transport (DATA_DIR/outbox); none when mail goes by SMTP. */
async function writeMails(archive: ArchiveWriter, dataDir: string) {
  const dir = resolve(join(dataDir, "outbox"));
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
  for (const name of names) await archive.add(`files/outbox/${name}`, await readFile(join(dir, name)));
  return names.length;
}

/**
 * Writes the backup of `database` to `path`: under a temporary name, renamed when whole, with
 * `<file>.sha256` beside it (sha256sum -c). A failure (a full disk) leaves no partial file (D553).
 */
export async function writeBackup(
  database: Database,
  path: string,
  options: FileOptions,
): Promise<{ manifest: Manifest; bytes: number; digest: string }> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const archive = new ArchiveWriter(partial);
  let manifest: Manifest;
  try {
    await archive.begin();
    const { head, tables, sequences } = await writeTables(archive, database, options);
    const images = await writeImages(archive, database, options);
    const mails = await writeMails(archive, options.dataDir);
    manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: head.kind,
      migrations: head.migrations,
      tables,
      sequences,
      images,
      mails,
      entries: archive.entries,
    };
    await archive.finish(manifest);
    await rename(partial, target);
  } catch (error) {
    // A full disk must not keep the half-written file (D553): it would hold the last free space.
    archive.abort(error as Error);
    await archive.done.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  const digest = archive.digest();
  await writeFile(`${target}.sha256`, `${digest}  ${basename(target)}\n`);
  return { manifest, bytes: (await stat(target)).size, digest };
}

/** The file's bytes from its start, read at their positions: the handle stays open for the next reading. */
async function* bytesOf(file: FileHandle): AsyncGenerator<Buffer> {
  let position = 0;
  for (;;) {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/**
 * The archive's entries one at a time, read from the open file from its start and unzipped as they are
 * needed. Every reading of a restore uses the same handle: a file renamed onto the path meanwhile is not read.
 * The streams are closed when the reading stops, early (a refusal, a failed insert) or not.
 */
async function* archiveEntries(file: FileHandle): AsyncGenerator<TarEntry> {
  const raw = Readable.from(bytesOf(file), { objectMode: false });
  const gunzip = createGunzip();
  // A read or unzip error destroys `gunzip` with it, and so ends the reading below with that error.
  pipeline(raw, gunzip).catch(() => {});
  try {
    yield* readTarStream(gunzip);
  } finally {
    gunzip.destroy();
    raw.destroy();
  }
}

/** The backup file opened for a restore's readings; `close` when done. */
export async function openBackup(path: string): Promise<FileHandle> {
  try {
    return await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return refuse(`There is no file ${path}.`);
    if (code === "EACCES")
      return refuse(
        `The backup file ${path} cannot be read by this user: run the restore as the shop's user.`,
      );
    throw error;
  }
}

function parseManifest(entry: TarEntry | undefined): Manifest {
  if (!entry) return refuse("This file is no backup of the shop: it has no manifest.");
  let stored: StoredManifest;
  try {
    stored = JSON.parse(entry.data.toString("utf8")) as StoredManifest;
  } catch {
    return refuse("The backup's manifest is damaged (no valid JSON).");
  }
  if (stored.format !== BACKUP_FORMAT) refuse("This file is no backup of the shop (unknown format).");
  if (stored.version > BACKUP_VERSION)
    refuse(
      `The backup has format version ${stored.version}; this version of the shop reads up to ${BACKUP_VERSION}.`,
    );
  // Only the short first manifest: the whole one, the file's last entry, is missing.
  if (!Array.isArray(stored.tables) || typeof stored.entries !== "object" || stored.entries === null)
    refuse("The backup file is cut off or damaged: its manifest is missing. Nothing was restored.");
  const tables = stored.tables.map(({ file, files, ...table }) => ({
    ...table,
    files: files ?? (file ? [file] : []),
  }));
  return { ...stored, tables };
}

/**
 * Reads the whole file once and checks it: a manifest, every entry it lists present with its SHA-256,
 * nothing else. Throws RestoreRefused on any damage; nothing is written.
 */
export async function verifyBackup(file: FileHandle): Promise<Manifest> {
  const found = new Map<string, { bytes: number; sha256: string }>();
  const twice = new Set<string>();
  let manifestEntry: TarEntry | undefined;
  try {
    for await (const entry of archiveEntries(file)) {
      // The last manifest is the whole one (version 1 has only one, first).
      if (entry.name === MANIFEST) manifestEntry = entry;
      else {
        if (found.has(entry.name)) twice.add(entry.name);
        found.set(entry.name, { bytes: entry.data.length, sha256: sha256(entry.data) });
      }
    }
  } catch (error) {
    return refuse(`The backup file is damaged or no backup (${(error as Error).message}).`);
  }
  const manifest = parseManifest(manifestEntry);
  const problems: string[] = [...twice].map((name) => `${name} is in the file twice`);
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const sum = found.get(name);
    if (!sum) problems.push(`${name} is missing`);
    else if (sum.bytes !== expected.bytes || sum.sha256 !== expected.sha256)
      problems.push(`${name} does not match its checksum`);
  }
  for (const name of found.keys())
    if (!(name in manifest.entries)) problems.push(`${name} is not in the manifest`);
  if (problems.length > 0)
    refuse(`The backup is damaged, nothing was restored:\n  ${problems.slice(0, 10).join("\n  ")}`);
  return manifest;
}

/** The verified file's entries again, each checked once more: the file must not change during the restore. */
async function* checkedEntries(file: FileHandle, manifest: Manifest): AsyncGenerator<TarEntry> {
  for await (const entry of archiveEntries(file)) {
    if (entry.name === MANIFEST) continue;
    if (manifest.entries[entry.name]?.sha256 !== sha256(entry.data))
      refuse(`The backup file changed while it was restored (${entry.name}); nothing was loaded.`);
    yield entry;
  }
}

/** Puts the images into the media storage and the mails back under DATA_DIR/outbox, one at a time. */
export async function restoreFiles(file: FileHandle, manifest: Manifest, options: FileOptions) {
  const outbox = resolve(join(options.dataDir, "outbox"));
  for await (const { name, data } of checkedEntries(file, manifest)) {
    if (name.startsWith("files/media/")) {
      const key = name.slice("files/media/".length);
      const type = /\.(\w+)$/.exec(key)?.[1] ?? "bin";
      await options.storage.put(key, data, `image/${type === "jpg" ? "jpeg" : type}`, sha256(data));
    } else if (name.startsWith("files/outbox/")) {
      await mkdir(outbox, { recursive: true });
      await writeFile(join(outbox, basename(name)), data);
    }
  }
}

/**
 * Hands the file's rows to `sink` table by table, in the file's order (parents first); answers the
 * sequences. Refuses (inside the load's transaction, so nothing stays) unless every table's rows the
 * manifest counts were read, and its sequences.
 */
export async function readTables(
  file: FileHandle,
  manifest: Manifest,
  sink: RowSink,
): Promise<SequenceDump[]> {
  const tableOf = new Map(manifest.tables.flatMap((table) => table.files.map((name) => [name, table])));
  const read = new Map<string, number>();
  let sequences: SequenceDump[] | undefined;
  for await (const { name, data } of checkedEntries(file, manifest)) {
    const table = tableOf.get(name);
    if (table) {
      const rows = data.toString("utf8").split("\n").filter(Boolean);
      read.set(table.name, (read.get(table.name) ?? 0) + rows.length);
      await sink(table, rows);
    } else if (name === manifest.sequences) sequences = JSON.parse(data.toString("utf8") || "[]");
  }
  const short = manifest.tables.filter((table) => (read.get(table.name) ?? 0) !== table.rows);
  if (short.length > 0 || !sequences)
    refuse(
      `The backup file changed while it was restored (${short.map((t) => t.name).join(", ") || "sequences"}); nothing was loaded.`,
    );
  return sequences ?? [];
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
