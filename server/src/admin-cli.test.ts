import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verify } from "@node-rs/argon2";
import { and, eq, isNull } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueAuthToken } from "./accounts/auth-tokens.service.ts";
import { ADMIN_COMMAND_ACTOR, runAdminCommand } from "./admin-cli.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { auditLog, authTokens, users } from "./db/schema/index.ts";
import { createTestDatabase, usesPostgres } from "./test/test-database.ts";

// `npm run admin` (D240): create or reset an admin on a running installation, PGlite and PostgreSQL.

function io(stdin?: string) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), readStdin: async () => stdin },
  };
}

async function userByEmail(database: Database, email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("npm run admin (main function)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("creates an admin with a generated password that signs in, and records it as the command's write", async () => {
    const run = io();
    expect(await runAdminCommand(["create", "Head@School.test"], run.io, database)).toBe(0);
    const printed = run.out.join("\n").match(/Admin created: head@school\.test {2}password: (\S+)/)?.[1];
    expect(printed, run.out.join("\n")).toBeDefined();
    const user = await userByEmail(database, "head@school.test");
    expect(user?.role).toBe("admin");
    expect(await verify(user?.passwordHash ?? "", printed ?? "")).toBe(true);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, user?.id ?? 0));
    expect(entry).toMatchObject({
      userId: null,
      userEmail: ADMIN_COMMAND_ACTOR,
      resource: "people",
      action: "create",
      after: { role: "admin", password_set: true },
    });
    // Never the password itself in the log.
    expect(JSON.stringify(entry)).not.toContain(printed);
  });

  it("leaves an admin as it is on a second create", async () => {
    const before = await userByEmail(database, "head@school.test");
    const run = io();
    expect(await runAdminCommand(["create", "head@school.test"], run.io, database)).toBe(0);
    expect(run.out.join("\n")).toContain("is an admin already");
    expect((await userByEmail(database, "head@school.test"))?.passwordHash).toBe(before?.passwordHash);
  });

  it("makes an existing staff account admin and keeps its password unless one is given", async () => {
    const [staff] = await database.db
      .insert(users)
      .values({ email: "mila@school.test", role: "staff", passwordHash: "kept" })
      .returning();
    const run = io();
    expect(await runAdminCommand(["create", "mila@school.test"], run.io, database)).toBe(0);
    expect(run.out.join("\n")).toContain("was staff, is admin now.  password: unchanged");
    const after = await userByEmail(database, "mila@school.test");
    expect(after?.role).toBe("admin");
    expect(after?.passwordHash).toBe("kept");
    expect(staff).toBeDefined();
  });

  it("resets a password taken from stdin and signs out every session of the account", async () => {
    const user = await userByEmail(database, "head@school.test");
    await issueAuthToken(database.db, user?.id ?? 0);
    const run = io("Neues-Passwort-42");
    expect(await runAdminCommand(["reset-password", "head@school.test"], run.io, database)).toBe(0);
    expect(run.out.join("\n")).toContain("New password for head@school.test (admin): (as given)");
    const after = await userByEmail(database, "head@school.test");
    expect(await verify(after?.passwordHash ?? "", "Neues-Passwort-42")).toBe(true);
    const live = await database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user?.id ?? 0), isNull(authTokens.revokedAt)));
    expect(live).toEqual([]);
  });

  it("takes --password, refuses a weak one and an unknown account without writing", async () => {
    const weak = io();
    expect(
      await runAdminCommand(["create", "new@school.test", "--password", "short"], weak.io, database),
    ).toBe(2);
    expect(weak.err.join("\n")).toContain("Mindestens 8 Zeichen.");
    expect(await userByEmail(database, "new@school.test")).toBeUndefined();

    const missing = io();
    expect(await runAdminCommand(["reset-password", "nobody@school.test"], missing.io, database)).toBe(1);
    expect(missing.err.join("\n")).toContain("No account with the e-mail nobody@school.test");

    const usage = io();
    expect(await runAdminCommand(["delete", "head@school.test"], usage.io, database)).toBe(2);
    expect(usage.err.join("\n")).toContain("npm run admin -- create <email>");

    const given = io();
    expect(
      await runAdminCommand(["create", "new@school.test", "--password=Kurs-Leitung-9"], given.io, database),
    ).toBe(0);
    expect(
      await verify((await userByEmail(database, "new@school.test"))?.passwordHash ?? "", "Kurs-Leitung-9"),
    ).toBe(true);
  });
});

describe("npm run admin -- … --settings FILE", () => {
  it("reads the shop's settings file as its service does: a $ in a value stays as written", async () => {
    // A folder whose name a shell's `. shop.env` would change (`$HOME` is the shell's variable).
    const dataDir = mkdtempSync(join(tmpdir(), "atelier-admin-$HOME-"));
    const started = await openDatabase({ dataDir });
    await started.migrate();
    await started.close();
    const settings = join(dataDir, "shop.env");
    writeFileSync(settings, `DATA_DIR=${dataDir}\n`);
    const { out, err, io: commandIo } = io("Schul-Leitung-2026");
    const code = await runAdminCommand(
      ["create", "leitung@school.test", "--settings", settings],
      commandIo,
      undefined,
      {},
    );
    expect(code, err.join("\n")).toBe(0);
    expect(out.join("\n")).toContain(`PGlite (${join(dataDir, "pglite")})`);
  }, 60_000);
});

/** The command as an operator runs it: its own process on the configured database. */
function spawnCommand(args: string[], env: Record<string, string>, stdin: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", "src/admin-cli.ts", ...args], {
      cwd: join(import.meta.dirname, ".."),
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("exit", (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

describe("npm run admin (its own process)", () => {
  it(`creates an admin in the configured database (${usesPostgres() ? "DATABASE_URL" : "PGlite under DATA_DIR"})`, async () => {
    const adminUrl = process.env.TEST_PG_ADMIN_URL;
    let env: Record<string, string>;
    let open: () => Promise<Database>;
    let drop = async () => {};
    if (adminUrl) {
      const name = `${process.env.TEST_PG_PREFIX ?? "atelier_test"}_cli_${randomUUID().replaceAll("-", "").slice(0, 8)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      env = { DATABASE_URL: url.toString() };
      open = () => openDatabase({ databaseUrl: url.toString() });
      drop = async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.end();
      };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), "atelier-admin-cli-"));
      env = { DATA_DIR: dataDir };
      open = () => openDatabase({ dataDir });
      // A folder without the shop's database (its settings not loaded): refused, nothing made there (D626).
      const refused = await spawnCommand(["create", "leitung@school.test"], env, "Schul-Leitung-2026\n");
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain(`No shop database at ${join(dataDir, "pglite")}`);
      expect(existsSync(join(dataDir, "pglite"))).toBe(false);
      const started = await open();
      await started.migrate();
      await started.close();
    }
    try {
      const result = await spawnCommand(["create", "leitung@school.test"], env, "Schul-Leitung-2026\n");
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain("Admin created: leitung@school.test");
      expect(result.output).toContain(
        adminUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite (${join(env.DATA_DIR ?? "", "pglite")})`,
      );
      const database = await open();
      try {
        const [user] = await database.db.select().from(users).where(eq(users.email, "leitung@school.test"));
        expect(user?.role).toBe("admin");
        expect(await verify(user?.passwordHash ?? "", "Schul-Leitung-2026")).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await drop();
    }
  }, 60_000);
});
