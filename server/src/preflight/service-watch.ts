import type { Env } from "../config/index.ts";
import {
  checkService,
  configuredServices,
  type PreflightProblem,
  type PreflightService,
} from "./preflight.ts";

/** How often a service the start could not reach is asked again. */
export const SERVICE_RECHECK_MS = 60_000;
/** While it still cannot be reached, a reminder in the log every this many checks (10 minutes). */
const REMINDER_EVERY = 10;

/** What the shop does while a service cannot be reached: said in the start's warning and the log. */
export const WHILE_UNREACHABLE: Record<PreflightService, string> = {
  redis: "rate limits are skipped until it answers",
  smtp: "mails wait in the outbox and are sent once it answers",
  paypal: "payments by PayPal answer 503 (try again later) until it answers",
  stripe: "payments by Stripe answer 503 (try again later) until it answers",
};

const NAMES: Record<PreflightService, string> = {
  redis: "Redis (REDIS_URL)",
  smtp: "The mail server (SMTP_URL)",
  paypal: "PayPal",
  stripe: "Stripe",
};

type Log = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type ServiceState = { service: PreflightService; unreachable: boolean };

export type ServiceWatch = {
  /** Each service the start checked: unreachable until a later check reaches it (GET /metrics). */
  states: () => ServiceState[];
  stop: () => void;
};

/**
 * After a production start that went past services it could not reach (D528): each is asked again every
 * minute until its check passes, and the log says when it answers again, or what it says now (a setting it
 * refuses once its name resolves); a reminder every ten minutes while it stays away. `states` is what
 * GET /metrics shows as `atelier_service_unreachable`, so monitoring alerts while the log is not read.
 */
export function watchUnreachableServices(
  env: Env,
  atStart: readonly PreflightProblem[],
  options: { log: Log; intervalMs?: number },
): ServiceWatch {
  const { log, intervalMs = SERVICE_RECHECK_MS } = options;
  const last = new Map<PreflightService, string>();
  for (const problem of atStart)
    if (problem.unreachable && problem.service) last.set(problem.service, problem.text);
  const checked = configuredServices(env);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let round = 0;

  async function recheck(service: PreflightService) {
    const found = await checkService(env, service).catch((error: unknown) => [
      { text: String(error), unreachable: true as const },
    ]);
    if (found.length === 0) {
      last.delete(service);
      log.info({ service }, `${NAMES[service]} answers again`);
      return;
    }
    const text = found.map((problem) => problem.text).join(" ");
    const refused = found.some((problem) => !problem.unreachable);
    if (text !== last.get(service) || round % REMINDER_EVERY === 0) {
      const details = { service, problem: text };
      if (refused) log.error(details, `${NAMES[service]} answers now but refuses a setting`);
      else log.warn(details, `${NAMES[service]} still cannot be reached: ${WHILE_UNREACHABLE[service]}`);
    }
    last.set(service, text);
  }

  function schedule() {
    if (stopped || last.size === 0) return;
    timer = setTimeout(async () => {
      round += 1;
      await Promise.all([...last.keys()].map(recheck));
      schedule();
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    states: () => checked.map((service) => ({ service, unreachable: last.has(service) })),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
