import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStripeForm, type StripeStandIn, startStripeStandIn } from "./stripe-stand-in.ts";

// The stand-in is spoken to through the official client, so what it accepts is what the client sends.
let standIn: StripeStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  const { hostname, port, protocol } = new URL(standIn.url);
  stripe = new Stripe(standIn.secretKey, {
    host: hostname,
    port,
    protocol: protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 0,
  });
});
afterAll(() => standIn.close());

const session = (unitAmount: number, extra: Record<string, unknown> = {}) =>
  ({
    mode: "payment",
    success_url: "http://shop.test/ok",
    cancel_url: "http://shop.test/cart",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "eur", unit_amount: unitAmount, product_data: { name: "Workshop" } },
      },
    ],
    metadata: { order: "7" },
    locale: "de",
    ...extra,
  }) as Stripe.Checkout.SessionCreateParams;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected Stripe to refuse");
    },
    (error: Stripe.errors.StripeError) => ({
      type: error.type,
      code: error.code,
      param: error.param,
      status: error.statusCode,
    }),
  );

describe("Stripe stand-in", () => {
  it("reads Stripe's bracket notation", () => {
    expect(parseStripeForm("a[b][0][c]=1&a[b][1][c]=2&x[]=p&x[]=q&m[k]=v")).toEqual({
      a: { b: [{ c: "1" }, { c: "2" }] },
      x: ["p", "q"],
      m: { k: "v" },
    });
  });

  it("creates a session, shows its hosted page and completes it when paid", async () => {
    const created = await stripe.checkout.sessions.create(session(4500));
    expect(created).toMatchObject({
      status: "open",
      amount_total: 4500,
      currency: "eur",
      payment_intent: null,
    });
    expect(created.url).toBe(`${standIn.url}/c/pay/${created.id}`);
    const page = await fetch(created.url ?? "").then((res) => res.text());
    expect(page).toContain("45.00 €");
    standIn.pay(created.id);
    const paid = await stripe.checkout.sessions.retrieve(created.id, { expand: ["payment_intent"] });
    expect(paid).toMatchObject({ status: "complete", payment_status: "paid", metadata: { order: "7" } });
    expect((paid.payment_intent as Stripe.PaymentIntent).status).toBe("succeeded");
  });

  it("refuses unknown parameters, totals below 50 cents and a wrong key", async () => {
    expect(await refusal(stripe.checkout.sessions.create(session(4500, { shiping: "no" })))).toMatchObject({
      code: "parameter_unknown",
      param: "shiping",
      status: 400,
    });
    expect(await refusal(stripe.checkout.sessions.create(session(49)))).toMatchObject({
      code: "amount_too_small",
    });
    const stranger = new Stripe("sk_test_other", {
      host: "127.0.0.1",
      port: new URL(standIn.url).port,
      protocol: "http",
    });
    expect(await refusal(stranger.checkout.sessions.create(session(4500)))).toMatchObject({ status: 401 });
  });

  it("replays an idempotency key and refuses it with other parameters", async () => {
    const first = await stripe.checkout.sessions.create(session(4500), { idempotencyKey: "k-1" });
    const again = await stripe.checkout.sessions.create(session(4500), { idempotencyKey: "k-1" });
    expect(again.id).toBe(first.id);
    expect(
      await refusal(stripe.checkout.sessions.create(session(4600), { idempotencyKey: "k-1" })),
    ).toMatchObject({
      type: "StripeIdempotencyError",
      status: 400,
    });
  });

  it("makes a subscription of a subscription-mode session with a trial, and refuses what Stripe refuses there", async () => {
    const product = await stripe.products.create({ name: "Kurs-Abo" }, { idempotencyKey: "p-1" });
    const price = await stripe.prices.create(
      { product: product.id, currency: "eur", unit_amount: 8900, recurring: { interval: "month" } },
      { idempotencyKey: "pr-1" },
    );
    expect(
      await refusal(
        stripe.prices.create(
          { product: product.id, currency: "eur", unit_amount: 9900, recurring: { interval: "month" } },
          { idempotencyKey: "pr-1" },
        ),
      ),
    ).toMatchObject({ type: "StripeIdempotencyError" });
    const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;
    const params = (extra: Record<string, unknown> = {}) =>
      ({
        mode: "subscription",
        success_url: "http://shop.test/profile",
        cancel_url: "http://shop.test/profile",
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: { trial_end: inDays(30), metadata: { custom_id: "41" } },
        ...extra,
      }) as Stripe.Checkout.SessionCreateParams;
    expect(
      await refusal(stripe.checkout.sessions.create(params({ subscription_data: { trial_end: inDays(1) } }))),
    ).toMatchObject({ param: "subscription_data[trial_end]", status: 400 });
    expect(
      await refusal(stripe.checkout.sessions.create(params({ payment_intent_data: { description: "x" } }))),
    ).toMatchObject({ param: "payment_intent_data", status: 400 });
    expect(
      await refusal(stripe.checkout.sessions.create(params({ subscription_data: { trial_days: 3 } }))),
    ).toMatchObject({ code: "parameter_unknown", param: "subscription_data[trial_days]" });
    expect(
      await refusal(
        stripe.checkout.sessions.create(session(4500, { subscription_data: { trial_end: inDays(30) } })),
      ),
    ).toMatchObject({ param: "subscription_data", status: 400 });

    const created = await stripe.checkout.sessions.create(params());
    expect(created).toMatchObject({ mode: "subscription", amount_total: 0, subscription: null });
    standIn.pay(created.id);
    const completed = await stripe.checkout.sessions.retrieve(created.id);
    expect(completed.status).toBe("complete");
    const subscriptionId = String(completed.subscription);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: "trialing",
      metadata: { custom_id: "41" },
    });
    expect(standIn.renew(subscriptionId)).toMatchObject({ amount_paid: 8900, status: "paid" });
    await stripe.subscriptions.cancel(subscriptionId, { cancellation_details: { comment: "Umzug" } });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
    expect(await refusal(stripe.subscriptions.cancel(subscriptionId))).toMatchObject({ status: 400 });
  });

  it("refunds no more than was paid", async () => {
    const created = await stripe.checkout.sessions.create(session(4500));
    const intent = standIn.pay(created.id);
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(part).toMatchObject({ amount: 1000, status: "succeeded", payment_intent: intent.id });
    expect(await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 4000 }))).toMatchObject({
      code: "amount_too_large",
    });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3500);
    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed.data.map((refund) => refund.amount).sort()).toEqual([1000, 3500]);
  });

  it("signs events as Stripe does: the client verifies them, a wrong secret or an old time fails", () => {
    const event = standIn.event("checkout.session.completed", { id: "cs_x" });
    expect(stripe.webhooks.constructEvent(event.payload, event.signature, standIn.webhookSecret).type).toBe(
      "checkout.session.completed",
    );
    const forged = standIn.event("checkout.session.completed", { id: "cs_x" }, { secret: "whsec_other" });
    expect(() =>
      stripe.webhooks.constructEvent(forged.payload, forged.signature, standIn.webhookSecret),
    ).toThrow();
    const old = standIn.event(
      "checkout.session.completed",
      { id: "cs_x" },
      { time: new Date(Date.now() - 600_000) },
    );
    expect(() =>
      stripe.webhooks.constructEvent(old.payload, old.signature, standIn.webhookSecret, 300),
    ).toThrow(/tolerance/i);
  });
});
