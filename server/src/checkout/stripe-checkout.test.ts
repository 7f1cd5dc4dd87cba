import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  giftCardLedger,
  giftCards,
  installation,
  invoices,
  orderItems,
  orders,
  paymentEvents,
  payments,
  refunds,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import {
  BUYER_ADDRESS,
  type SignedStripeEvent,
  type StripeStandIn,
  startStripeStandIn,
  stripeEnv,
} from "../test/stripe-stand-in.ts";

/**
 * Issue 22 (D103): card and SEPA payments through Stripe Checkout beside PayPal. The existing client's
 * redirect call, the session Stripe gets, completion by signed webhooks (replayed, out of order, forged,
 * racing the parent's return), SEPA holding the seats while it processes, and refunds made at Stripe.
 */

type Shop = Awaited<ReturnType<typeof createCheckoutTestApp>>;
let stripe: StripeStandIn;
let t: Shop;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createCheckoutTestApp({
    env: stripeEnv(stripe),
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const WEBHOOK = "/api/v2/payments/stripe/webhook/";
const post = (event: SignedStripeEvent, signature = event.signature) =>
  t.app.inject({
    method: "POST",
    url: WEBHOOK,
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload: event.payload,
  });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (orderId: number) => t.db.select().from(payments).where(eq(payments.orderId, orderId));
const invoicesOf = (orderId: number) => t.db.select().from(invoices).where(eq(invoices.orderId, orderId));

/** The existing client's main button: the redirect call with no body, answered with `{url}`. */
async function redirectCall(headers: Record<string, string>, cartId: string) {
  const query = new URLSearchParams({
    payment_gateway: "stripe",
    success_url: "http://shop.test/payment/success",
    cancel_url: "http://shop.test/payment/cancel",
    cart_id: cartId,
  });
  return t.app.inject({ method: "POST", url: `/api/v2/orders/fulfill/?${query}`, headers });
}

/** A parent with a course in the cart, sent to Stripe's page: our order and Stripe's session. */
async function atStripe(slotIndex = 0) {
  const parent = await t.parentWithCourse(slotIndex);
  const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
  const res = await redirectCall(parent.headers, cart.cart_id);
  expect(res.statusCode, res.body).toBe(200);
  const reply = res.json() as { id: string; order_id: number; url: string };
  return { parent, orderId: reply.order_id, sessionId: reply.id, url: reply.url, cart };
}

const completed = (sessionId: string, type = "checkout.session.completed", id?: string) =>
  stripe.event(type, stripe.sessionObject(sessionId), id ? { id } : {});

describe("fulfil with payment_gateway=stripe", () => {
  it("answers the existing client's exact call with {url} of a Checkout Session that adds up to the order", async () => {
    const before = stripe.idempotencyKeys.length;
    const { orderId, sessionId, url } = await atStripe();
    expect(url).toBe(`${stripe.url}/c/pay/${sessionId}`);
    const order = await orderRow(orderId);
    expect(order?.status).toBe("awaiting_payment");
    expect(order?.reservedUntil).not.toBeNull();
    const [shop] = await t.db.select().from(installation);
    const request = stripe.sessions.get(sessionId)?.request as Record<string, unknown>;
    const lines = request.line_items as { quantity: string; price_data: { unit_amount: string } }[];
    expect(
      lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0),
    ).toBe(order?.totalCheckoutCents);
    expect(request).toMatchObject({
      mode: "payment",
      locale: "de",
      client_reference_id: `${shop?.id}-${orderId}`,
      metadata: { custom_id: `${shop?.id}-${orderId}` },
      // Stripe does not add its id to the return: our order number goes along for the return page.
      success_url: `http://shop.test/payment/success?token=${orderId}`,
    });
    // Stripe's back link leads through the server, which puts the items back into the cart (D291).
    const cancel = new URL(String(request.cancel_url));
    expect(cancel.pathname).toBe("/api/v2/payments/stripe/cancel/");
    expect(cancel.searchParams.get("next")).toBe(`http://shop.test/payment/cancel?token=${orderId}`);
    // Up to 250 € Stripe's page asks no address (§ 33 UStDV).
    expect(request.billing_address_collection).toBeUndefined();
    expect(stripe.idempotencyKeys.slice(before)).toEqual([`atelier-${shop?.id}-${orderId}-1-create`]);
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ gateway: "stripe", gatewayOrderId: sessionId, status: "created" });
  });

  it("refuses a Stripe payment without both return addresses, or to another origin, before reserving", async () => {
    const parent = await t.parentWithCourse(0);
    const missing = await t.fulfil(parent.headers, {
      payment_gateway: "stripe",
      success_url: "http://shop.test/ok",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_codes).toEqual({ cancel_url: ["required"] });
    const foreign = await t.fulfil(parent.headers, {
      payment_gateway: "stripe",
      success_url: "https://evil.example/ok",
      cancel_url: "http://shop.test/cart",
    });
    expect(foreign.statusCode).toBe(400);
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.items).toHaveLength(1);
  });

  it("tells the web Stripe is there", async () => {
    const config = (await t.call("GET", "/api/v2/payments/config/")).json();
    expect(config).toMatchObject({ gateway: "paypal", stripe: true });
  });
});

