import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, paymentIssues, payments } from "../db/schema/index.ts";
import { createMailWorker, enqueueMail } from "../mail/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { usesPostgres } from "../test/test-database.ts";
import { registerMetrics } from "./metrics.ts";

// Issue 34, D260: GET /metrics in the Prometheus text format, behind a bearer token, so the school's
// monitoring can alert on a growing outbox, payments needing a person, a silent worker and slow requests.

const TOKEN = "metrics-token-5f0c2a9e7b41d386";

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * A strict reading of the text exposition format (0.0.4): every line is a `# HELP name text`, a
 * `# TYPE name type` or a sample `name{label="value",...} value`; every sample belongs to a declared
 * metric (histograms' `_bucket`, `_sum`, `_count`). Throws on anything else.
 */
function parseExposition(text: string) {
  const help = new Map<string, string>();
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const name = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  const sampleLine = new RegExp(`^(${name})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
  const labelPair = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      const [, kind, metric = "", rest = ""] = comment;
      if (kind === "HELP") help.set(metric, rest);
      else {
        expect(["counter", "gauge", "histogram", "summary", "untyped"], line).toContain(rest);
        types.set(metric, rest);
      }
      continue;
    }
    expect(line.startsWith("#"), `an unknown comment line: ${line}`).toBe(false);
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, sampleName = "", labelText = "", valueText = ""] = match;
    const labels: Record<string, string> = {};
    let rest = labelText;
    while (rest !== "") {
      const pair = labelPair.exec(rest);
      if (!pair) throw new Error(`bad labels in: ${line}`);
      labels[pair[1] ?? ""] = (pair[2] ?? "").replace(/\\(.)/g, (_, c) => (c === "n" ? "\n" : c));
      rest = rest.slice(pair[0].length);
    }
    const value = Number(valueText.replace(/^\+Inf$/, "Infinity").replace(/^-Inf$/, "-Infinity"));
    // prom-client writes "Nan" before the event loop histogram has a sample; Prometheus reads NaN in any case.
    if (Number.isNaN(value) && !/^nan$/i.test(valueText)) throw new Error(`bad value in: ${line}`);
    const family = [sampleName, sampleName.replace(/_(bucket|sum|count)$/, "")].find((n) => types.has(n));
    if (!family) throw new Error(`a sample without # TYPE: ${line}`);
    if (!help.has(family)) throw new Error(`a sample without # HELP: ${line}`);
    samples.push({ name: sampleName, labels, value });
  }
  return { types, samples };
}

function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )?.value;
}

