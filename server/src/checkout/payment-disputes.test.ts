import { randomUUID } from "node:crypto";
import { AdminOrderSchema } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  orderItems,
  paymentDisputes,
  paymentEvents,
  payments,
  withdrawals,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { type PayPalStandIn, startPayPalStandIn } from "../test/paypal-stand-in.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import {
  type SignedStripeEvent,
  type StripeStandIn,
  startStripeStandIn,
  stripeEnv,
} from "../test/stripe-stand-in.ts";

/**
 * A captured payment the family's bank or PayPal takes back: a Stripe dispute, a PayPal dispute, a PayPal
 * capture reversed. The signed event is recorded once against the order's payment and audited; the order
 * needs attention in the back office with words for staff in German and Russian until the case is won or
 * staff decide on a lost one; what was lost no longer counts as received. Nothing is cancelled by itself.
 */

let stripe: StripeStandIn;
let paypal: PayPalStandIn;
let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  [stripe, paypal] = await Promise.all([startStripeStandIn(), startPayPalStandIn()]);
  t = await createCheckoutTestApp({ standIn: paypal, env: stripeEnv(stripe) });
  staff = await createStaff(t.db);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([stripe?.close(), paypal?.close()]);
});

const postStripe = (event: SignedStripeEvent) =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/payments/stripe/webhook/",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    payload: event.payload,
  });

const postPayPal = (event: ReturnType<PayPalStandIn["webhookEvent"]>) =>
  t.call("POST", "/api/v2/payments/paypal/webhook/", { headers: event.headers, body: event.payload });

const show = async (orderId: number, locale: "de" | "ru" = "de") => {
  const res = await t.call("GET", `/api/v2/admin/orders/${orderId}/`, {
    headers: staff.headers,
    query: { locale },
  });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderSchema.parse(res.json());
};