describe("completion by webhook", () => {
  it("records a paid session once, however often and in whatever order its events come", async () => {
    const { orderId, sessionId } = await atStripe();
    stripe.pay(sessionId);
    const event = completed(sessionId);
    expect((await post(event)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe("paid");
    // Stripe delivers again (same event), and a later event of the same session arrives too.
    expect((await post(event)).statusCode).toBe(200);
    expect((await post(completed(sessionId, "checkout.session.async_payment_succeeded"))).statusCode).toBe(
      200,
    );
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "captured",
      amountCents: (await orderRow(orderId))?.totalCheckoutCents,
    });
    expect(rows[0]?.captureId).toMatch(/^pi_/);
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it("refuses a forged, altered or stale event and stores nothing", async () => {
    const { orderId, sessionId } = await atStripe();
    stripe.pay(sessionId);
    const forged = stripe.event("checkout.session.completed", stripe.sessionObject(sessionId), {
      secret: "whsec_someone_else",
    });
    const genuine = completed(sessionId);
    const altered = { ...genuine, payload: genuine.payload.replace(sessionId, `${sessionId}x`) };
    const stale = stripe.event("checkout.session.completed", stripe.sessionObject(sessionId), {
      time: new Date(Date.now() - 10 * 60_000),
    });
    for (const event of [forged, altered, stale]) {
      const res = await post(event);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual({ non_field_errors: ["permission_denied"] });
    }
    expect((await post(genuine, "")).statusCode).toBe(400);
    for (const event of [forged, stale])
      expect(
        await t.db
          .select()
          .from(paymentEvents)
          .where(and(eq(paymentEvents.gateway, "stripe"), eq(paymentEvents.eventId, String(event.event.id)))),
      ).toEqual([]);
    expect((await orderRow(orderId))?.status).toBe("awaiting_payment");
  });

  it("meets the parent's return racing the webhook in one payment", async () => {
    const { parent, orderId, sessionId } = await atStripe();
    stripe.pay(sessionId);
    const [returned, hook] = await Promise.all([
      t.capture(parent.headers, String(orderId)),
      post(completed(sessionId)),
    ]);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().status).toBe("payment_fulfilled");
    expect(hook.statusCode).toBe(200);
    const rows = await paymentsOf(orderId);
    expect(rows.filter((row) => row.captureId !== null)).toHaveLength(1);
    expect(await invoicesOf(orderId)).toHaveLength(1);
  });

  it("holds the seats while SEPA processes, past the reservation, and declines when the debit fails", async () => {
    const paid = await atStripe();
    stripe.pay(paid.sessionId, "sepa_debit");
    expect((await post(completed(paid.sessionId))).statusCode).toBe(200);
    expect((await orderRow(paid.orderId))?.status).toBe("awaiting_payment");
    // The reservation runs out while the bank works: the worker asks Stripe and keeps the order.
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, paid.orderId));
    await t.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(payments.orderId, paid.orderId));
    await t.app.paymentWorker.runOnce();
    expect((await orderRow(paid.orderId))?.status).toBe("awaiting_payment");
    stripe.settle(paid.sessionId, true);
    expect(
      (await post(completed(paid.sessionId, "checkout.session.async_payment_succeeded"))).statusCode,
    ).toBe(200);
    expect((await orderRow(paid.orderId))?.status).toBe("paid");

    const failed = await atStripe();
    stripe.pay(failed.sessionId, "sepa_debit");
    expect((await post(completed(failed.sessionId))).statusCode).toBe(200);
    stripe.settle(failed.sessionId, false);
    expect(
      (await post(completed(failed.sessionId, "checkout.session.async_payment_failed"))).statusCode,
    ).toBe(200);
    expect((await orderRow(failed.orderId))?.status).not.toBe("paid");
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: failed.parent.headers })).json();
    expect(cart.items).toHaveLength(1);
  });

  it("records a refund made at Stripe once: the order is refunded and its seat freed", async () => {
    const { orderId, sessionId } = await atStripe();
    stripe.pay(sessionId);
    expect((await post(completed(sessionId))).statusCode).toBe(200);
    const charge = stripe.refundAtStripe(sessionId);
    const event = stripe.event("charge.refunded", charge);
    expect((await post(event)).statusCode).toBe(200);
    expect((await post(event)).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe("refunded");
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ status: "refunded", refundedCents: payment?.amountCents });
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, payment?.id ?? 0)),
    ).toHaveLength(1);
  });

  it("pays a withdrawal back through Stripe's Refunds API once, with the withdrawal's idempotency key", async () => {
    const { parent, orderId, sessionId } = await atStripe();
    stripe.pay(sessionId);
    expect((await post(completed(sessionId))).statusCode).toBe(200);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const keys = stripe.idempotencyKeys.length;
    const res = await t.call("POST", `/api/v2/orders/items/${item?.id}/withdraw/`, {
      headers: parent.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ refund_state: "completed" });
    const again = await t.call("POST", `/api/v2/orders/items/${item?.id}/withdraw/`, {
      headers: parent.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(stripe.calls.get("POST /v1/refunds")).toBe(1);
    expect(stripe.idempotencyKeys.slice(keys)).toHaveLength(1);
    const [payment] = await paymentsOf(orderId);
    const intent = stripe.sessions.get(sessionId)?.paymentIntent;
    expect(intent?.refunded).toBe(payment?.refundedCents);
    expect(payment?.refundedCents).toBeGreaterThan(0);
    // Stripe's charge.refunded for our own refund is known already: nothing is counted twice.
    expect((await post(stripe.event("charge.refunded", stripe.chargeObject(sessionId)))).statusCode).toBe(
      200,
    );
    expect((await paymentsOf(orderId))[0]?.refundedCents).toBe(payment?.refundedCents);
  });
});

