import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { missingEmbeddedDatabase } from "./cli-database.ts";
import { settingsFromArguments } from "./cli-settings.ts";
import { ConfigError, loadEnv } from "./config/index.ts";
import { openDatabase } from "./db/index.ts";
import { runPreflight } from "./preflight/index.ts";

/**
 * `npm run preflight` (D303): checks the settings of this installation against the database, Redis, the
 * mail server, PayPal and Stripe, and the seller's data; prints each problem and exits 1 when there is one.
 */
export async function runPreflightCommand(
  io: { out: (line: string) => void; err: (line: string) => void },
  argv: readonly string[] = [],
  environment: NodeJS.ProcessEnv = process.env,
) {
  // `--settings FILE`: the shop's settings file, read as its service reads it (values taken literally).
  const settings = settingsFromArguments(argv, environment);
  if ("error" in settings) {
    io.err(settings.error);
    return 2;
  }
  for (const warning of settings.warnings) io.err(warning);
  if (settings.argv.length > 0) {
    io.err("Usage: npm run preflight [-- --settings FILE]");
    return 2;
  }
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv(settings.source);
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  // No embedded database where the settings say: the preflight makes none there (run without the shop's
  // settings it would leave an empty one under ./.data). It checks against a passing one instead and says so.
  const missing = missingEmbeddedDatabase(env);
  if (missing) io.err(`! ${missing} The settings are checked against an empty database meanwhile.`);
  const scratch = missing ? mkdtempSync(join(tmpdir(), "atelier-preflight-")) : undefined;
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: scratch ?? env.DATA_DIR,
    limits: env,
  });
  try {
    const problems = await runPreflight(env, database);
    for (const problem of problems) io.err(`✗ ${problem}`);
    if (problems.length === 0) io.out("Preflight: every setting holds.");
    return problems.length === 0 ? 0 : 1;
  } finally {
    await database.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit(
    await runPreflightCommand(
      { out: (line) => console.log(line), err: (line) => console.error(line) },
      process.argv.slice(2),
    ),
  );
}
