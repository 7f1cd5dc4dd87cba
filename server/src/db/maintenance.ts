import { berlinTime, todayInBerlin } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * The embedded database's upkeep (D450). PostgreSQL's autovacuum gathers the planner's statistics and
 * clears the rows updates and deletes leave behind. PGlite says `autovacuum = on` but runs no autovacuum
 * worker: on the embedded default no table is ever analysed or vacuumed, so every statement is planned
 * without statistics and every order's changes stay in its table for good. So the shop does it itself:
 * `analyze` once after it starts, and `vacuum (analyze)` once a night in the school's quiet hour. PGlite
 * answers one statement at a time, and the night's round holds the others for as long as it runs. On
 * PostgreSQL nothing is done: its autovacuum is the operator's (docs/operations.md).
 */

/** The hour of the night's round, in the school's time (03:00–03:59 in Berlin). */
export const MAINTENANCE_HOUR = 3;
/** How often the shop looks whether the night's round is due. */
export const MAINTENANCE_CHECK_MS = 10 * 60_000;

/** The hour of an instant in Berlin (0–23), from the contract's Berlin clock. */
export function schoolHour(instant: Date): number {
  return Number(berlinTime(instant).slice(0, 2));
}

/** Whether the night's round is due at `now`: in its hour, and not yet on this Berlin day. */
export function nightRoundDue(now: Date, lastRoundDay: string | undefined): boolean {
  return schoolHour(now) === MAINTENANCE_HOUR && lastRoundDay !== todayInBerlin(now);
}

export type Maintenance = { stop(): Promise<void> };

export function startEmbeddedMaintenance(
  database: Pick<Database, "db" | "kind">,
  deps: {
    log: { info(data: object, message: string): void; error(data: object, message: string): void };
    now?: () => Date;
    checkEveryMs?: number;
  },
): Maintenance {
  if (database.kind !== "pglite") return { stop: async () => {} };
  const now = deps.now ?? (() => new Date());
  let lastRoundDay: string | undefined;
  let running: Promise<unknown> | undefined;

  // A failure is logged and the work tried again at the next start or night: the shop runs on without it.
  const run = (statement: "analyze" | "vacuum (analyze)") => {
    const started = Date.now();
    running = database.db
      .execute(sql.raw(statement))
      .then(
        () => deps.log.info({ statement, ms: Date.now() - started }, "embedded database maintained"),
        (err: unknown) => deps.log.error({ err, statement }, "embedded database maintenance failed"),
      )
      .finally(() => {
        running = undefined;
      });
  };

  run("analyze");
  const timer = setInterval(() => {
    const at = now();
    if (running || !nightRoundDue(at, lastRoundDay)) return;
    lastRoundDay = todayInBerlin(at);
    run("vacuum (analyze)");
  }, deps.checkEveryMs ?? MAINTENANCE_CHECK_MS);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
