import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/index.ts";
import { AppError } from "../errors/index.ts";

/**
 * `GET /metrics` in the Prometheus text format (D260, issue 34): requests by route pattern and status, the
 * database pools, the mail outbox, payments needing a person, each worker's freshness, the event loop and
 * the process. One registry per app (never prom-client's global one), built only when METRICS_TOKEN is set:
 * without a token the route answers 404 and nothing is measured. What other areas know comes in as
 * callbacks from the wiring (app.ts), read at scrape time.
 */
export type MetricsSources = {
  /** METRICS_TOKEN: Prometheus sends `Authorization: Bearer <token>`. */
  token: string | undefined;
  poolStats: () => PoolStats[];
  outbox: () => Promise<{ pending: number; failed: number }>;
  paymentsNeedingPerson: () => Promise<number>;
  log: FastifyBaseLogger;
};

export type Metrics = {
  /** A worker whose freshness is reported: `lastRoundAt` is when its last round finished without an error. */
  watchWorker(name: string, lastRoundAt: () => Date | undefined): void;
  /**
   * The services the start's preflight checked, each failing (1) while one it could not reach has not passed
   * its check again (D528), read at a scrape.
   */
  watchServices(states: () => { service: string; unreachable: boolean }[]): void;
};

/** The route label of a request no route matched: one value, never the raw URL. */
export const UNMATCHED_ROUTE = "unmatched";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the request carries the token; compared in constant time (both sides hashed to one length). */
function authorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}

export function registerMetrics(app: FastifyInstance, sources: MetricsSources): Metrics {
  const { token } = sources;
  if (!token) {
    // The SPA's fallback would otherwise answer this path with the shop's page.
    app.get("/metrics", { schema: { hide: true } }, async () => {
      throw AppError.notFound();
    });
    return { watchWorker: () => {}, watchServices: () => {} };
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  countRequests(app, registry);
  const workers = scrapedGauges(registry, sources);
  let services: () => { service: string; unreachable: boolean }[] = () => [];
  const serviceGauge: Gauge = new Gauge({
    name: "atelier_service_check_failing",
    help: "1 while a service this instance's start could not reach has not passed its check since (asked every minute); 0 for the other services the start checked.",
    labelNames: ["service"],
    registers: [registry],
    collect() {
      serviceGauge.reset();
      for (const { service, unreachable } of services()) serviceGauge.set({ service }, unreachable ? 1 : 0);
    },
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("not_authenticated", 401);
    }
    const body = await registry.metrics();
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(body);
  });

  return {
    watchWorker(name, lastRoundAt) {
      workers.set(name, { lastRoundAt, since: Date.now() });
    },
    watchServices(states) {
      services = states;
    },
  };
}

/** Every answer counted and timed by method, route pattern (never the raw URL) and status code. */
function countRequests(app: FastifyInstance, registry: Registry) {
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status code.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

type Workers = Map<string, { lastRoundAt: () => Date | undefined; since: number }>;

/** The gauges read at scrape time: pools, outbox, payments needing a person, workers' freshness. */
function scrapedGauges(registry: Registry, sources: MetricsSources): Workers {
  /** A gauge read at scrape time; a failed read leaves it empty for this scrape (and is logged), not a 500. */
  function scraped(name: string, help: string, labels: string[], read: (gauge: Gauge) => Promise<void>) {
    const gauge: Gauge = new Gauge({
      name,
      help,
      labelNames: labels,
      registers: [registry],
      async collect() {
        gauge.reset();
        try {
          await read(gauge);
        } catch (err) {
          gauge.reset();
          // An unlabelled gauge's reset leaves a 0, which would read as "nothing needs a person".
          if (labels.length === 0) gauge.remove();
          sources.log.warn({ err, metric: name }, "metric not read");
        }
      },
    });
  }

  const pool = (field: "inUse" | "idle" | "waiting") => async (gauge: Gauge) => {
    for (const stats of sources.poolStats()) gauge.set({ pool: stats.pool }, stats[field]);
  };
  scraped(
    "atelier_db_pool_connections_in_use",
    "PostgreSQL connections checked out, by pool (main, read); none on PGlite.",
    ["pool"],
    pool("inUse"),
  );
  scraped(
    "atelier_db_pool_connections_idle",
    "PostgreSQL connections open and idle, by pool; none on PGlite.",
    ["pool"],
    pool("idle"),
  );
  scraped(
    "atelier_db_pool_waiting_requests",
    "Queries waiting for a free PostgreSQL connection, by pool; none on PGlite.",
    ["pool"],
    pool("waiting"),
  );
  scraped(
    "atelier_mail_outbox_mails",
    "Mails in the outbox: pending (to be sent or retried) and failed (given up, a person must look).",
    ["status"],
    async (gauge) => {
      const { pending, failed } = await sources.outbox();
      gauge.set({ status: "pending" }, pending);
      gauge.set({ status: "failed" }, failed);
    },
  );
  scraped(
    "atelier_payments_needing_person",
    "Payments that need a person (D90): refunds out of attempts and captures to review.",
    [],
    async (gauge) => gauge.set(await sources.paymentsNeedingPerson()),
  );

  const workers: Workers = new Map();
  scraped(
    "atelier_worker_seconds_since_last_round",
    "Seconds since each worker's last finished round (before its first: since it was started).",
    ["worker"],
    async (gauge) => {
      const now = Date.now();
      for (const [worker, { lastRoundAt, since }] of workers)
        gauge.set({ worker }, (now - (lastRoundAt()?.getTime() ?? since)) / 1000);
    },
  );
  scraped(
    "atelier_worker_last_round_timestamp_seconds",
    "Unix time of each worker's last finished round; absent before its first.",
    ["worker"],
    async (gauge) => {
      for (const [worker, { lastRoundAt }] of workers) {
        const at = lastRoundAt();
        if (at) gauge.set({ worker }, at.getTime() / 1000);
      }
    },
  );
  return workers;
}
