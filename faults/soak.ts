// `npm run soak`: the built shop under steady cart load at half its measured cart capacity for SOAK_MINUTES
// (default 30), the server's resident memory sampled every 10 s, and a verdict whether it stays flat. Writes
// the "Soak" section of docs/reliability.md (date, machine, figures). Run `npm run build` first.
//
// SOAK_MINUTES: length of the steady phase (default 30). SOAK_CAPACITY_SECONDS: length of the capacity
// measurement before it (default 15). SOAK_RATE: cart calls a second, instead of half the measured capacity.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { type Answer, call } from "./support/api.ts";
import { adminQuery, freshDatabase } from "./support/postgres.ts";
import { assertBuilt, root, type Shop, sleep, startShop } from "./support/shop.ts";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CAPACITY_SECONDS = Number(process.env.SOAK_CAPACITY_SECONDS ?? 15);
const SAMPLE_MS = 10_000;
const CARTS = 64;
// Calls in flight at most: an open-loop load that falls behind does not pile up without bound.
const MAX_IN_FLIGHT = 64;
// RSS may settle after the start (JIT, caches, pool); the verdict looks at what follows the first fifth.
const WARM_UP_SHARE = 0.2;
const FLAT_TOLERANCE = { share: 0.1, mib: 20 };
const reportFile = join(root, "docs/reliability.md");

const log = (message: string) => console.log(`[soak] ${message}`);

/**
 * One step of a guest cart: add a gift card when the cart is empty, remove it when it holds one. The carts
 * keep their size, so the database does not grow with the run and only the server could.
 */
type Cart = { id: string; item: number | null; busy: boolean };

async function prepareCarts(base: string) {
  const list = await call(base, "GET", "/api/v2/products/?product_type=GiftCard&locale=de");
  const gift = (list.body as { results: { id: number; purchase_options: { id: number }[] }[] }).results[0];
  if (!gift?.purchase_options[0]) throw new Error("the seed has no gift card");
  const body = { product_page: gift.id, purchase_option: gift.purchase_options[0].id };
  const carts: Cart[] = [];
  for (let i = 0; i < CARTS; i++) {
    const made = await call(base, "POST", "/api/v2/orders/init/?locale=de");
    if (made.status !== 201) throw new Error(`starting a cart answered ${made.status}`);
    carts.push({ id: (made.body as { cart_id: string }).cart_id, item: null, busy: false });
  }
  return { carts, body };
}

type Tally = { ok: number; failed: number; latencies: number[]; statuses: Map<number, number> };
const newTally = (): Tally => ({ ok: 0, failed: 0, latencies: [], statuses: new Map() });

function step(base: string, cart: Cart, body: unknown, ...tallies: Tally[]): Promise<void> {
  cart.busy = true;
  const request: Promise<Answer> =
    cart.item === null
      ? call(base, "POST", `/api/v2/orders/items/?locale=de&cart_id=${cart.id}`, { body })
      : call(base, "DELETE", `/api/v2/orders/items/${cart.item}/?locale=de&cart_id=${cart.id}`);
  return request.then((answer) => {
    cart.busy = false;
    if (answer.status === 201) cart.item = (answer.body as { id: number }).id;
    else if (answer.status === 204) cart.item = null;
    const ok = answer.status === 201 || answer.status === 204;
    for (const tally of tallies) {
      tally.latencies.push(answer.ms);
      tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
      if (ok) tally.ok += 1;
      else tally.failed += 1;
    }
  });
}

/** Cart calls a second with MAX_IN_FLIGHT calls always running (closed loop): what the shop can take. */
async function measureCapacity(base: string, carts: Cart[], body: unknown): Promise<number> {
  const tally = newTally();
  const until = Date.now() + CAPACITY_SECONDS * 1000;
  await Promise.all(
    carts.slice(0, MAX_IN_FLIGHT).map(async (cart) => {
      while (Date.now() < until) await step(base, cart, body, tally);
    }),
  );
  if (tally.failed > 0) throw new Error(`${tally.failed} cart calls failed while measuring the capacity`);
  return tally.ok / CAPACITY_SECONDS;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);

type Sample = { atS: number; rssMiB: number; rate: number; p99: number; failed: number };