let cards = 0;
/** A gift card worth `cents`, issued as staff issue one (its ledger's first row): its code. */
async function giftCardOf(cents: number): Promise<string> {
  cards += 1;
  const code = `ADDR-${String(Date.now()).slice(-4)}-BBBB-${String(cards).padStart(4, "0")}`;
  const [card] = await t.db
    .insert(giftCards)
    .values({
      code,
      initialCents: cents,
      balanceCents: cents,
      expiresAt: new Date(Date.now() + 86_400_000 * 365),
    })
    .returning();
  if (!card) throw new Error("no card");
  await t.db
    .insert(giftCardLedger)
    .values({ giftCardId: card.id, orderId: null, attempt: 0, kind: "issue", amountCents: cents });
  return code;
}

const parentWithAcademyWeek = () => t.parentWithAcademyWeek();

describe("an invoice over 250 € paid through the existing client, which has no address fields (issue 31 item 10, D290)", () => {
  it("Stripe's page asks for the billing address, and the invoice carries the one the parent typed there", async () => {
    const parent = await parentWithAcademyWeek();
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    const res = await redirectCall(parent.headers, cart.cart_id);
    expect(res.statusCode, res.body).toBe(200);
    const { id: sessionId, order_id: orderId } = res.json() as { id: string; order_id: number };
    expect(stripe.sessions.get(sessionId)?.request.billing_address_collection).toBe("required");

    stripe.pay(sessionId);
    expect((await post(completed(sessionId))).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe("paid");
    const [invoice] = await invoicesOf(orderId);
    expect(invoice?.data.totalCents).toBeGreaterThan(25_000);
    expect(invoice?.data.buyer).toMatchObject({
      first_name: "Eva",
      street: `${BUYER_ADDRESS.line1}, ${BUYER_ADDRESS.line2}`,
      post_code: BUYER_ADDRESS.postal_code,
      city: BUYER_ADDRESS.city,
      country: "Deutschland",
    });
  });
});

describe("an invoice over 250 € of which a gift card pays part (D554)", () => {
  it("still has Stripe's page ask for the address: the invoice's total is before the card", async () => {
    const parent = await parentWithAcademyWeek();
    const gross = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json()
      .total_checkout_price_cents as number;
    expect(gross).toBeGreaterThan(25_000);
    // A card that leaves 200 € to pay: below the threshold, while the invoice is over it.
    const cents = gross - 20_000;
    const code = await giftCardOf(cents);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: code },
    });
    expect(set.statusCode, set.body).toBe(200);
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.total_checkout_price_cents).toBe(20_000);
    const res = await redirectCall(parent.headers, cart.cart_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.sessions.get(res.json().id)?.request.billing_address_collection).toBe("required");
  });
});

