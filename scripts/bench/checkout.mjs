// The checkout run of `npm run bench` (issue #8): parents add an item, fulfil (seats reserved, PayPal order
// created) and capture, against the PayPal stand-in (server/src/test/paypal-stand-in.ts) on 127.0.0.1; and
// the same through Stripe (issue 22): fulfil opens a Checkout Session at the Stripe stand-in
// (server/src/test/stripe-stand-in.ts), the buyer pays there and its signed webhook makes the order paid.
// Parents and children are written straight into the bench database; every call goes through the API.
import { createHash, randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { tsImport } from "tsx/esm/api";

export const CHECKOUT_TARGET = { perMinute: 200, p99: 100 };
const PARENTS = 8;
// Parents checking out at the same moment. The target is a rate (200 a minute) with a latency bound per
// call; a school's busiest minute (a course opening) sees a few parents at once, not dozens.
const CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 2);
const CHILDREN_PER_PARENT = 250;

/** The stand-in speaks PayPal's REST protocol; the shop must be started with its URL and credentials. */
export async function startStandIn(port) {
  const { startPayPalStandIn } = await tsImport("../../server/src/test/paypal-stand-in.ts", import.meta.url);
  return startPayPalStandIn(port ? { port } : {});
}

/** The Stripe stand-in (API and signed webhooks); the shop is started with its keys beside PayPal's. */
export async function startStripeStandIn(port) {
  const { startStripeStandIn: start } = await tsImport(
    "../../server/src/test/stripe-stand-in.ts",
    import.meta.url,
  );
  return start(port ? { port } : {});
}

const sha256 = (value) => createHash("sha256").update(value).digest("hex");

/** Parents with a token and a child of 11, and a workshop session with room for every checkout. */
async function prepare(databaseUrl, base) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const list = await (await fetch(`${base}/api/v2/products/?product_type=Workshop&locale=de`)).json();
    const workshop = await (await fetch(`${base}/api/v2/products/${list.results[0].id}/?locale=de`)).json();
    const session = workshop.schedule_slots.find((slot) => slot.date);
    if (!session) throw new Error("the first workshop has no dated session");
    await client.query("update schedule_slots set seats = 100000 where id = $1", [session.id]);
    const parents = [];
    for (let i = 0; i < PARENTS; i++) {
      const email = `bench-parent-${i}-${Date.now()}@example.org`;
      const { rows } = await client.query(
        "insert into users (email, first_name, last_name, email_verified_at) values ($1, 'Bench', 'Parent', now()) returning id",
        [email],
      );
      const userId = rows[0].id;
      const key = randomBytes(32).toString("base64url");
      await client.query("insert into auth_tokens (user_id, key_hash) values ($1, $2)", [
        userId,
        sha256(key),
      ]);
      // A child is booked into a session once: every checkout books another child of the family.
      const children = await client.query(
        "insert into visitors (user_id, first_name, last_name, birth_date) select $1, 'Kind' || n, 'Parent', current_date - interval '11 years 2 months' from generate_series(1, $2) as n returning id",
        [userId, CHILDREN_PER_PARENT],
      );
      parents.push({
        headers: { authorization: `Token ${key}` },
        children: children.rows.map((r) => r.id),
        next: 0,
      });
    }
    return {
      parents,
      item: (child) => ({
        product_page: workshop.id,
        purchase_option: workshop.purchase_options[0].id,
        visitor: child,
        schedule_slots: [session.id],
      }),
    };
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Runs checkouts for `durationS` seconds with CONCURRENCY parents at a time. Each checkout is three calls
 * plus the buyer's approval at the stand-in; the latency of each call is recorded. PayPal: add, fulfil,
 * capture. Stripe (`stripe` given): add, fulfil with `payment_gateway=stripe` and our return addresses, and
 * the signed `checkout.session.completed` webhook that records the payment (Stripe's way of completing).
 */
export async function runCheckouts({ base, databaseUrl, standIn, stripe, durationS }) {
  const setup = await prepare(databaseUrl, base);
  const latencies = stripe ? { add: [], fulfil: [], webhook: [] } : { add: [], fulfil: [], capture: [] };
  const stripeReturn = new URLSearchParams({
    success_url: `${base}/payment-complete/return`,
    cancel_url: `${base}/cart`,
  });
  let done = 0;
  let failed = 0;
  const until = Date.now() + durationS * 1000;
  const timed = async (name, call) => {
    const started = performance.now();
    const res = await call();
    latencies[name].push(performance.now() - started);
    return res;
  };
  const post = (path, headers, body) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });

  async function worker(offset) {
    for (let n = offset; Date.now() < until; n += CONCURRENCY) {
      const parent = setup.parents[n % setup.parents.length];
      const add = await timed("add", () =>
        post(
          "/api/v2/orders/items/?locale=de",
          parent.headers,
          setup.item(parent.children[parent.next++ % parent.children.length]),
        ),
      );
      const fulfil = await timed("fulfil", () =>
        post(
          stripe
            ? `/api/v2/orders/fulfill/?locale=de&payment_gateway=stripe&${stripeReturn}`
            : "/api/v2/orders/fulfill/?locale=de&payment_gateway=paypal",
          parent.headers,
          { terms_accepted: true },
        ),
      );
      if (add.status !== 201 || fulfil.status !== 200) {
        failed += 1;
        continue;
      }
      const { id } = await fulfil.json();
      if (stripe) {
        stripe.pay(id);
        const event = stripe.event("checkout.session.completed", stripe.sessionObject(id));
        const webhook = await timed("webhook", () =>
          fetch(`${base}/api/v2/payments/stripe/webhook/`, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": event.signature },
            body: event.payload,
          }),
        );
        await webhook.arrayBuffer();
        if (webhook.status === 200) done += 1;
        else failed += 1;
        continue;
      }
      standIn.approve(id);
      const capture = await timed("capture", () =>
        post(`/api/v2/orders/${id}/capture/?locale=de`, parent.headers, { orderID: id }),
      );
      if (capture.status === 200 && (await capture.json()).status === "payment_fulfilled") done += 1;
      else failed += 1;
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
  const minutes = (Date.now() - started) / 60_000;
  const calls = Object.fromEntries(
    Object.entries(latencies).map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        name,
        {
          p50: Math.round(percentile(sorted, 50)),
          p99: Math.round(percentile(sorted, 99)),
          n: values.length,
        },
      ];
    }),
  );
  const perMinute = Math.round(done / minutes);
  const worstP99 = Math.max(...Object.values(calls).map((c) => c.p99));
  return {
    perMinute,
    done,
    failed,
    calls,
    concurrency: CONCURRENCY,
    durationS,
    pass: perMinute >= CHECKOUT_TARGET.perMinute && worstP99 < CHECKOUT_TARGET.p99 && failed === 0,
  };
}

export const standInEnv = (standIn) => ({
  PAYPAL_API_BASE: standIn.url,
  PAYPAL_CLIENT_ID: standIn.clientId,
  PAYPAL_CLIENT_SECRET: standIn.clientSecret,
  PAYPAL_WEBHOOK_ID: standIn.webhookId,
  CHECKOUT_RATE_LIMIT_PER_MINUTE: "100000",
});

export const stripeStandInEnv = (stripe) => ({
  STRIPE_API_BASE: stripe.url,
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
});

export const here = fileURLToPath(import.meta.url);