/** An open-loop load: a call starts every 1/rate s (on a free cart), whatever the answers take. */
async function soak(shop: Shop, carts: Cart[], body: unknown, rate: number) {
  const samples: Sample[] = [];
  const total = newTally();
  let interval = newTally();
  const started = Date.now();
  const until = started + MINUTES * 60_000;
  let due = 0;
  let inFlight = 0;
  let skipped = 0;
  let lastTick = started;
  let nextSample = started + SAMPLE_MS;
  let cursor = 0;
  const nextFreeCart = () => {
    for (let i = 0; i < carts.length; i++) {
      const cart = carts[(cursor + i) % carts.length];
      if (cart && !cart.busy) {
        cursor = (cursor + i + 1) % carts.length;
        return cart;
      }
    }
    return undefined;
  };
  const sampleRss = () => shop.rssKiB() / 1024;
  samples.push({ atS: 0, rssMiB: sampleRss(), rate: 0, p99: 0, failed: 0 });
  while (Date.now() < until) {
    await sleep(5);
    const now = Date.now();
    due += ((now - lastTick) / 1000) * rate;
    lastTick = now;
    while (due >= 1) {
      due -= 1;
      const free = inFlight < MAX_IN_FLIGHT ? nextFreeCart() : undefined;
      if (!free) {
        // The shop fell behind this rate: counted, not queued.
        skipped += 1;
        continue;
      }
      inFlight += 1;
      void step(shop.url, free, body, total, interval).then(() => {
        inFlight -= 1;
      });
    }
    if (now >= nextSample) {
      shop.assertAlive();
      samples.push({
        atS: Math.round((now - started) / 1000),
        rssMiB: sampleRss(),
        rate: (interval.ok + interval.failed) / (SAMPLE_MS / 1000),
        p99: percentile(interval.latencies, 99),
        failed: interval.failed,
      });
      interval = newTally();
      nextSample += SAMPLE_MS;
    }
  }
  while (inFlight > 0) await sleep(50);
  return { samples, total, skipped };
}

type Verdict = { flat: boolean; earlyMiB: number; lateMiB: number; slopeMiBPerHour: number };

/**
 * Flat: after the warm-up, the median RSS of the last third of the samples exceeds that of the first third
 * by at most 10 % or 20 MiB, whichever is more. The least-squares slope is reported beside it.
 */
function judge(samples: Sample[]): Verdict {
  const after = samples.slice(Math.ceil(samples.length * WARM_UP_SHARE));
  const third = Math.max(1, Math.floor(after.length / 3));
  const earlyMiB = median(after.slice(0, third).map((s) => s.rssMiB));
  const lateMiB = median(after.slice(-third).map((s) => s.rssMiB));
  const n = after.length;
  const meanT = after.reduce((sum, s) => sum + s.atS, 0) / n;
  const meanR = after.reduce((sum, s) => sum + s.rssMiB, 0) / n;
  const covariance = after.reduce((sum, s) => sum + (s.atS - meanT) * (s.rssMiB - meanR), 0);
  const variance = after.reduce((sum, s) => sum + (s.atS - meanT) ** 2, 0);
  const slopeMiBPerHour = variance > 0 ? (covariance / variance) * 3600 : 0;
  const allowed = Math.max(earlyMiB * FLAT_TOLERANCE.share, FLAT_TOLERANCE.mib);
  return { flat: lateMiB - earlyMiB <= allowed, earlyMiB, lateMiB, slopeMiBPerHour };
}

type Run = {
  date: string;
  loadBefore: number[];
  pgVersion: string;
  capacity: number | undefined;
  rate: number;
  samples: Sample[];
  total: Tally;
  skipped: number;
  verdict: Verdict;
};

const mib = (value: number) => value.toFixed(1);

