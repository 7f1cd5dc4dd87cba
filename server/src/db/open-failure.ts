import { pgliteFolder } from "./client.ts";

/** The settings that say which database the shop opens: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export type DatabaseSetting = { databaseUrl?: string | undefined; dataDir?: string | undefined };

/**
 * Which database a message speaks of, for the person who reads it: the PostgreSQL server's host and port and
 * the database's name (never the user's password), or the embedded database's folder.
 */
export function databaseWhere({ databaseUrl, dataDir }: DatabaseSetting): string {
  if (!databaseUrl) return `PGlite under ${pgliteFolder(dataDir)} (DATA_DIR)`;
  try {
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(the user's own)";
    return `PostgreSQL at ${url.hostname || "localhost"}:${url.port || "5432"}, database ${name} (DATABASE_URL)`;
  } catch {
    return "PostgreSQL at DATABASE_URL";
  }
}

type Coded = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error that says why: the first in the chain (causes, a connection's tries of each address) with a code. */
function rootCause(error: unknown): Coded {
  let current = error as Coded | undefined;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current.code === "string") return current;
    const inner = Array.isArray(current.errors) ? current.errors[0] : current.cause;
    if (!inner) break;
    current = inner as Coded;
  }
  return (error ?? {}) as Coded;
}

/** What to check, by the driver's or PostgreSQL's code (SQLSTATE). */
const ADVICE: Record<string, string> = {
  ECONNREFUSED:
    "nothing accepts connections there: check that PostgreSQL runs (systemctl status postgresql) and that DATABASE_URL names its host and port",
  ENOTFOUND: "the host name does not resolve: check the host in DATABASE_URL and the server's DNS",
  EAI_AGAIN: "the host name could not be resolved now: check the host in DATABASE_URL and the server's DNS",
  ETIMEDOUT: "no answer in time: check the host and port in DATABASE_URL and any firewall between",
  EHOSTUNREACH: "the host cannot be reached: check the host in DATABASE_URL and the network",
  ENETUNREACH: "the network cannot be reached: check the host in DATABASE_URL and the network",
  "28P01":
    "PostgreSQL refused the password: check the user and password in DATABASE_URL (a special character in it written as %XX)",
  "28000":
    "PostgreSQL refused the user: check the user in DATABASE_URL (made by `sudo -u postgres createuser -P atelier`) and pg_hba.conf",
  "3D000":
    "the database does not exist: check its name in DATABASE_URL, or create it (`sudo -u postgres createdb -O atelier atelier`)",
  "57P03": "PostgreSQL is starting up or shutting down: start the shop again in a moment",
  "53300": "PostgreSQL has no connection left: lower DB_POOL_SIZE or raise its max_connections",
};

/**
 * Why the shop's database could not be opened or migrated, in one line: which database (no password), the
 * reason as the driver gave it (ECONNREFUSED, authentication failed, database does not exist …) and what to
 * check. The reason is cleared of the password all the same, should a driver ever quote it.
 */
export function databaseOpenFailure(setting: DatabaseSetting, error: unknown): string {
  const cause = rootCause(error);
  const code = typeof cause.code === "string" ? cause.code : "";
  let reason = String(cause.message || code || error)
    .replace(/\s+/g, " ")
    .trim();
  for (const secret of passwordsOf(setting.databaseUrl)) reason = reason.split(secret).join("***");
  const timedOut = /timeout|timed out/i.test(reason) ? ADVICE.ETIMEDOUT : undefined;
  const advice = ADVICE[code] ?? timedOut;
  const where = databaseWhere(setting);
  const shown = code && !reason.includes(code) ? `${reason} (${code})` : reason;
  if (!setting.databaseUrl)
    return `The shop's database cannot be opened: ${where}: ${shown}. Check DATA_DIR: the folder must be the shop's and writable by it.`;
  return `The shop's database cannot be opened: ${where}: ${shown}. ${
    advice ? `${advice[0]?.toUpperCase()}${advice.slice(1)}.` : "Check DATABASE_URL."
  } npm run preflight -- --settings <the shop's settings file> checks the settings.`;
}

function passwordsOf(databaseUrl: string | undefined): string[] {
  if (!databaseUrl) return [];
  try {
    const { password } = new URL(databaseUrl);
    if (!password) return [];
    return [...new Set([password, decodeURIComponent(password)])].filter((secret) => secret.length > 0);
  } catch {
    return [];
  }
}
