import { addMonth, HistorySchema } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRIPE_KEEP_MS } from "../checkout/stripe-webhooks.ts";
import { gatewayCatalog, paymentEvents, subscriptionPayments, subscriptions } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createStaff } from "../test/shop-fixtures.ts";
import {
  type SignedStripeEvent,
  type StripeStandIn,
  startStripeStandIn,
  stripeEnv,
  stripeSignature,
} from "../test/stripe-stand-in.ts";

/**
 * Issue 22, D115: a course subscription's autopay by card or SEPA as a Stripe subscription (Checkout in
 * subscription mode, the paid month as the trial), renewed by Stripe's invoices through the same
 * `recordPayment` as PayPal's sales, and stopped through the same cancellation paths (§ 312k).
 */

let stripe: StripeStandIn;
let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createCheckoutTestApp({
    env: stripeEnv(stripe),
  });
  for (const slot of t.weekly) await t.setSeats(slot.id, 500);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** A parent whose course's first month was paid at checkout. */
async function subscriber(slotIndex = 0) {
  const parent = await t.parentWithCourse(slotIndex % t.weekly.length);
  const { id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
  const [item] = await historyOf(parent.headers);
  if (!item?.subscription) throw new Error("no subscription in the history");
  return { ...parent, item, subscription: item.subscription };
}

const historyOf = async (headers: Record<string, string>) =>
  HistorySchema.parse((await t.call("GET", "/api/v2/orders/items/history/", { headers })).json());
const subRow = async (itemId: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.orderItemId, itemId)))[0];
const paymentsOf = async (itemId: number) =>
  t.db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, (await subRow(itemId))?.id ?? 0));

const byCard = (
  headers: Record<string, string>,
  itemId: number,
  query: Record<string, string> = { payment_gateway: "stripe" },
) => t.call("POST", `/api/v2/orders/subscriptions/${itemId}/make_recurring/`, { headers, query });

const post = (event: SignedStripeEvent, signature = event.signature) =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/payments/stripe/webhook/",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload: event.payload,
  });

/** The parent completes Stripe's page: the subscription exists at Stripe; answers it and the event. */
function completeAtStripe(sessionId: string) {
  stripe.pay(sessionId);
  const subscriptionId = stripe.sessions.get(sessionId)?.subscriptionId ?? "";
  return {
    subscriptionId,
    completed: stripe.event("checkout.session.completed", stripe.sessionObject(sessionId)),
  };
}

/** A subscriber with autopay at Stripe, its completion delivered. */
async function autopayAtStripe(slotIndex: number) {
  const a = await subscriber(slotIndex);
  const made = await byCard(a.headers, a.item.id);
  expect(made.statusCode, made.body).toBe(200);
  const { subscriptionId, completed } = completeAtStripe(made.json().id);
  expect((await post(completed)).statusCode).toBe(200);
  return { ...a, subscriptionId };
}

describe("make_recurring with payment_gateway=stripe", () => {
  it("opens a Checkout Session in subscription mode whose trial is the paid month, product and price made once", async () => {
    const a = await subscriber(0);
    const res = await byCard(a.headers, a.item.id, { payment_gateway: "stripe", locale: "ru" });
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json() as { id: string; url: string };
    expect(id).toMatch(/^cs_/);
    expect(url).toBe(`${stripe.url}/c/pay/${id}`);
    const request = stripe.sessions.get(id)?.request as Record<string, unknown>;
    const price = stripe.prices.get(String((request.line_items as { price: string }[])[0]?.price));
    expect(price).toMatchObject({ unit_amount: a.item.price_cents, recurring: { interval: "month" } });
    expect(request).toMatchObject({
      mode: "subscription",
      locale: "ru",
      client_reference_id: String(a.item.id),
      subscription_data: {
        trial_end: String(Math.ceil(new Date(a.subscription.paid_until).getTime() / 1000)),
        metadata: { custom_id: String(a.item.id) },
      },
    });
    expect(request.payment_intent_data).toBeUndefined();
    expect(await subRow(a.item.id)).toMatchObject({ gatewaySubscriptionId: id, autopay: "pending" });

    // Asked again while the page is open: the same page. Another parent at the same price: no new price.
    expect((await byCard(a.headers, a.item.id)).json()).toEqual({ id, url });
    const b = await subscriber(0);
    await byCard(b.headers, b.item.id);
    expect(stripe.calls.get("POST /v1/products")).toBe(1);
    expect(stripe.calls.get("POST /v1/prices")).toBe(1);
    const catalog = await t.db.select().from(gatewayCatalog).where(eq(gatewayCatalog.gateway, "stripe"));
    expect(catalog).toHaveLength(2);
  });

  it("keeps PayPal's call as it was and refuses an unknown gateway", async () => {
    const a = await subscriber(1);
    const paypal = await byCard(a.headers, a.item.id, {});
    expect(paypal.statusCode).toBe(200);
    expect(paypal.json().id).not.toMatch(/^cs_/);
    expect(paypal.json().url).toBeUndefined();
    const bad = await byCard(a.headers, a.item.id, { payment_gateway: "bitcoin" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ payment_gateway: ["invalid_choice"] });
  });
});

