// Where the CPU of one paying parent goes (issue 36, D449): each call of the enrolment day, made by
// COST_PARENTS parents one after another, with the CPU of the shop's process (its main thread apart, and of
// that its system time), of PostgreSQL's processes and of this client with both stand-ins, read from /proc
// before and after each kind of call. One at a time, so nothing waits for a core: each figure is the work
// itself, not the queue the rush makes of it. COST_WARM parents go first, unmeasured, on another week (V8's
// compiling, the pool's prepared statements), then the shop gets COST_PAUSE_MS for their mails.
//
// Run: `node scripts/with-postgres.mjs npx tsx faults/bench/enrolment-cost.ts` (after `npm run build`).
// COST_ANALYZE=1 gathers PostgreSQL's statistics after the warm parents, as autovacuum would have on a
// production server; COST_PGSS=1 resets `pg_stat_statements` there (when the server preloads it), so its
// counts are the measured parents'; COST_KEEP=1 keeps the database for EXPLAIN and prints its address.
import { readdirSync, readFileSync } from "node:fs";
import { type PayPalStandIn, startPayPalStandIn } from "../../server/src/test/paypal-stand-in.ts";
import { type StripeStandIn, startStripeStandIn } from "../../server/src/test/stripe-stand-in.ts";
import { call } from "../support/api.ts";
import { adminQuery, freshDatabase, type TestDatabase } from "../support/postgres.ts";
import { type Shop, startShop } from "../support/shop.ts";
import {
  academyWeek,
  createParents,
  enrolmentCalls,
  type Parent,
  shopEnv,
  type Week,
} from "./enrolment-day.ts";

const PARENTS = Number(process.env.COST_PARENTS ?? 200);
const WARM = Number(process.env.COST_WARM ?? 200);
const PAUSE_MS = Number(process.env.COST_PAUSE_MS ?? 30_000);

/** utime + stime (or stime alone) of a /proc stat file, in milliseconds (a clock tick is 10 ms). */
function cpuMs(path: string, system = false): number {
  try {
    const fields = readFileSync(path, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
    return ((system ? 0 : Number(fields[11])) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Every postgres process's CPU, with what its ended children spent (cutime, cstime). */
function postgresMs(): number {
  let sum = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.replace(/^.*\) /, "").split(" ");
      sum += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

type Context = { shop: Shop; paypal: PayPalStandIn; stripe: StripeStandIn; print: boolean };

/** Runs `run` for each of `count` in turn and prints the CPU each kind of process spent per call. */
async function measure(ctx: Context, name: string, count: number, run: (n: number) => Promise<void>) {
  const pid = ctx.shop.pid();
  const main = `/proc/${pid}/task/${pid}/stat`;
  const before = {
    client: process.cpuUsage(),
    main: cpuMs(main),
    mainSystem: cpuMs(main, true),
    shop: cpuMs(`/proc/${pid}/stat`),
    postgres: postgresMs(),
    wall: performance.now(),
  };
  for (let n = 0; n < count; n++) await run(n);
  if (!ctx.print) return;
  const client = process.cpuUsage(before.client);
  const per = (ms: number) => (ms / count).toFixed(2);
  console.log(
    [
      name.padEnd(18),
      `wall ${per(performance.now() - before.wall)}`,
      `shop main ${per(cpuMs(main) - before.main)} (system ${per(cpuMs(main, true) - before.mainSystem)})`,
      `shop all ${per(cpuMs(`/proc/${pid}/stat`) - before.shop)}`,
      `postgres ${per(postgresMs() - before.postgres)}`,
      `client ${per((client.user + client.system) / 1000)}`,
      "ms per call",
    ].join("  "),
  );
}

async function expect(status: number, what: string, answer: Promise<{ status: number; body: unknown }>) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body)}`);
  return body as { id?: unknown };
}

/** The enrolment day's calls for `count` parents of a week of their own; returns the week's id. */
async function round(ctx: Context, database: TestDatabase, label: string, count: number, notWeek = 0) {
  const week: Week = await academyWeek(database, count + 10, notWeek);
  const parents: Parent[] = await createParents(database, week, label, count);
  const url = ctx.shop.url;
  await measure(ctx, "add the week", count, async (n) => {
    const parent = parents[n] as Parent;
    const { path, body } = enrolmentCalls.addWeek(week, parent);
    await expect(201, "add", call(url, "POST", path, { headers: parent.headers, body }));
  });
  const orderOf = new Map<Parent, string>();
  for (const gateway of ["paypal", "stripe"] as const) {
    const payers = parents.filter((parent) => parent.gateway === gateway);
    const { path, body } = enrolmentCalls.stage(gateway);
    await measure(ctx, `stage (${gateway})`, payers.length, async (n) => {
      const parent = payers[n] as Parent;
      const staged = await expect(200, "stage", call(url, "POST", path, { headers: parent.headers, body }));
      orderOf.set(parent, String(staged.id));
    });
  }
  const paypalPayers = parents.filter((parent) => parent.gateway === "paypal");
  await measure(ctx, "capture (PayPal)", paypalPayers.length, async (n) => {
    const parent = paypalPayers[n] as Parent;
    const id = orderOf.get(parent) ?? "";
    ctx.paypal.approve(id);
    const { path, body } = enrolmentCalls.capture(id);
    await expect(200, "capture", call(url, "POST", path, { headers: parent.headers, body }));
  });
  const stripePayers = parents.filter((parent) => parent.gateway === "stripe");
  await measure(ctx, "webhook (Stripe)", stripePayers.length, async (n) => {
    const id = orderOf.get(stripePayers[n] as Parent) ?? "";
    ctx.stripe.pay(id);
    const { path, headers, rawBody } = enrolmentCalls.stripeWebhook(ctx.stripe, id);
    await expect(200, "webhook", call(url, "POST", path, { headers, rawBody }));
  });
  return week.weekId;
}

const database = await freshDatabase("enrolment_cost");
const paypal = await startPayPalStandIn();
const stripe = await startStripeStandIn();
const shop = await startShop({ name: "cost", databaseUrl: database.url, env: shopEnv(paypal, stripe) });
try {
  const warmWeek = await round({ shop, paypal, stripe, print: false }, database, "cost-warm", WARM);
  // The warm parents' confirmation mails are drawn in the shop's render thread: not counted below.
  await new Promise((done) => setTimeout(done, PAUSE_MS));
  if (process.env.COST_ANALYZE) await database.query("analyze");
  if (process.env.COST_PGSS) await adminQuery("select pg_stat_statements_reset()");
  await round({ shop, paypal, stripe, print: true }, database, "cost", PARENTS, warmWeek);
} finally {
  await shop.stop();
  await paypal.close();
  await stripe.close();
  if (process.env.COST_KEEP) console.log(`kept ${database.url}`);
  else await database.drop();
}