/** The ids of the orders the back office lists under "needs attention". */
const needingAttention = async () => {
  const res = await t.call("GET", "/api/v2/admin/orders/", {
    headers: staff.headers,
    query: { filter: JSON.stringify({ payment_state: "needs_attention" }), range: "[0,99]" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((row) => row.id);
};

/** The row of the order's list under a filter by its own id. */
const rowOf = async (orderId: number) => {
  const res = await t.call("GET", "/api/v2/admin/orders/", {
    headers: staff.headers,
    query: { filter: JSON.stringify({ id: [orderId] }) },
  });
  return (res.json() as { id: number; payment_state: string; refunded_cents: number }[])[0];
};

const disputesOf = async (orderId: number) =>
  t.db
    .select({ dispute: paymentDisputes })
    .from(paymentDisputes)
    .innerJoin(payments, eq(payments.id, paymentDisputes.paymentId))
    .where(eq(payments.orderId, orderId))
    .then((rows) => rows.map((row) => row.dispute));

const auditOf = (disputeId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, "payment_disputes"), eq(auditLog.recordId, disputeId)));

const markHandled = (orderId: number, body: Record<string, unknown>, locale: "de" | "ru" = "de") =>
  t.call("POST", `/api/v2/admin/orders/${orderId}/disputes/handled/`, {
    headers: staff.headers,
    body,
    query: { locale },
  });

/** A course paid by card at Stripe: the order and the session. */
async function paidByCard(slot: number) {
  const parent = await t.parentWithCourse(slot);
  const cart = (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json();
  const query = new URLSearchParams({
    payment_gateway: "stripe",
    success_url: "http://shop.test/payment/success",
    cancel_url: "http://shop.test/payment/cancel",
    cart_id: cart.cart_id,
  });
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v2/orders/fulfill/?${query}`,
    headers: parent.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id: sessionId, order_id: orderId } = res.json() as { id: string; order_id: number };
  stripe.pay(sessionId);
  const completed = await postStripe(
    stripe.event("checkout.session.completed", stripe.sessionObject(sessionId)),
  );
  expect(completed.statusCode).toBe(200);
  return { orderId, sessionId };
}

/** A course paid through PayPal: the order and PayPal's order id. */
async function paidByPayPal(slot: number) {
  const parent = await t.parentWithCourse(slot);
  const res = await t.fulfil(parent.headers);
  expect(res.statusCode, res.body).toBe(200);
  const { id, order_id: orderId } = res.json() as { id: string; order_id: number };
  paypal.approve(id);
  expect((await t.capture(parent.headers, id)).json().status).toBe("payment_fulfilled");
  return { orderId, paypalOrderId: id };
}

describe("a card payment disputed at Stripe", () => {
  it("is recorded once when Stripe sends the event twice, needs attention in German and Russian, and a won dispute clears it", async () => {
    const { orderId, sessionId } = await paidByCard(0);
    const opened = stripe.event("charge.dispute.created", stripe.dispute(sessionId, "needs_response"));
    expect((await postStripe(opened)).statusCode).toBe(200);
    expect((await postStripe(opened)).statusCode).toBe(200);
    // Stripe also says the money left the balance: the same case, nothing new.
    const withdrawn = stripe.event(
      "charge.dispute.funds_withdrawn",
      stripe.dispute(sessionId, "needs_response"),
    );
    expect((await postStripe(withdrawn)).statusCode).toBe(200);

    const [dispute, ...more] = await disputesOf(orderId);
    expect(more).toEqual([]);
    expect(dispute).toMatchObject({
      gateway: "stripe",
      kind: "dispute",
      state: "open",
      reason: "fraudulent",
    });
    expect(await auditOf(dispute?.id ?? 0)).toHaveLength(1);
    expect((await auditOf(dispute?.id ?? 0))[0]).toMatchObject({
      userEmail: "Stripe (webhook)",
      action: "create",
    });
    expect(await needingAttention()).toContain(orderId);
    expect((await rowOf(orderId))?.payment_state).toBe("needs_attention");

    const de = await show(orderId, "de");
    expect(de.payment_state).toBe("needs_attention");
    expect(de.disputes).toHaveLength(1);
    expect(de.disputes[0]).toMatchObject({ state: "open", needs_attention: true, taken_cents: 0 });
    expect(de.disputes[0]?.notice).toContain("angefochten");
    expect(de.disputes[0]?.notice).toContain("Stripe-Dashboard");
    const ru = await show(orderId, "ru");
    expect(ru.disputes[0]?.notice).toContain("оспорил");
    expect(ru.disputes[0]?.notice).toContain("панели Stripe");

    const won = stripe.event("charge.dispute.closed", stripe.dispute(sessionId, "won"));
    expect((await postStripe(won)).statusCode).toBe(200);
    expect(await needingAttention()).not.toContain(orderId);
    const after = await show(orderId, "de");
    expect(after.payment_state).toBe("paid");
    expect(after.disputes[0]).toMatchObject({ state: "won", needs_attention: false, taken_cents: 0 });
    expect(after.disputes[0]?.notice).toContain("zugunsten der Schule");
    // Nothing was cancelled: the seats stay the family's.
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.every((item) => item.status !== "cancelled")).toBe(true);
  });

  it("lost: the money no longer counts as received, and the order needs attention until staff mark it decided", async () => {
    const { orderId, sessionId } = await paidByCard(1);
    const paid = (await show(orderId)).total_cents;
    expect(
      (await postStripe(stripe.event("charge.dispute.created", stripe.dispute(sessionId, "needs_response"))))
        .statusCode,
    ).toBe(200);
    const lost = stripe.event("charge.dispute.closed", stripe.dispute(sessionId, "lost"));
    expect((await postStripe(lost)).statusCode).toBe(200);
    expect((await postStripe(lost)).statusCode).toBe(200);
    // A late `updated` of the open dispute, delivered after it closed, does not open it again.
    const late = stripe.event("charge.dispute.updated", stripe.dispute(sessionId, "under_review"));
    expect((await postStripe(late)).statusCode).toBe(200);

    const [dispute] = await disputesOf(orderId);
    expect(dispute).toMatchObject({ state: "lost", takenCents: paid, amountCents: paid });
    expect(await auditOf(dispute?.id ?? 0)).toHaveLength(2);
    expect(await needingAttention()).toContain(orderId);
    const order = await show(orderId, "ru");
    expect(order.disputes[0]?.notice).toContain("Спор проигран");
    // Nothing is left to refund through Stripe: the bank took it.
    expect(order.items.every((item) => item.refundable_cents === 0)).toBe(true);

    // An open case cannot be marked; a wrong id is a clear 400.
    expect((await markHandled(orderId, { dispute: 2_000_000, note: "x" })).json()).toMatchObject({
      error_codes: { dispute: ["invalid_choice"] },
    });
    const noNote = await markHandled(orderId, { dispute: dispute?.id, note: " " });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error_codes).toEqual({ note: ["required"] });

    const marked = await markHandled(orderId, { dispute: dispute?.id, note: "Familie zahlt bar nach" }, "ru");
    expect(marked.statusCode, marked.body).toBe(200);
    const handled = AdminOrderSchema.parse(marked.json());
    expect(handled.disputes[0]).toMatchObject({ needs_attention: false });
    expect(handled.disputes[0]?.notice).toContain("решённый");
    expect(await needingAttention()).not.toContain(orderId);
    // What the bank took back is given back: the order reads as refunded, and counts it so in its row.
    expect(await rowOf(orderId)).toMatchObject({ payment_state: "refunded", refunded_cents: paid });
    const audit = await auditOf(dispute?.id ?? 0);
    expect(audit).toHaveLength(3);
    expect(audit.at(-1)).toMatchObject({ userId: staff.id, action: "update" });
    // A repeat changes nothing and writes nothing.
    expect((await markHandled(orderId, { dispute: dispute?.id, note: "noch einmal" })).statusCode).toBe(200);
    expect(await auditOf(dispute?.id ?? 0)).toHaveLength(3);
  });

  it("answers 2xx to a dispute of a payment the shop does not know and keeps it for staff as unmatched", async () => {
    const { sessionId } = await paidByCard(0);
    const object = {
      ...stripe.dispute(sessionId, "needs_response"),
      id: "du_not_ours",
      payment_intent: "pi_not_ours",
    };
    const event = stripe.event("charge.dispute.created", object);
    expect((await postStripe(event)).statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, String(event.event.id)));
    expect(stored).toMatchObject({ unmatched: true });
    expect(stored?.processedAt).not.toBeNull();
    // A forged one is refused and not stored.
    const forged = stripe.event("charge.dispute.created", object, { secret: "whsec_forged" });
    expect((await postStripe(forged)).statusCode).toBe(400);
  });
});

describe("a PayPal payment disputed or reversed", () => {
  it("is recorded once when PayPal sends the dispute twice, and a dispute resolved for the school clears it", async () => {
    const { orderId, paypalOrderId } = await paidByPayPal(1);
    const opened = paypal.webhookEvent(
      "CUSTOMER.DISPUTE.CREATED",
      paypal.disputeResource(paypalOrderId, "OPEN"),
    );
    expect((await postPayPal(opened)).statusCode).toBe(200);
    expect((await postPayPal(opened)).statusCode).toBe(200);
    // The same case in another event (PayPal's own id differs): the dispute's id keeps it one case.
    const again = paypal.webhookEvent(
      "CUSTOMER.DISPUTE.UPDATED",
      paypal.disputeResource(paypalOrderId, "OPEN"),
    );
    expect(again.payload.id).not.toBe(opened.payload.id);
    expect((await postPayPal(again)).statusCode).toBe(200);
    const [dispute, ...more] = await disputesOf(orderId);
    expect(more).toEqual([]);
    expect(dispute).toMatchObject({
      gateway: "paypal",
      state: "open",
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
    });
    expect(await auditOf(dispute?.id ?? 0)).toHaveLength(1);
    expect(await needingAttention()).toContain(orderId);
    expect((await show(orderId, "de")).disputes[0]?.notice).toContain("PayPal-Konfliktlösungszentrum");
    expect((await show(orderId, "ru")).disputes[0]?.notice).toContain("центре разрешения споров PayPal");

    const resolved = paypal.webhookEvent(
      "CUSTOMER.DISPUTE.RESOLVED",
      paypal.disputeResource(paypalOrderId, "RESOLVED", "RESOLVED_SELLER_FAVOUR"),
    );
    expect((await postPayPal(resolved)).statusCode).toBe(200);
    expect(await needingAttention()).not.toContain(orderId);
    expect((await show(orderId)).disputes[0]).toMatchObject({ state: "won", needs_attention: false });
  });

  it("a capture reversed: recorded once, the money no longer received, and the order needs attention", async () => {
    const { orderId, paypalOrderId } = await paidByPayPal(0);
    const paid = (await show(orderId)).total_cents;
    const resource = paypal.reversalResource(paypalOrderId);
    const reversed = paypal.webhookEvent("PAYMENT.CAPTURE.REVERSED", resource);
    expect((await postPayPal(reversed)).statusCode).toBe(200);
    expect((await postPayPal(reversed)).statusCode).toBe(200);
    // The same reversal in another event: recorded once by the reversal's own id.
    const again = paypal.webhookEvent("PAYMENT.CAPTURE.REVERSED", resource);
    expect(again.payload.id).not.toBe(reversed.payload.id);
    expect((await postPayPal(again)).statusCode).toBe(200);
    const [dispute, ...more] = await disputesOf(orderId);
    expect(more).toEqual([]);
    expect(dispute).toMatchObject({ kind: "reversal", state: "lost", takenCents: paid });
    expect(await needingAttention()).toContain(orderId);
    const order = await show(orderId, "de");
    expect(order.disputes[0]?.notice).toContain("PayPal hat diese Zahlung zurückgebucht");
    expect(order.items.every((item) => item.refundable_cents === 0)).toBe(true);
    // Only a lost case can be marked decided; this one can.
    expect((await markHandled(orderId, { dispute: dispute?.id, note: "Plätze storniert" })).statusCode).toBe(
      200,
    );
    expect(await rowOf(orderId)).toMatchObject({ payment_state: "refunded", refunded_cents: paid });
  });

  it("a dispute PayPal resolved by paying the buyer itself leaves the school's money and needs no one; a late `created` after it changes nothing", async () => {
    const { orderId, paypalOrderId } = await paidByPayPal(0);
    const resolved = paypal.webhookEvent(
      "CUSTOMER.DISPUTE.RESOLVED",
      paypal.disputeResource(paypalOrderId, "RESOLVED", "RESOLVED_WITH_PAYOUT"),
    );
    expect((await postPayPal(resolved)).statusCode).toBe(200);
    const late = paypal.webhookEvent(
      "CUSTOMER.DISPUTE.CREATED",
      paypal.disputeResource(paypalOrderId, "OPEN"),
    );
    expect((await postPayPal(late)).statusCode).toBe(200);
    const [dispute, ...more] = await disputesOf(orderId);
    expect(more).toEqual([]);
    expect(dispute).toMatchObject({ state: "won", takenCents: 0 });
    expect(await needingAttention()).not.toContain(orderId);
    expect((await show(orderId)).payment_state).toBe("paid");
  });

  it("refuses to mark an open dispute decided, with a clear message", async () => {
    const { orderId, paypalOrderId } = await paidByPayPal(1);
    const opened = paypal.webhookEvent(
      "CUSTOMER.DISPUTE.CREATED",
      paypal.disputeResource(paypalOrderId, "OPEN"),
    );
    expect((await postPayPal(opened)).statusCode).toBe(200);
    const [dispute] = await disputesOf(orderId);
    const res = await markHandled(orderId, { dispute: dispute?.id, note: "erledigt" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ non_field_errors: ["dispute_not_lost"] });
    expect(res.json().non_field_errors[0]).toContain("verlorener Streitfall");
    expect(await needingAttention()).toContain(orderId);
  });
});

describe("a refund after the bank or PayPal took the money back", () => {
  it("a staff refund after a lost Stripe dispute is refused: the payment holds nothing for Stripe to send", async () => {
    const { orderId, sessionId } = await paidByCard(0);
    const lost = stripe.event("charge.dispute.closed", stripe.dispute(sessionId, "lost"));
    expect((await postStripe(lost)).statusCode).toBe(200);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const res = await t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: item?.id,
        amount_cents: 1_000,
        cancel_item: false,
        reason: "Kulanz",
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error_codes).toEqual({ amount_cents: ["refund_too_much"] });
    expect((await show(orderId)).refunds).toEqual([]);
  });

  it("a parent's withdrawal after a partial reversal is shown and recorded without the reversed money", async () => {
    const c = await t.paidCourseNotToday();
    const view = async () => {
      const res = await t.call("GET", `/api/v2/orders/items/${c.itemId}/withdrawal/`, { headers: c.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { can_withdraw: boolean; refund_cents: number };
    };
    const before = await view();
    expect(before.can_withdraw).toBe(true);
    expect(before.refund_cents).toBeGreaterThan(1_000);
    const reversed = paypal.webhookEvent(
      "PAYMENT.CAPTURE.REVERSED",
      paypal.reversalResource(c.gatewayOrderId, 1_000),
    );
    expect((await postPayPal(reversed)).statusCode).toBe(200);
    expect((await view()).refund_cents).toBe(before.refund_cents - 1_000);
    const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
      headers: c.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, c.itemId));
    expect(row).toMatchObject({ gatewayCents: before.refund_cents - 1_000 });
    await t.app.paymentWorker.runOnce();
    const [after] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, c.itemId));
    expect(after?.refundState).not.toBe("failed");
  });
});

describe("what PayPal took back is counted once, never more than was paid", () => {
  it("two reversals of one capture and the reversal reported again as a refund count no more than the payment", async () => {
    const { orderId, paypalOrderId } = await paidByPayPal(0);
    const paid = (await show(orderId)).total_cents;
    const first = paypal.reversalResource(paypalOrderId, paid);
    expect((await postPayPal(paypal.webhookEvent("PAYMENT.CAPTURE.REVERSED", first))).statusCode).toBe(200);
    // A second reversal report of the whole capture under another id takes nothing the payment still holds.
    const second = paypal.reversalResource(paypalOrderId, paid);
    expect((await postPayPal(paypal.webhookEvent("PAYMENT.CAPTURE.REVERSED", second))).statusCode).toBe(200);
    // Should PayPal report the reversal as a refund too, it is the same money.
    expect((await postPayPal(paypal.webhookEvent("PAYMENT.CAPTURE.REFUNDED", first))).statusCode).toBe(200);
    const rows = await disputesOf(orderId);
    expect(rows.reduce((sum, d) => sum + d.takenCents, 0)).toBe(paid);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.refundedCents).toBe(0);
    expect(await rowOf(orderId)).toMatchObject({ refunded_cents: paid });
  });

  it("a reversal of money PayPal already refunded takes nothing more", async () => {
    const { orderId, paypalOrderId } = await paidByPayPal(1);
    const paid = (await show(orderId)).total_cents;
    const refunded = paypal.reversalResource(paypalOrderId, 1_000);
    expect((await postPayPal(paypal.webhookEvent("PAYMENT.CAPTURE.REFUNDED", refunded))).statusCode).toBe(
      200,
    );
    const reversed = paypal.reversalResource(paypalOrderId, paid);
    expect((await postPayPal(paypal.webhookEvent("PAYMENT.CAPTURE.REVERSED", reversed))).statusCode).toBe(
      200,
    );
    const [dispute] = await disputesOf(orderId);
    expect(dispute).toMatchObject({ kind: "reversal", state: "lost", takenCents: paid - 1_000 });
    expect(await rowOf(orderId)).toMatchObject({ refunded_cents: paid });
  });
});

describe("a PayPal reversal that comes before its capture is recorded", () => {
  it("is shown to staff as unmatched at first, then recorded against the payment once the capture is", async () => {
    const parent = await t.parentWithCourse(2);
    const { id, order_id: orderId } = (await t.fulfil(parent.headers)).json() as {
      id: string;
      order_id: number;
    };
    paypal.captureBehindOurBack(id);
    const completed = paypal.webhookEvent("PAYMENT.CAPTURE.COMPLETED", paypal.captureResource(id));
    const reversed = paypal.webhookEvent("PAYMENT.CAPTURE.REVERSED", paypal.reversalResource(id));
    expect((await postPayPal(reversed)).statusCode).toBe(200);
    const stored = () =>
      t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, String(reversed.payload.id)))
        .then((rows) => rows[0]);
    expect(await stored()).toMatchObject({ unmatched: true });
    expect(await disputesOf(orderId)).toEqual([]);

    expect((await postPayPal(completed)).statusCode).toBe(200);
    const [dispute, ...more] = await disputesOf(orderId);
    expect(more).toEqual([]);
    expect(dispute).toMatchObject({ kind: "reversal", state: "lost" });
    expect(dispute?.takenCents).toBeGreaterThan(0);
    expect(await stored()).toMatchObject({ unmatched: false });
    expect(await needingAttention()).toContain(orderId);
  });
});