describe("autopay events from Stripe", () => {
  it("turns autopay on when the session completes, then counts each month's invoice once", async () => {
    const a = await subscriber(2);
    const sessionId = (await byCard(a.headers, a.item.id)).json().id as string;
    const { subscriptionId, completed } = completeAtStripe(sessionId);
    const invoice = stripe.renew(subscriptionId);
    const paid = stripe.event("invoice.paid", invoice);

    // The invoice arrives before the completion: not linked yet, so Stripe is asked to deliver it again.
    expect((await post(paid)).statusCode).toBe(503);
    expect(await paymentsOf(a.item.id)).toHaveLength(0);
    expect((await post(completed)).statusCode).toBe(200);
    expect(await subRow(a.item.id)).toMatchObject({
      gatewaySubscriptionId: subscriptionId,
      autopay: "active",
    });
    // Delivered again, twice, and under another event id: one month.
    expect((await post(paid)).statusCode).toBe(200);
    expect((await post(paid)).statusCode).toBe(200);
    expect((await post(stripe.event("invoice.paid", invoice))).statusCode).toBe(200);
    const rows = await paymentsOf(a.item.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      gateway: "stripe",
      reference: invoice.id,
      amountCents: a.item.price_cents,
    });
    const [item] = await historyOf(a.headers);
    expect(item?.subscription?.paid_until).toBe(addMonth(new Date(a.subscription.paid_until)).toISOString());
    expect(item?.subscription?.autopay).toBe("active");

    // The next month too.
    expect((await post(stripe.event("invoice.paid", stripe.renew(subscriptionId)))).statusCode).toBe(200);
    expect(await paymentsOf(a.item.id)).toHaveLength(2);
  });

  it("refuses a forged or stale invoice and stores nothing of it", async () => {
    const a = await autopayAtStripe(3);
    const invoice = stripe.renew(a.subscriptionId);
    const forged = stripe.event("invoice.paid", invoice, { secret: "whsec_not_ours" });
    expect((await post(forged)).statusCode).toBe(400);
    const stale = stripe.event("invoice.paid", invoice, { time: new Date(Date.now() - 10 * 60_000) });
    expect((await post(stale)).statusCode).toBe(400);
    const altered = stripe.event("invoice.paid", { ...invoice, amount_paid: 1 });
    expect(
      (await post({ ...altered, payload: altered.payload.replace('"amount_paid":1', '"amount_paid":9') }))
        .statusCode,
    ).toBe(400);
    expect(await paymentsOf(a.item.id)).toHaveLength(0);
    const stored = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, String(forged.event.id)));
    expect(stored).toHaveLength(0);
  });

  it("shows a failed charge as awaiting payment until a later invoice is paid; an older event changes nothing", async () => {
    const a = await autopayAtStripe(0);
    const failedInvoice = stripe.renew(a.subscriptionId, false);
    const failed = stripe.event("invoice.payment_failed", failedInvoice, {
      time: new Date(Date.now() + 1000),
    });
    const staleActive = stripe.event(
      "customer.subscription.updated",
      { ...stripe.subscriptionObject(a.subscriptionId), status: "active" },
      { time: new Date(Date.now() - 30_000) },
    );
    expect((await post(failed)).statusCode).toBe(200);
    expect((await post(staleActive)).statusCode).toBe(200);
    const [item] = await historyOf(a.headers);
    expect(item?.subscription?.autopay).toBe("suspended");
    expect(item?.state).toBe("awaiting payment");
    expect(await paymentsOf(a.item.id)).toHaveLength(0);

    // Stripe's retry succeeds: the month is paid and autopay runs again.
    expect(
      (
        await post(
          stripe.event("invoice.paid", stripe.renew(a.subscriptionId), { time: new Date(Date.now() + 2000) }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await subRow(a.item.id))?.autopay).toBe("active");
    expect(await paymentsOf(a.item.id)).toHaveLength(1);
  });

  it("ignores an invoice of a subscription this shop did not make", async () => {
    const foreign = stripe.event("invoice.paid", {
      id: "in_foreign",
      object: "invoice",
      status: "paid",
      amount_paid: 5000,
      parent: { subscription_details: { subscription: "sub_foreign", metadata: {} } },
    });
    expect((await post(foreign)).statusCode).toBe(200);
  });
});