describe("GET /metrics without METRICS_TOKEN", () => {
  it("answers 404, not the shop's page, and measures nothing", async () => {
    const ctx = await createTestApp();
    try {
      const res = await ctx.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/json/);
      const withToken = await ctx.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  }, 60_000);
  afterAll(() => ctx?.close());

  const scrape = async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { res, ...parseExposition(res.body) };
  };

  it("refuses a scrape without the token or with a wrong one (401)", async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      "Bearer ",
      `Token ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await ctx.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      // Its own scheme, not the API's `Token`.
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain("http_requests_total");
    }
  });

  it("serves the Prometheus text format with the process's metrics and the event loop lag", async () => {
    const { res, types, samples } = await scrape();
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(types.get("http_requests_total")).toBe("counter");
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    expect(types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    expect(types.get("process_cpu_seconds_total")).toBe("counter");
    expect(types.get("atelier_mail_outbox_mails")).toBe("gauge");
    expect(types.get("atelier_payments_needing_person")).toBe("gauge");
    expect(types.get("atelier_worker_seconds_since_last_round")).toBe("gauge");
    expect(types.get("atelier_db_pool_waiting_requests")).toBe("gauge");
    expect(sampleValue(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, "atelier_payments_needing_person")).toBe(0);
    if (usesPostgres()) {
      // Every sample of a scrape is read with the main pool's state of that moment.
      expect(
        sampleValue(samples, "atelier_db_pool_connections_idle", { pool: "main" }),
      ).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, "atelier_db_pool_waiting_requests", { pool: "main" })).toBe(0);
      expect(
        sampleValue(samples, "atelier_db_pool_connections_in_use", { pool: "read" }),
      ).toBeGreaterThanOrEqual(0);
    } else {
      // PGlite has no pool.
      expect(samples.filter((s) => s.name.startsWith("atelier_db_pool_"))).toEqual([]);
    }
  });

  it("counts requests and their durations by route pattern and status, never by raw URL", async () => {
    const labels = { method: "GET", route: "/healthz", status_code: "200" };
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: "GET", url: "/healthz" });
    await ctx.app.inject({ method: "GET", url: "/api/v2/admin/orders/98765/" });
    await ctx.app.inject({ method: "POST", url: "/no/such/path/4711" });
    const { res, samples } = await scrape();

    expect(
      (sampleValue(samples, "http_requests_total", labels) ?? 0) -
        (sampleValue(before, "http_requests_total", labels) ?? 0),
    ).toBe(3);
    expect(
      (sampleValue(samples, "http_request_duration_seconds_count", labels) ?? 0) -
        (sampleValue(before, "http_request_duration_seconds_count", labels) ?? 0),
    ).toBe(3);
    expect(
      sampleValue(samples, "http_request_duration_seconds_bucket", { ...labels, le: "+Inf" }),
    ).toBeGreaterThanOrEqual(3);
    const withId = samples.find(
      (s) => s.name === "http_requests_total" && s.labels.route?.startsWith("/api/v2/admin/orders/"),
    );
    expect(withId?.labels).toMatchObject({ route: "/api/v2/admin/orders/:id/", status_code: "401" });
    expect(sampleValue(samples, "http_requests_total", { method: "POST", route: "unmatched" })).toBe(1);
    expect(res.body).not.toContain("/orders/98765");
    expect(res.body).not.toContain("/no/such/path");
  });

  it("shows the outbox's pending and failed mails as they are at the scrape", async () => {
    const outbox = async () => {
      const { samples } = await scrape();
      return {
        pending: sampleValue(samples, "atelier_mail_outbox_mails", { status: "pending" }),
        failed: sampleValue(samples, "atelier_mail_outbox_mails", { status: "failed" }),
      };
    };
    const before = await outbox();
    const { id } = await enqueueMail(
      ctx.database.db,
      {
        to: "clara@example.org",
        template: "verify-email",
        locale: "de",
        data: { firstName: "Clara", link: "https://shop.test/?email=confirmed&key=k" },
      },
      { publicUrl: "https://shop.test" },
    );
    const queued = await outbox();
    expect(queued.pending).toBe((before.pending ?? 0) + 1);
    expect(queued.failed).toBe(before.failed ?? 0);

    await ctx.database.db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, id));
    const given = await outbox();
    expect(given.pending).toBe(before.pending);
    expect(given.failed).toBe((before.failed ?? 0) + 1);
  });

  it("shows the services the start could not reach until they answer (D528)", async () => {
    const failing = (samples: Sample[], service: string) =>
      sampleValue(samples, "atelier_service_check_failing", { service });
    // Without a start's preflight (development, PREFLIGHT=off) the metric has no series.
    expect((await scrape()).samples.some((s) => s.name === "atelier_service_check_failing")).toBe(false);
    let smtpAway = true;
    ctx.app.metrics.watchServices(() => [
      { service: "smtp", unreachable: smtpAway },
      { service: "paypal", unreachable: false },
    ]);
    const { samples, types } = await scrape();
    expect(types.get("atelier_service_check_failing")).toBe("gauge");
    expect(failing(samples, "smtp")).toBe(1);
    expect(failing(samples, "paypal")).toBe(0);
    smtpAway = false;
    expect(failing((await scrape()).samples, "smtp")).toBe(0);
  });

  it("tells how long ago each worker finished a round", async () => {
    const worker = (samples: Sample[], name: string) => ({
      at: sampleValue(samples, "atelier_worker_last_round_timestamp_seconds", { worker: name }),
      ago: sampleValue(samples, "atelier_worker_seconds_since_last_round", { worker: name }),
    });
    const mailWorker = createMailWorker({
      db: ctx.database.db,
      transport: { send: async () => {}, describe: () => "nowhere" },
      logger: ctx.app.log,
      intervalMs: 3_600_000,
    });
    ctx.app.metrics.watchWorker("mail", mailWorker.lastRoundAt);

    const before = (await scrape()).samples;
    // Before its first round a worker reports the time since it was watched, and no last round.
    expect(worker(before, "payment").at).toBeUndefined();
    expect(worker(before, "payment").ago).toBeGreaterThanOrEqual(0);
    expect(worker(before, "mail").at).toBeUndefined();

    const startedAt = Date.now() / 1000;
    await ctx.app.paymentWorker.runOnce();
    await mailWorker.drainOnce();
    const after = (await scrape()).samples;
    for (const name of ["payment", "mail"]) {
      const { at, ago } = worker(after, name);
      expect(at, name).toBeGreaterThanOrEqual(Math.floor(startedAt));
      expect(at, name).toBeLessThanOrEqual(Date.now() / 1000);
      expect(ago, name).toBeGreaterThanOrEqual(0);
      expect(ago, name).toBeLessThan(60);
    }
  });
});

describe("payments needing a person in /metrics", () => {
  let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
  beforeAll(async () => {
    t = await createCheckoutTestApp({ env: { METRICS_TOKEN: TOKEN } });
  }, 60_000);
  afterAll(() => t?.close());

  const needingPerson = async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return sampleValue(parseExposition(res.body).samples, "atelier_payments_needing_person");
  };

  it("counts them by the dashboard's rule (D90): failed refunds and captures to review, not refunded ones", async () => {
    expect(await needingPerson()).toBe(0);
    const parent = await t.parentWithCourse(0);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order_id));
    if (!payment) throw new Error("no payment");

    await t.db
      .insert(paymentIssues)
      .values({ paymentId: payment.id, reason: "seats_gone", state: "refund_failed", attempts: 5 });
    expect(await needingPerson()).toBe(1);
    await t.db.update(paymentIssues).set({ state: "review" }).where(eq(paymentIssues.paymentId, payment.id));
    expect(await needingPerson()).toBe(1);
    await t.db
      .update(paymentIssues)
      .set({ state: "refunded" })
      .where(eq(paymentIssues.paymentId, payment.id));
    expect(await needingPerson()).toBe(0);
  });
});

describe("a figure that cannot be read", () => {
  it("is left out of the scrape, which still answers, instead of reading as 0", async () => {
    const app = Fastify();
    const warnings: string[] = [];
    const down = async () => {
      throw new Error("database not reachable");
    };
    registerMetrics(app, {
      token: TOKEN,
      poolStats: () => [],
      outbox: down,
      paymentsNeedingPerson: down,
      log: {
        ...app.log,
        warn: (details: { metric?: string }) => warnings.push(details.metric ?? ""),
      } as never,
    });
    const res = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const { types, samples } = parseExposition(res.body);
    expect(types.get("atelier_payments_needing_person")).toBe("gauge");
    expect(
      samples.filter((s) => s.name.startsWith("atelier_payments") || s.name.startsWith("atelier_mail")),
    ).toEqual([]);
    expect(warnings.sort()).toEqual(["atelier_mail_outbox_mails", "atelier_payments_needing_person"]);
    await app.close();
  });
});