describe("an invoice over 250 € that a gift card pays whole (D554)", () => {
  it("needs the address before the order is placed: no gateway will ask for it", async () => {
    const parent = await parentWithAcademyWeek();
    const gross = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json()
      .total_checkout_price_cents as number;
    const code = await giftCardOf(gross);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: code },
    });
    expect(set.statusCode, set.body).toBe(200);
    const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
    expect(cart.total_checkout_price_cents).toBe(0);
    const res = await redirectCall(parent.headers, cart.cart_id);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error_codes).toMatchObject({ "billing.street": ["billing_address_required"] });
  });
});

describe("turning back on Stripe's page (issue 31 item 13, D291)", () => {
  it("the back link closes the session and the existing client's next cart read shows the items again", async () => {
    const { parent, orderId, sessionId, cart } = await atStripe();
    const staged = await t.call("GET", "/api/v2/orders/current/", {
      headers: parent.headers,
      query: { cart_id: cart.cart_id },
    });
    expect(staged.json().items).toHaveLength(0);

    // The browser follows Stripe's back link: ours, then the front end's own cancel_url.
    const back = new URL(String(stripe.sessions.get(sessionId)?.request.cancel_url));
    const res = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://shop.test/payment/cancel?token=${orderId}`);
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");

    // The client only reloads: GET O/current/?cart_id= as before shows the items, editable.
    const again = await t.call("GET", "/api/v2/orders/current/", {
      headers: parent.headers,
      query: { cart_id: cart.cart_id },
    });
    expect(again.json().status).toBe("in_cart");
    expect(again.json().items).toHaveLength(1);
    expect((await paymentsOf(orderId))[0]?.status).toBe("failed");
    // The next fulfil opens a new session for the same items.
    const retry = await redirectCall(parent.headers, again.json().cart_id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().id).not.toBe(sessionId);
  });

  it("a forged or altered back link is a 404 and changes nothing", async () => {
    const { orderId, sessionId } = await atStripe();
    const back = new URL(String(stripe.sessions.get(sessionId)?.request.cancel_url));
    back.searchParams.set("next", "https://evil.example/");
    const res = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(res.statusCode).toBe(404);
    expect((await orderRow(orderId))?.status).toBe("awaiting_payment");
    expect(stripe.sessions.get(sessionId)?.status).toBe("open");
  });

  it("a tab closed on Stripe's page: when the reservation runs out the session is closed and the items go back (D631)", async () => {
    const { parent, orderId, sessionId, cart } = await atStripe();
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    expect((await t.app.paymentWorker.runOnce()).expired).toBe(1);
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");
    const again = await t.call("GET", "/api/v2/orders/current/", {
      headers: parent.headers,
      query: { cart_id: cart.cart_id },
    });
    expect(again.json().status).toBe("in_cart");
    expect(again.json().items).toHaveLength(1);
    expect((await paymentsOf(orderId))[0]?.status).toBe("failed");
  });

  it("a payment link's session stays open past its hold: its order expires and may still be paid (D51)", async () => {
    const linked = await t.bookedByStaff(2, undefined, {
      payment_gateway: "stripe",
      success_url: "http://shop.test/payment/success",
      cancel_url: "http://shop.test/payment/cancel",
    });
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, linked.order_id));
    await t.app.paymentWorker.runOnce();
    expect(stripe.sessions.get(linked.id)?.status).toBe("open");
    expect((await orderRow(linked.order_id))?.status).toBe("expired");
  });

  it("a session paid just as its reservation runs out is kept, not closed", async () => {
    const { orderId, sessionId } = await atStripe(1);
    stripe.pay(sessionId);
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await t.app.paymentWorker.runOnce();
    expect(stripe.sessions.get(sessionId)?.status).toBe("complete");
    expect((await orderRow(orderId))?.status).toBe("paid");
  });

  it("a session paid meanwhile (another tab) stays paid: the back link only goes on", async () => {
    const { orderId, sessionId } = await atStripe();
    stripe.pay(sessionId);
    const back = new URL(String(stripe.sessions.get(sessionId)?.request.cancel_url));
    const res = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(res.statusCode).toBe(303);
    expect((await orderRow(orderId))?.status).toBe("awaiting_payment");
    expect((await post(completed(sessionId))).statusCode).toBe(200);
    expect((await orderRow(orderId))?.status).toBe("paid");
  });
});
