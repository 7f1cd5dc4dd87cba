import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runBackupCommand } from "./backup-cli.ts";
import { openDatabase } from "./db/index.ts";
import { users } from "./db/schema/index.ts";
import { usesPostgres } from "./test/test-database.ts";

/** The commands' wiring (D301, D302): arguments, settings, exit codes and messages. */

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
}

const made: string[] = [];
async function emptyDatabaseUrl(name: string): Promise<string> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "";
  const database = `${process.env.TEST_PG_PREFIX ?? "atelier_test"}_${name}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database "${database}"`);
  await client.end();
  made.push(database);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
afterAll(async () => {
  if (!usesPostgres()) return;
  const client = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await client.connect();
  for (const name of made) await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
});

describe("npm run backup / restore / move-to-postgres", () => {
  it("explains itself when the command or its argument is missing (exit 2)", async () => {
    for (const argv of [
      [],
      ["dump"],
      ["restore"],
      ["move-to-postgres"],
      ["move-to-postgres", "--to", "mysql://x"],
    ]) {
      const { lines, io } = capture();
      expect(await runBackupCommand(argv, io, {})).toBe(2);
      expect(lines.join("\n")).toMatch(
        /npm run (backup|restore|move-to-postgres)|Which backup file|Where to\?/,
      );
    }
  });

  it("restores without DATABASE_URL only when the embedded database is asked for, and names its folder (D553)", async () => {
    const source = mkdtempSync(join(tmpdir(), "atelier-cli-embedded-"));
    // A folder without the shop's database (the settings not loaded): no empty backup of a new one (D626).
    const none = capture();
    expect(
      await runBackupCommand(["backup", "--out", join(source, "x.tar.gz")], none.io, { DATA_DIR: source }),
    ).toBe(1);
    expect(none.lines[0]).toContain(`No shop database at ${join(source, "pglite")}`);
    expect(readdirSync(source)).toEqual([]);
    const opened = await openDatabase({ dataDir: source });
    await opened.migrate();
    await opened.close();
    const file = join(source, "backup.tar.gz");
    const backup = capture();
    expect(await runBackupCommand(["backup", "--out", file], backup.io, { DATA_DIR: source })).toBe(0);
    expect(backup.lines[0]).toContain(`Backup of PGlite under ${source} (DATA_DIR)`);
    const target = mkdtempSync(join(tmpdir(), "atelier-cli-new-"));
    const refused = capture();
    expect(await runBackupCommand(["restore", file], refused.io, { DATA_DIR: target })).toBe(2);
    expect(refused.lines[0]).toMatch(/^No DATABASE_URL is set, .* Nothing was written\./);
    expect(refused.lines[0]).toContain("--settings /etc/atelier-shop/shop.env");
    expect(readdirSync(target)).toEqual([]);
    const restore = capture();
    expect(await runBackupCommand(["restore", file, "--embedded"], restore.io, { DATA_DIR: target })).toBe(0);
    expect(restore.lines[0]).toContain(`into PGlite under ${target} (DATA_DIR)`);
  }, 60_000);

  it("reads the settings file named by --settings as the service does: a $ in a value stays, the file wins", async () => {
    // A folder whose name a shell's `. shop.env` would change: `$HOME` is the shell's variable.
    const dataDir = mkdtempSync(join(tmpdir(), "atelier-cli-$HOME-"));
    const opened = await openDatabase({ dataDir });
    await opened.migrate();
    await opened.close();
    const settings = join(dataDir, "shop.env");
    writeFileSync(settings, `# the shop's settings \\\nDATA_DIR=${dataDir}\nexport LOG_LEVEL=warn\n`);
    const file = join(dataDir, "backup.tar.gz");
    const { lines, io } = capture();
    // The environment names another folder (a shell that loaded an older file): the settings file wins.
    expect(
      await runBackupCommand(["backup", "--out", file, "--settings", settings], io, { DATA_DIR: "/nowhere" }),
    ).toBe(0);
    expect(lines).toContain(
      `${settings}: the line of "export LOG_LEVEL" is ignored, as the shop's service ignores it (write NAME=value, without "export").`,
    );
    expect(lines).toContain(
      `${settings}, line 1: a comment ends in a backslash. systemd before version 254 (Debian 12 has 252) reads the next line as part of that comment, so the shop's service would not see its setting there: remove the backslash.`,
    );
    expect(lines.find((line) => line.startsWith("Backup of"))).toContain(
      `Backup of PGlite under ${dataDir} (DATA_DIR)`,
    );
    const missing = capture();
    expect(await runBackupCommand(["backup", "--settings", join(dataDir, "none.env")], missing.io, {})).toBe(
      2,
    );
    expect(missing.lines).toEqual([
      `The settings file ${join(dataDir, "none.env")} cannot be read: there is no such file.`,
    ]);
  }, 60_000);

  it.runIf(usesPostgres())(
    "backs up a PostgreSQL shop to a file with its .sha256, restores it into an empty database, and refuses to restore twice",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "atelier-backup-cli-"));
      const source = await emptyDatabaseUrl("cli_source");
      const opened = await openDatabase({ databaseUrl: source });
      await opened.migrate();
      await opened.db.insert(users).values({ email: "eva@example.org", firstName: "Eva" });
      await opened.close();
      const file = join(dataDir, "backups", "nightly.tar.gz");

      const backup = capture();
      expect(
        await runBackupCommand(["backup", "--out", file], backup.io, {
          DATABASE_URL: source,
          DATA_DIR: dataDir,
        }),
        backup.lines.join("\n"),
      ).toBe(0);
      // The database is named (server and database, no password), so an admin sees it was the right one.
      const named = new URL(source);
      expect(backup.lines[0]).toMatch(
        new RegExp(
          `^Backup of PostgreSQL ${named.hostname}:${named.port}${named.pathname} \\(DATABASE_URL\\) written to .*nightly\\.tar\\.gz`,
        ),
      );
      expect(backup.lines.join("\n")).not.toContain(named.password || "no-password-in-url");
      expect(readFileSync(`${file}.sha256`, "utf8")).toMatch(/^[0-9a-f]{64} {2}nightly\.tar\.gz\n$/);

      const target = await emptyDatabaseUrl("cli_target");
      const settings = {
        DATABASE_URL: target,
        DATA_DIR: mkdtempSync(join(tmpdir(), "atelier-restore-cli-")),
      };
      const restore = capture();
      expect(await runBackupCommand(["restore", file], restore.io, settings), restore.lines.join("\n")).toBe(
        0,
      );
      expect(restore.lines[0]).toMatch(
        /^Restored .* into PostgreSQL .* \(DATABASE_URL\): \d+ rows in \d+ tables/,
      );
      const restored = await openDatabase({ databaseUrl: target });
      const [eva] = await restored.db.select().from(users).where(eq(users.email, "eva@example.org"));
      await restored.close();
      expect(eva?.firstName).toBe("Eva");

      const again = capture();
      expect(await runBackupCommand(["restore", file], again.io, settings)).toBe(1);
      expect(again.lines.join("\n")).toMatch(/^The database is not empty \(rows in users\)/);
      expect(existsSync(join(settings.DATA_DIR, "outbox"))).toBe(false);
    },
    60_000,
  );
});
