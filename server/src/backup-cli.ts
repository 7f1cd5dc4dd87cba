import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createBackup, moveDatabase, openBackup, RestoreRefused, restoreBackup } from "./backup/index.ts";
import { missingEmbeddedDatabase } from "./cli-database.ts";
import { SETTINGS_FILE_EXAMPLE, settingsFromArguments } from "./cli-settings.ts";
import { ConfigError, type Env, loadEnv } from "./config/index.ts";
import { type Database, MIGRATIONS_DIR, openDatabase } from "./db/index.ts";
import { mediaStorageFrom } from "./media/index.ts";

/**
 * `npm run backup [-- --out FILE]`, `npm run restore -- FILE` and `npm run move-to-postgres -- --to URL`
 * (D301, D302), on the installation the settings name: PostgreSQL (DATABASE_URL) or PGlite under DATA_DIR.
 * PGlite lets one process open its folder: stop the shop before a backup or move of an embedded database.
 */

const USAGE = `Usage:
  npm run backup [-- --out FILE]          one file: the database, the uploaded images, the offline mails
  npm run restore -- FILE [--embedded]    into an empty installation (DATABASE_URL; PGlite under DATA_DIR with --embedded)
  npm run move-to-postgres -- --to URL    copies the PGlite database under DATA_DIR into an empty PostgreSQL database
Each takes --settings FILE: the shop's settings file, read as its service reads it (/etc/atelier-shop/shop.env).`;

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

function option(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  if (index >= 0) return argv[index + 1];
  return argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");

/**
 * Which installation a command worked on, named so an admin sees it was the intended one (D553): the
 * PostgreSQL server and database (never the password), or the embedded database's folder.
 */
function where(database: Database, env: Env): string {
  if (database.kind !== "postgres") return `PGlite under ${resolve(env.DATA_DIR)} (DATA_DIR)`;
  const url = new URL(env.DATABASE_URL ?? "postgres://localhost");
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname} (DATABASE_URL)`;
}

/** Said instead of a restore into the embedded database not asked for: were the shop's settings loaded? */
const EMBEDDED_REFUSAL = `No DATABASE_URL is set, so this would restore into the embedded database (PGlite under DATA_DIR). Nothing was written. If the shop runs on PostgreSQL, name its settings file and run the restore again (--settings ${SETTINGS_FILE_EXAMPLE}); to restore into the embedded database, add --embedded.`;

async function backup(argv: readonly string[], env: Env, io: CliIo): Promise<number> {
  const out = option(argv, "--out") ?? `atelier-backup-${stamp()}.tar.gz`;
  const missing = missingEmbeddedDatabase(env);
  if (missing) {
    io.err(missing);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, limits: env });
  try {
    const made = await createBackup(database, out, {
      storage: mediaStorageFrom(env),
      dataDir: env.DATA_DIR,
      warn: io.err,
    });
    const { tables, rows, images, mails } = made.summary;
    io.out(`Backup of ${where(database, env)} written to ${out} (${made.bytes} bytes)`);
    io.out(`  ${tables} tables, ${rows} rows, ${images} images, ${mails} mail files`);
    io.out(`  sha256 ${made.digest} (also in ${out}.sha256; check a copy with sha256sum -c)`);
    return 0;
  } finally {
    await database.close();
  }
}

async function restore(argv: readonly string[], env: Env, io: CliIo): Promise<number> {
  const file = argv.find((arg) => !arg.startsWith("-"));
  if (!file) {
    io.err(`Which backup file?\n${USAGE}`);
    return 2;
  }
  // Without the settings a restore would fill an embedded database nobody uses (D553): asked for by name.
  if (!env.DATABASE_URL && !argv.includes("--embedded")) {
    io.err(EMBEDDED_REFUSAL);
    return 2;
  }
  // Asked before the database is opened: a mistyped name or a file of another user says so.
  await openBackup(file).then((handle) => handle.close());
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, limits: env });
  try {
    const restored = await restoreBackup(file, database, {
      storage: mediaStorageFrom(env),
      dataDir: env.DATA_DIR,
      migrationsDir: MIGRATIONS_DIR,
    });
    io.out(
      `Restored ${file} into ${where(database, env)}: ${restored.rows} rows in ${restored.tables} tables,`,
    );
    io.out(`  ${restored.images} images, ${restored.mails} mail files. Start the shop now.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function move(argv: readonly string[], env: Env, io: CliIo): Promise<number> {
  const to = option(argv, "--to");
  if (!to?.startsWith("postgres")) {
    io.err(`Where to? --to postgres://user:password@host:5432/database\n${USAGE}`);
    return 2;
  }
  const missing = missingEmbeddedDatabase({ DATA_DIR: env.DATA_DIR });
  if (missing) {
    io.err(missing);
    return 1;
  }
  const source = await openDatabase({ dataDir: env.DATA_DIR, limits: env });
  const target = await openDatabase({ databaseUrl: to, limits: env });
  try {
    await source.migrate();
    const moved = await moveDatabase(source, target, MIGRATIONS_DIR);
    io.out(
      `Moved ${moved.rows} rows in ${moved.tables} tables from PGlite under ${env.DATA_DIR} to PostgreSQL.`,
    );
    io.out("  The images and mail files stay under DATA_DIR (or in the bucket); keep DATA_DIR as it is.");
    io.out("  Now set DATABASE_URL to that database and start the shop.");
    return 0;
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}

/** Runs one command; answers the exit code. A refusal (damaged file, database not empty) is 1 with its reason. */
export async function runBackupCommand(
  argv: readonly string[],
  io: CliIo,
  source = process.env,
): Promise<number> {
  const settings = settingsFromArguments(argv, source);
  if ("error" in settings) {
    io.err(settings.error);
    return 2;
  }
  for (const warning of settings.warnings) io.err(warning);
  const [command, ...rest] = settings.argv;
  const run = { backup, restore, "move-to-postgres": move }[command ?? ""];
  if (!run) {
    io.err(USAGE);
    return 2;
  }
  try {
    return await run(rest, loadEnv(settings.source), io);
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    io.err(`${command} failed: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const code = await runBackupCommand(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(code);
}