/** The "Soak" section of docs/reliability.md: one row a minute of the 10-second samples. */
function soakSection(run: Run): string[] {
  const cpu = os.cpus();
  const calls = run.total.ok + run.total.failed;
  const statuses = [...run.total.statuses.entries()].map(([status, n]) => `${status}: ${n}`).join(", ");
  const perMinute = run.samples.filter((sample, i) => i === 0 || sample.atS % 60 < SAMPLE_MS / 1000);
  return [
    "## Soak",
    "",
    "Written by `npm run soak` (`faults/soak.ts`); run `npm run build` first. Do not edit by hand.",
    "",
    `- Date: ${run.date}`,
    `- Machine: ${cpu.length} cores, ${cpu[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}; Node.js ${process.version}; PostgreSQL ${run.pgVersion} on 127.0.0.1`,
    `- Load average before the run (other processes on the machine): ${run.loadBefore.map((l) => l.toFixed(2)).join(", ")}; after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
    `- Load: ${CARTS} guest carts, each call adding a gift card to an empty cart or removing it again (the database does not grow); ${
      run.capacity === undefined
        ? `${run.rate.toFixed(0)} calls/s (SOAK_RATE)`
        : `capacity measured first with ${MAX_IN_FLIGHT} calls in flight for ${CAPACITY_SECONDS} s: ${run.capacity.toFixed(0)} calls/s; soak at half: ${run.rate.toFixed(0)} calls/s`
    } for ${MINUTES} min, open loop (at most ${MAX_IN_FLIGHT} in flight)`,
    `- Calls: ${calls} (${statuses}); ${run.total.failed} failed; ${run.skipped} not started because the shop fell behind; p50 ${percentile(run.total.latencies, 50).toFixed(0)} ms, p99 ${percentile(run.total.latencies, 99).toFixed(0)} ms`,
    `- RSS of the server process, sampled every ${SAMPLE_MS / 1000} s: ${mib(run.samples[0]?.rssMiB ?? 0)} MiB at the start (after the capacity measurement), ${mib(Math.min(...run.samples.map((s) => s.rssMiB)))}–${mib(Math.max(...run.samples.map((s) => s.rssMiB)))} MiB over the run; after the warm-up (the first ${WARM_UP_SHARE * 100} %), median of the first third ${mib(run.verdict.earlyMiB)} MiB, of the last third ${mib(run.verdict.lateMiB)} MiB; slope ${run.verdict.slopeMiBPerHour.toFixed(1)} MiB/hour`,
    `- Verdict: **${run.verdict.flat ? "flat" : "not flat"}** (flat: the last third at most ${FLAT_TOLERANCE.share * 100} % or ${FLAT_TOLERANCE.mib} MiB above the first, whichever is more)`,
    "",
    "| Time | RSS | Calls/s (last 10 s) | p99 (last 10 s) | Failed (last 10 s) |",
    "|---:|---:|---:|---:|---:|",
    ...perMinute.map(
      (s) =>
        `| ${Math.floor(s.atS / 60)}:${String(s.atS % 60).padStart(2, "0")} | ${mib(s.rssMiB)} MiB | ${s.rate.toFixed(0)} | ${s.p99.toFixed(0)} ms | ${s.failed} |`,
    ),
    "",
  ];
}

/** Replaces the "Soak" section of docs/reliability.md, keeping the other sections. */
function writeSection(lines: string[]) {
  const section = lines.join("\n");
  const current = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "# Reliability\n\n";
  const start = current.indexOf("## Soak\n");
  const next = start === -1 ? -1 : current.indexOf("\n## ", start + 1);
  const updated =
    start === -1
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next === -1 ? "" : current.slice(next + 1)}`;
  writeFileSync(reportFile, updated);
  log(`wrote the "Soak" section of ${reportFile}`);
}

async function main(): Promise<number> {
  assertBuilt();
  const database = await freshDatabase("soak");
  let shop: Shop | undefined;
  try {
    shop = await startShop({
      name: "soak",
      databaseUrl: database.url,
      env: { CART_INIT_RATE_LIMIT_PER_MINUTE: "100000" },
    });
    const { carts, body } = await prepareCarts(shop.url);
    const fixedRate = Number(process.env.SOAK_RATE ?? 0);
    const capacity = fixedRate > 0 ? undefined : await measureCapacity(shop.url, carts, body);
    const rate = fixedRate > 0 ? fixedRate : (capacity ?? 0) / 2;
    if (capacity !== undefined)
      log(`capacity ${capacity.toFixed(0)} cart calls/s; soaking at ${rate.toFixed(0)}/s`);
    log(`${MINUTES} min at ${rate.toFixed(0)} cart calls/s, RSS every ${SAMPLE_MS / 1000} s`);
    const loadBefore = os.loadavg();
    const date = new Date().toISOString();
    const { samples, total, skipped } = await soak(shop, carts, body, rate);
    const verdict = judge(samples);
    const [pg] = await adminQuery<{ server_version: string }>("show server_version");
    writeSection(
      soakSection({
        date,
        loadBefore,
        pgVersion: pg?.server_version ?? "?",
        capacity,
        rate,
        samples,
        total,
        skipped,
        verdict,
      }),
    );
    log(
      `RSS ${mib(verdict.earlyMiB)} → ${mib(verdict.lateMiB)} MiB (slope ${verdict.slopeMiBPerHour.toFixed(1)} MiB/hour): ${verdict.flat ? "flat" : "NOT flat"}; ${total.failed} of ${total.ok + total.failed} calls failed`,
    );
    return verdict.flat && total.failed === 0 ? 0 : 1;
  } finally {
    await shop?.stop();
    await database.drop();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
