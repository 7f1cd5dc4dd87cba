import { pathToFileURL } from "node:url";
import { EmailSchema } from "@atelier/contract";
import {
  type AdminAccountWrite,
  type AdminCommandResult,
  createAdminAccount,
  passwordProblems,
  resetAccountPassword,
} from "./accounts/index.ts";
import { recordAudit } from "./admin/index.ts";
import { missingEmbeddedDatabase } from "./cli-database.ts";
import { settingsFromArguments } from "./cli-settings.ts";
import { ConfigError, loadEnv } from "./config/index.ts";
import { type Database, openDatabase, pgliteFolder, type Tx } from "./db/index.ts";

/**
 * `npm run admin -- create name@school.de` and `npm run admin -- reset-password name@school.de` (D240):
 * an admin account made or a password reset on a running installation, on PostgreSQL (DATABASE_URL) or
 * on PGlite under DATA_DIR (stop the server first: PGlite lets one process open its folder). The password
 * is `--password <value>`, else the first line of stdin when stdin is not a terminal, else generated; a
 * generated one is printed. Each write is in the audit log as made by "npm run admin".
 */

const USAGE = `Usage:
  npm run admin -- create <email> [--password <password>] [--settings <file>]
  npm run admin -- reset-password <email> [--password <password>] [--settings <file>]
--settings reads the shop's settings file as its service does (e.g. /etc/atelier-shop/shop.env).
The password may also come on stdin (echo "$PW" | npm run admin -- create <email>); without one a
password is generated and printed. Passwords need 8 to 64 characters with upper case, lower case, a digit
and a special character.`;

/** Who the audit log names for these writes. */
export const ADMIN_COMMAND_ACTOR = "npm run admin";

export type AdminCommandIo = {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The password piped in, or undefined when stdin is a terminal or empty. */
  readStdin: () => Promise<string | undefined>;
};

type Parsed = { command: "create" | "reset-password"; email: string; password: string | undefined };

function parse(argv: readonly string[]): Parsed | string {
  const [command, ...rest] = argv;
  if (command !== "create" && command !== "reset-password") return USAGE;
  let email: string | undefined;
  let password: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? "";
    if (arg === "--password") {
      password = rest[++i];
      if (password === undefined) return "--password needs a value.";
    } else if (arg.startsWith("--password=")) password = arg.slice("--password=".length);
    else if (arg.startsWith("-")) return `Unknown option ${arg}.\n${USAGE}`;
    else if (email === undefined) email = arg;
    else return `One e-mail address only.\n${USAGE}`;
  }
  if (!email || !EmailSchema.safeParse(email).success) return `An e-mail address is needed.\n${USAGE}`;
  return { command, email, password };
}

function report(result: AdminCommandResult, generated: boolean): { lines: string[]; ok: boolean } {
  const shown = (password: string | null) =>
    password === null ? "unchanged" : generated ? password : "(as given)";
  switch (result.outcome) {
    case "created":
      return { ok: true, lines: [`Admin created: ${result.email}  password: ${shown(result.password)}`] };
    case "promoted":
      return {
        ok: true,
        lines: [`${result.email} was ${result.from}, is admin now.  password: ${shown(result.password)}`],
      };
    case "unchanged":
      return {
        ok: true,
        lines: [`${result.email} is an admin already; nothing changed (reset-password sets a new password).`],
      };
    case "password_set":
      return {
        ok: true,
        lines: [
          `New password for ${result.email} (${result.role}): ${shown(result.password)}`,
          "Every session of the account was signed out.",
        ],
      };
    case "not_found":
      return { ok: false, lines: [`No account with the e-mail ${result.email}.`] };
  }
}

/**
 * Runs one command against a database the caller opened (tests) or, without one, the configured
 * database. Answers the exit code.
 */
export async function runAdminCommand(
  argv: readonly string[],
  io: AdminCommandIo,
  database?: Database,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const settings = settingsFromArguments(argv, environment);
  if ("error" in settings) {
    io.err(settings.error);
    return 2;
  }
  for (const warning of settings.warnings) io.err(warning);
  const parsed = parse(settings.argv);
  if (typeof parsed === "string") {
    io.err(parsed);
    return 2;
  }
  const given = parsed.password ?? (await io.readStdin());
  if (given !== undefined) {
    const problems = passwordProblems(given);
    if (problems.length > 0) {
      io.err(`The password does not meet the rules: ${problems.join(" ")}`);
      return 2;
    }
  }

  let db = database;
  let where = "";
  if (!db) {
    try {
      const env = loadEnv(settings.source);
      // Without the shop's settings loaded the command would make an empty database of its own and the
      // account there, where the shop never looks (D626): it names the database and refuses one not there.
      const missing = missingEmbeddedDatabase(env);
      if (missing) {
        io.err(missing);
        return 1;
      }
      where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite (${pgliteFolder(env.DATA_DIR)})`;
      db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, limits: env });
      await db.migrate();
    } catch (error) {
      await db?.close().catch(() => undefined);
      io.err(
        error instanceof ConfigError
          ? error.message
          : `The database could not be opened: ${error instanceof Error ? error.message : String(error)}. Check DATABASE_URL or DATA_DIR (npm run preflight -- --settings <the shop's settings file> checks them).`,
      );
      return 1;
    }
  }
  try {
    if (database) await db.migrate();
    const audit = (tx: Tx, write: AdminAccountWrite) =>
      recordAudit(tx, {
        userId: null,
        userEmail: ADMIN_COMMAND_ACTOR,
        resource: "people",
        recordId: write.user.id,
        action: write.action,
        before: write.before,
        after: write.after,
      });
    const input = { email: parsed.email, password: given };
    const result =
      parsed.command === "create"
        ? await createAdminAccount(db.db, input, audit)
        : await resetAccountPassword(db.db, input, audit);
    const { lines, ok } = report(result, given === undefined);
    for (const line of lines) (ok ? io.out : io.err)(line);
    if (ok) io.out(`Database: ${where || (db.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : "PGlite")}`);
    return ok ? 0 : 1;
  } finally {
    if (!database) await db.close();
  }
}

async function readPipedStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0]?.trim();
  return line ? line : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const code = await runAdminCommand(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readStdin: readPipedStdin,
  });
  process.exit(code);
}