describe("cancellation", () => {
  it("cancels at Stripe through the profile's cancel with the reason; the paid month runs on", async () => {
    const a = await autopayAtStripe(1);
    const res = await t.call("PATCH", `/api/v2/orders/items/${a.item.id}/cancel/`, {
      headers: a.headers,
      body: { reason: "Umzug" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ends_at).toBe(a.subscription.paid_until);
    await t.app.paymentWorker.runOnce();
    expect(stripe.subscriptions.get(a.subscriptionId)).toMatchObject({
      status: "canceled",
      cancellation: { comment: expect.stringContaining("Umzug") },
    });
    // Stripe's own word that it ended; a renewal invoice can no longer come.
    expect(
      (await post(stripe.event("customer.subscription.deleted", stripe.subscriptionObject(a.subscriptionId))))
        .statusCode,
    ).toBe(200);
    expect((await subRow(a.item.id))?.autopay).toBe("cancelled");
    const [item] = await historyOf(a.headers);
    expect(item?.state).toBe("cancelled");
    expect(item?.subscription?.ends_at).toBe(a.subscription.paid_until);
  });

  it("cancels through „Verträge hier kündigen“ (§ 312k) without signing in", async () => {
    const a = await autopayAtStripe(2);
    const email = (await t.call("GET", "/api/v2/users/me/", { headers: a.headers })).json().email as string;
    const res = await t.call("POST", "/api/v2/contracts/cancel/", {
      body: {
        kind: "ordinary",
        contract: a.subscription.contract_number,
        email,
        name: "Eva Muster",
        end: "next_possible",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.paymentWorker.runOnce();
    expect(stripe.subscriptions.get(a.subscriptionId)?.status).toBe("canceled");
    expect((await subRow(a.item.id))?.cancelAt?.toISOString()).toBe(a.subscription.paid_until);
  });

  it("closes a Stripe page not completed yet when the contract is cancelled", async () => {
    const a = await subscriber(3);
    const sessionId = (await byCard(a.headers, a.item.id)).json().id as string;
    const res = await t.call("PATCH", `/api/v2/orders/items/${a.item.id}/cancel/`, { headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.paymentWorker.runOnce();
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");
  });
});

describe("autopay turned on anew on the other gateway (D512)", () => {
  const paypalWebhook = async (event: ReturnType<typeof t.standIn.webhookEvent>) => {
    const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: event.headers,
      body: event.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("asked again after Stripe's page was completed, before its event came, keeps what the parent set up", async () => {
    const a = await subscriber(5);
    const sessionId = (await byCard(a.headers, a.item.id)).json().id as string;
    const { subscriptionId, completed } = completeAtStripe(sessionId);
    // Back on the profile (or in another tab) the parent presses the button again, by card or PayPal.
    for (const query of [{ payment_gateway: "stripe" }, {}] as Record<string, string>[]) {
      const again = await byCard(a.headers, a.item.id, query);
      expect(again.statusCode, again.body).toBe(400);
      expect(again.json().error_codes).toEqual({ non_field_errors: ["autopay_pending"] });
    }
    expect(await subRow(a.item.id)).toMatchObject({ gatewaySubscriptionId: sessionId, autopay: "pending" });
    expect(stripe.subscriptions.get(subscriptionId)?.status).not.toBe("canceled");
    expect((await post(completed)).statusCode).toBe(200);
    expect(await subRow(a.item.id)).toMatchObject({
      gatewaySubscriptionId: subscriptionId,
      autopay: "active",
    });
  });

  it("closes the Stripe page it replaces, and cancels a replaced PayPal subscription the parent approves later", async () => {
    const a = await subscriber(4);
    const sessionId = (await byCard(a.headers, a.item.id)).json().id as string;
    // PayPal instead: Stripe's page, still open, is closed so it can start nothing beside it.
    const paypal = await byCard(a.headers, a.item.id, {});
    expect(paypal.statusCode, paypal.body).toBe(200);
    const paypalId = paypal.json().id as string;
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");
    // Card after all: PayPal's subscription still awaits approval, which PayPal cannot cancel.
    const card = await byCard(a.headers, a.item.id);
    expect(card.statusCode, card.body).toBe(200);
    expect(await subRow(a.item.id)).toMatchObject({
      gatewaySubscriptionId: card.json().id,
      autopay: "pending",
    });
    // The parent approves the PayPal window left open: the shop cancels it before its first charge.
    await paypalWebhook(
      t.standIn.webhookEvent("BILLING.SUBSCRIPTION.ACTIVATED", {
        id: paypalId,
        status: "ACTIVE",
        custom_id: String(a.item.id),
      }),
    );
    expect(t.standIn.subscriptions.get(paypalId)?.status).toBe("CANCELLED");
    expect(await subRow(a.item.id)).toMatchObject({
      gatewaySubscriptionId: card.json().id,
      autopay: "pending",
    });
  });
});

describe("signed Stripe events about nothing of ours, and signed bodies that are no event (D201, D202)", () => {
  const eventRow = async (id: unknown) =>
    (
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, String(id)))
    )[0];
  const unmatchedOnDashboard = async () => {
    const staff = await createStaff(t.db);
    const res = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().unmatched_payment_events as { id: number; event_type: string; resource_id: string }[];
  };

  it("acknowledges an unknown subscription's invoice, status and completed session with 200, three times of three, and shows them to staff", async () => {
    const invoice = {
      id: "in_not_ours_1",
      object: "invoice",
      status: "paid",
      amount_paid: 4_900,
      parent: {
        subscription_details: { subscription: "sub_not_ours_1", metadata: { custom_id: "987654" } },
      },
    };
    const status = {
      id: "sub_not_ours_2",
      object: "subscription",
      status: "past_due",
      metadata: { custom_id: "987655" },
    };
    const session = { id: "cs_not_ours_3", object: "checkout.session", mode: "subscription" };
    const events = [
      stripe.event("invoice.paid", invoice),
      stripe.event("customer.subscription.updated", status),
      stripe.event("checkout.session.completed", session),
      stripe.event("checkout.session.completed", { ...session, id: "cs_not_ours_4", mode: "payment" }),
    ];
    for (const event of events) {
      for (let delivery = 0; delivery < 3; delivery += 1) {
        const res = await post(event);
        expect(res.statusCode, `${String(event.event.type)}: ${res.body}`).toBe(200);
      }
      expect(await eventRow(event.event.id)).toMatchObject({
        unmatched: true,
        processedAt: expect.any(Date),
      });
    }
    const shown = await unmatchedOnDashboard();
    for (const event of events)
      expect(shown).toContainEqual(
        expect.objectContaining({
          event_type: event.event.type,
          resource_id: (event.event.data as { object: { id: string } }).object.id,
        }),
      );
  });

  it("asks again (503) for an invoice of our subscription that waits for its session, until the wait is over; then 200 for staff", async () => {
    const a = await subscriber(1);
    const sessionId = (await byCard(a.headers, a.item.id)).json().id as string;
    const { subscriptionId } = completeAtStripe(sessionId);
    const paid = stripe.event("invoice.paid", stripe.renew(subscriptionId));
    expect((await post(paid)).statusCode).toBe(503);
    expect(await eventRow(paid.event.id)).toMatchObject({ unmatched: false, processedAt: null });
    // Stripe's next try comes after the wait: the session's completion never came.
    await t.db
      .update(paymentEvents)
      .set({ receivedAt: new Date(Date.now() - STRIPE_KEEP_MS - 1_000) })
      .where(eq(paymentEvents.eventId, String(paid.event.id)));
    expect((await post(paid)).statusCode).toBe(200);
    expect(await eventRow(paid.event.id)).toMatchObject({ unmatched: true });
    expect(await paymentsOf(a.item.id)).toHaveLength(0);
    expect((await unmatchedOnDashboard()).map((event) => event.resource_id)).toContain(
      (paid.event.data as { object: { id: string } }).object.id,
    );
  });

  it("refuses a validly signed body that is no event with 400 and stores nothing", async () => {
    const signed = (payload: string) => ({
      payload,
      signature: stripeSignature(payload, stripe.webhookSecret),
      event: {},
    });
    const before = (await t.db.select().from(paymentEvents)).length;
    const bodies = [
      "[1,2,3]",
      "null",
      '"text"',
      "42",
      JSON.stringify({ id: "evt_no_data", type: "invoice.paid" }),
      JSON.stringify({ id: "evt_no_object", type: "invoice.paid", data: {} }),
      JSON.stringify({ id: "evt_object_text", type: "charge.refunded", data: { object: "ch_1" } }),
      JSON.stringify({ id: "evt_array", type: "charge.refunded", data: { object: [1, 2] } }),
      JSON.stringify({ id: 7, type: "invoice.paid", data: { object: {} } }),
      JSON.stringify({ id: "evt_amount", type: "invoice.paid", data: { object: { amount_paid: "9" } } }),
    ];
    for (const payload of bodies) {
      const res = await post(signed(payload));
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(res.json().error_codes).toEqual({ non_field_errors: ["parse_error"] });
    }
    expect((await t.db.select().from(paymentEvents)).length).toBe(before);
  });
});
