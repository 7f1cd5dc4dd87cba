import { ensureFirstAdmin, type FirstAdmin } from "./accounts/index.ts";
import { buildApp } from "./app.ts";
import { ConfigError, type Env, loadEnv } from "./config/index.ts";
import { type Database, databaseOpenFailure, openDatabase, startEmbeddedMaintenance } from "./db/index.ts";
import { createMailer } from "./mailer/index.ts";
import { initServerMonitoring } from "./monitoring/index.ts";
import {
  type PreflightProblem,
  preflightProblems,
  WHILE_UNREACHABLE,
  watchUnreachableServices,
} from "./preflight/index.ts";
import { seedDemoCatalogue } from "./seed/index.ts";

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** The drain of a rolling restart in production, unless SHUTDOWN_DRAIN_MS says otherwise (D195). */
const DEFAULT_DRAIN_MS = 10_000;

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The database opened and migrated, or the process ends with one line saying which database (never its
 * password), why, and what to check: a PostgreSQL that is down or refuses the user, a database not created.
 */
async function openShopDatabase(env: Env): Promise<Database> {
  const setting = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
  let database: Database | undefined;
  try {
    database = await openDatabase({ ...setting, limits: env });
    await database.migrate();
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined);
    console.error(`✗ ${databaseOpenFailure(setting, error)}`);
    process.exit(1);
  }
}

/**
 * In production the shop starts only on settings that hold (D303); PREFLIGHT=off skips it (test rigs), and
 * answers null. A service that cannot be reached now (its name does not resolve, it refuses the connection or
 * does not answer) is said loudly and started past (D528): the shop works without it, as the running
 * instances do, and a restart during its outage must not take the shop down. A setting that is wrong
 * (missing, the example's placeholder, refused by the service) refuses the start.
 */
async function startChecks(env: Env, database: Database): Promise<PreflightProblem[] | null> {
  if (env.NODE_ENV !== "production" || !env.PREFLIGHT) return null;
  const problems = await preflightProblems(env, database);
  for (const problem of problems.filter((found) => found.unreachable)) {
    const meanwhile = problem.service ? ` Meanwhile ${WHILE_UNREACHABLE[problem.service]};` : "";
    console.warn(
      `! ${problem.text} The shop starts anyway.${meanwhile} checked again every minute (atelier_service_check_failing in /metrics).`,
    );
  }
  const wrong = problems.filter((found) => !found.unreachable);
  if (wrong.length > 0) {
    for (const problem of wrong) console.error(`✗ ${problem.text}`);
    console.error(
      "The shop does not start until these are fixed (npm run preflight -- --settings <the shop's settings file> checks again).",
    );
    await database.close();
    process.exit(1);
  }
  return problems;
}

/**
 * The first admin is printed in every environment (D240): nobody else knows a generated password, and it is
 * printed once, at the start that made it. In production a password taken from ADMIN_PASSWORD is not repeated.
 */
function printFirstAdmin(admin: FirstAdmin, hidePassword: boolean) {
  const password =
    admin.password === null
      ? "(existing account made admin; its password is unchanged)"
      : hidePassword
        ? "(as set in ADMIN_PASSWORD)"
        : admin.password;
  console.log(`\n  Admin account: ${admin.email}  password: ${password}`);
  console.log(
    '  Change it in the back office under "Mein Konto"; `npm run admin` creates or resets admins.\n',
  );
}

async function main() {
  const env = readEnv();
  const database = await openShopDatabase(env);
  const startProblems = await startChecks(env, database);

  const reportError = await initServerMonitoring(env.SENTRY_DSN, env.SENTRY_ENVIRONMENT);
  const app = await buildApp({ env, database, reportError, logger: { level: env.LOG_LEVEL } });
  // A service the start could not reach is asked again each minute until it answers; /metrics shows it.
  const services = startProblems ? watchUnreachableServices(env, startProblems, { log: app.log }) : undefined;
  if (services) app.metrics.watchServices(services.states);

  let firstAdmin: FirstAdmin | null = null;
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedDemoCatalogue(database.db, {
      staffEmail: env.STAFF_EMAIL,
      staffPassword: env.STAFF_PASSWORD,
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      holidays: env.SEED_HOLIDAYS,
    });
    firstAdmin = seeded.admin;
    if (seeded.created) {
      app.log.info("demo catalogue seeded");
      if (env.NODE_ENV !== "production" && seeded.staffPassword) {
        // Printed so a developer can sign in to the back office right away.
        console.log(`\n  Staff account: ${seeded.staffEmail}  password: ${seeded.staffPassword}\n`);
      }
    }
  }
  // Without the demo, or on an installation that has none yet, the school's first admin is made here (D240).
  firstAdmin ??= await database.db.transaction((tx) =>
    ensureFirstAdmin(tx, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  );
  if (firstAdmin) printFirstAdmin(firstAdmin, env.NODE_ENV === "production" && Boolean(env.ADMIN_PASSWORD));

  // The outbox worker sends what services wrote in their transactions; stopped before the database closes.
  const mailer = createMailer({ db: database.db, env, logger: app.log, changes: database.changes });
  mailer.start();
  app.metrics.watchWorker("mail", mailer.lastRoundAt);
  app.paymentWorker.start();
  // Reminders before tomorrow's first lessons and makeups, a round at start and every 10 minutes (D370).
  app.lessonReminders.start(env.LESSON_REMINDER_INTERVAL_MS);
  // PGlite runs no autovacuum: statistics after the start, a vacuum each night (D450); PostgreSQL: nothing.
  const maintenance = startEmbeddedMaintenance(database, { log: app.log });

  app.addHook("onClose", async () => {
    services?.stop();
    await mailer.stop();
    await maintenance.stop();
    await database.close();
  });

  let closing = false;
  const drainMs = env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === "production" ? DEFAULT_DRAIN_MS : 0);
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // A rolling restart: first /readyz fails while every request is still served, so the load balancer
    // stops sending before the server stops accepting (D195); then the graceful close.
    app.startDraining();
    app.log.info({ signal, drainMs }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out");
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, "error while shutting down");
          process.exit(1);
        },
      );
    }, drainMs);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  // The bound address is printed too: with PORT=0 the operating system picks a free port (the tests use it).
  const address = await app.listen({ host: env.HOST, port: env.PORT });
  console.log(
    `  Atelier Shop is running at ${env.PUBLIC_URL.replace(/\/$/, "")} (listening on ${address}, database: ${database.kind})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
