import { randomUUID } from "node:crypto";
import { AdminOrderSchema } from "@atelier/contract";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, orderItems, paymentIssues, payments, refunds, withdrawals } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import {
  type SignedStripeEvent,
  type StripeStandIn,
  startStripeStandIn,
  stripeEnv,
} from "../test/stripe-stand-in.ts";

/**
 * A refund Stripe accepted and that failed later at the card's bank (D566): the money is the school's
 * again, not the family's. The shop stops counting it, and the refund that sent it waits for staff again.
 */

let stripe: StripeStandIn;
let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createCheckoutTestApp({
    env: stripeEnv(stripe),
  });
  staff = await createStaff(t.db);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const post = (event: SignedStripeEvent) =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/payments/stripe/webhook/",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    payload: event.payload,
  });

/** Euros as the German mails write them. */
const euro = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;

const paymentOf = async (orderId: number) => {
  const [row] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!row) throw new Error("no payment");
  return row;
};

/** A course paid by card at Stripe: the order, its item, the session and its payment intent. */
async function paidByCard() {
  const parent = await t.parentWithCourse(0);
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
  const intent = stripe.pay(sessionId);
  expect(
    (await post(stripe.event("checkout.session.completed", stripe.sessionObject(sessionId)))).statusCode,
  ).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!item) throw new Error("no item");
  return { parent, orderId, itemId: item.id, sessionId, intent };
}

/** The newest refund Stripe holds for the intent fails at the bank, and Stripe says so by `type`. */
async function lastRefundFails(
  intent: { refunds: Record<string, unknown>[] },
  type = "refund.failed",
  reason?: string,
) {
  const accepted = intent.refunds.at(-1);
  const failed = stripe.failRefund(String(accepted?.id), reason);
  const event = stripe.event(type, failed);
  expect((await post(event)).statusCode).toBe(200);
  return { event, refundId: String(accepted?.id) };
}

/**
 * A course paid by card and withdrawn from, its refund waiting for the customer's action at Stripe
 * (`requires_action`, as a bank transfer's refund waits for their account): sent and counted.
 */
async function withdrawnWaitingForCustomer() {
  const c = await paidByCard();
  stripe.refundsNeedAction(c.sessionId);
  const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
    headers: c.parent.headers,
  });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  const sent = (await paymentOf(c.orderId)).refundedCents;
  expect(sent).toBeGreaterThan(0);
  return { c, sent, refundId: String(c.intent.refunds.at(-1)?.id) };
}

/** The family's mails that a refund of the order did not reach them (D578), by the order's number. */
const refundFailedMails = (orderId: number) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, "refund-failed"), like(mailOutbox.subject, `%Nr. ${orderId} %`)));

const show = async (orderId: number) => {
  const res = await t.call("GET", `/api/v2/admin/orders/${orderId}/`, { headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderSchema.parse(res.json());
};

const settle = (orderId: number, body: Record<string, unknown>) =>
  t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/settle/`, { headers: staff.headers, body });

describe("a refund Stripe accepted that failed later (D566)", () => {
  it("puts a withdrawal's refund back to staff, and their new try asks Stripe under a key of its own", async () => {
    const c = await paidByCard();
    const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
      headers: c.parent.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().withdrawal).toMatchObject({ refund_state: "completed" });
    const paid = await paymentOf(c.orderId);
    const sent = paid.refundedCents;
    expect(sent).toBeGreaterThan(0);

    const { event, refundId } = await lastRefundFails(c.intent);
    // Stripe delivers an event again, and sends others about the same refund: they change nothing more.
    expect((await post(event)).statusCode).toBe(200);
    expect(
      (await post(stripe.event("charge.refund.updated", c.intent.refunds.at(-1) ?? {}))).statusCode,
    ).toBe(200);

    const payment = await paymentOf(c.orderId);
    expect(payment.refundedCents).toBe(paid.refundedCents - sent);
    expect(payment.refundedCents).toBe(c.intent.refunded);
    const [recorded] = await t.db.select().from(refunds).where(eq(refunds.gatewayRefundId, refundId));
    expect(recorded?.status).toBe("FAILED");
    const order = await show(c.orderId);
    expect(order.payment_state).toBe("needs_attention");
    const refund = order.refunds.find((row) => row.source === "withdrawal");
    expect(refund).toMatchObject({ state: "failed", gateway_unreachable: false, failed_at_bank: true });
    expect(refund?.last_error).toContain("the card has expired or was cancelled");
    // The family is told once, though Stripe told the shop three times (D578).
    const told = await refundFailedMails(c.orderId);
    expect(told.map((mail) => mail.locale)).toEqual(["de"]);
    expect(told[0]?.text).toContain(
      `die Erstattung von ${euro(sent)} zu Ihrer Bestellung Nr. ${c.orderId} hat Ihre Bank`,
    );
    // It names the booking as the withdrawal's confirmation did: the offer with its option and the child.
    const [confirmation] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, "withdrawal-confirmation"), like(mailOutbox.subject, `%${c.orderId}%`)),
      );
    const booking = confirmation?.text.match(/^Buchung: .+ – .+ \(.+\)$/m)?.[0];
    expect(booking).toBeDefined();
    expect(told[0]?.text.split("\n")).toContain(booking);

    // Stripe would answer the withdrawal's first key with the refund that failed: the new try has its own.
    const keys = stripe.idempotencyKeys.length;
    const retried = await settle(c.orderId, { source: "withdrawal", refund: refund?.id, action: "retry" });
    expect(retried.statusCode, retried.body).toBe(200);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, c.itemId));
    expect(stripe.idempotencyKeys.slice(keys)).toEqual([`atelier-withdrawal-${row?.id}-retry-1`]);
    expect(
      AdminOrderSchema.parse(retried.json()).refunds.find((r) => r.source === "withdrawal"),
    ).toMatchObject({
      state: "completed",
      failed_at_bank: false,
    });
    expect((await paymentOf(c.orderId)).refundedCents).toBe(paid.refundedCents);
    expect(c.intent.refunded).toBe(paid.refundedCents);
    // Staff's new try, refused at the bank again: the family waits for the school's call already.
    await lastRefundFails(c.intent);
    expect(await refundFailedMails(c.orderId)).toHaveLength(1);
  });

  it("lets staff mark a staff refund that failed later as paid back another way, and counts it no more", async () => {
    const c = await paidByCard();
    const staffRefund = async (cents: number) => {
      const res = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/`, {
        headers: staff.headers,
        body: {
          request_id: randomUUID(),
          item: c.itemId,
          amount_cents: cents,
          cancel_item: false,
          reason: "Kulanz",
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await staffRefund(1_000);
    const failing = c.intent.refunds.at(-1);
    await staffRefund(500);
    expect((await paymentOf(c.orderId)).refundedCents).toBe(1_500);

    // The first of the two fails; every event about it takes its 10 € off once, the 5 € stay counted.
    const failed = stripe.failRefund(String(failing?.id));
    for (const type of ["charge.refund.updated", "refund.failed", "refund.updated"])
      expect((await post(stripe.event(type, failed))).statusCode).toBe(200);
    expect((await paymentOf(c.orderId)).refundedCents).toBe(500);
    expect(c.intent.refunded).toBe(500);
    const shown = (await show(c.orderId)).refunds.filter((row) => row.source === "staff");
    expect(shown.map((row) => [row.amount_cents, row.state, row.failed_at_bank])).toEqual([
      [1_000, "failed", true],
      [500, "completed", false],
    ]);
    expect(shown[0]?.last_error).toContain("the card has expired or was cancelled");
    const told = await refundFailedMails(c.orderId);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`die Erstattung von ${euro(1_000)} zu Ihrer Bestellung`);

    const settled = await settle(c.orderId, {
      source: "staff",
      refund: shown[0]?.id,
      action: "refunded_elsewhere",
      note: "Per Überweisung am 7.12. erstattet",
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const order = AdminOrderSchema.parse(settled.json());
    expect(order.payment_state).not.toBe("needs_attention");
    expect(order.refunds.find((row) => row.id === shown[0]?.id)).toMatchObject({
      state: "completed",
      settled_by_hand: "elsewhere",
    });
    expect((await paymentOf(c.orderId)).refundedCents).toBe(500);
  });

  it("reopens the payment worker's refund of a payment the shop could not keep, for the dashboard's new try", async () => {
    const c = await paidByCard();
    const payment = await paymentOf(c.orderId);
    // A payment the shop could not keep (D90): refunded whole by the payment worker.
    await t.db.update(payments).set({ refundDue: true }).where(eq(payments.id, payment.id));
    await t.db
      .insert(paymentIssues)
      .values({ paymentId: payment.id, reason: "seats_gone", state: "refund_pending" });
    await t.app.paymentWorker.runOnce();
    expect(await paymentOf(c.orderId)).toMatchObject({ status: "refunded", refundDue: false });

    await lastRefundFails(c.intent);
    expect(await paymentOf(c.orderId)).toMatchObject({
      status: "captured",
      refundedCents: 0,
      refundDue: true,
    });
    const [issue] = await t.db.select().from(paymentIssues).where(eq(paymentIssues.paymentId, payment.id));
    expect(issue).toMatchObject({ state: "refund_failed", resolvedAt: null });
    expect(issue?.lastError).toContain("the card has expired or was cancelled");
    // The family had been told the money was coming back (the refund notice): now that it did not.
    const told = await refundFailedMails(c.orderId);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`die Erstattung von ${euro(payment.amountCents)} zu Ihrer Bestellung`);
    const dashboard = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
    expect((dashboard.json().payment_issues as { payment: number }[]).map((row) => row.payment)).toContain(
      payment.id,
    );
    // Not tried again by itself: the bank would refuse the same card again.
    const keys = stripe.idempotencyKeys.length;
    await t.app.paymentWorker.runOnce();
    expect(stripe.idempotencyKeys.length).toBe(keys);

    // Staff's first new try is refused: the family, told once for this payment, hears nothing more (D582).
    stripe.failNext("POST /v1/refunds", 400);
    const refused = await t.call("POST", `/api/v2/admin/payment-issues/${payment.id}/retry/`, {
      headers: staff.headers,
    });
    expect(refused.json()).toMatchObject({ state: "refund_failed" });
    expect(await refundFailedMails(c.orderId)).toHaveLength(1);
    const notices = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, "refund-notice"), like(mailOutbox.subject, `%Nr. ${c.orderId}:%`)));
    expect(notices.filter((mail) => mail.text.includes("konnten wir leider nicht"))).toEqual([]);

    const retried = await t.call("POST", `/api/v2/admin/payment-issues/${payment.id}/retry/`, {
      headers: staff.headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.paymentWorker.runOnce();
    expect(stripe.idempotencyKeys.slice(keys).at(-1)).toMatch(/-retry-2$/);
    expect(await paymentOf(c.orderId)).toMatchObject({
      status: "refunded",
      refundedCents: payment.amountCents,
    });
    expect(c.intent.refunded).toBe(payment.amountCents);
  });

  it("keeps a dashboard refund that failed before the shop counted it as failed, and never counts it", async () => {
    const c = await paidByCard();
    stripe.refundAtStripe(c.sessionId, 500);
    await lastRefundFails(c.intent);
    // Stripe's report of the charge's refunds comes after: the failed one gave nothing back.
    expect((await post(stripe.event("charge.refunded", stripe.chargeObject(c.sessionId)))).statusCode).toBe(
      200,
    );
    const [recorded] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.gatewayRefundId, String(c.intent.refunds.at(-1)?.id)));
    expect(recorded?.status).toBe("FAILED");
    expect(await paymentOf(c.orderId)).toMatchObject({ status: "captured", refundedCents: 0 });
  });
  it("records a try answered with a refund the bank refused meanwhile as failed, not paid back", async () => {
    const c = await paidByCard();
    // Stripe makes the refund, but its answer is lost on the way, also on the client's own retries.
    stripe.loseNext("POST /v1/refunds", 3);
    const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
      headers: c.parent.headers,
    });
    stripe.loseNext("POST /v1/refunds", 0);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().withdrawal).toMatchObject({ refund_state: "pending" });
    expect(c.intent.refunds).toHaveLength(1);
    expect((await paymentOf(c.orderId)).refundedCents).toBe(0);

    // The bank refuses it before the shop's next try, which Stripe answers with that refund as first made.
    await lastRefundFails(c.intent);
    await t.app.paymentWorker.runOnce();
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, c.itemId));
    expect(row).toMatchObject({ refundState: "failed" });
    expect(c.intent.refunds).toHaveLength(1);
    expect((await paymentOf(c.orderId)).refundedCents).toBe(0);
    expect((await show(c.orderId)).payment_state).toBe("needs_attention");
    // The shop's try was answered with the failed refund, whose reason it never read: told without
    // blaming the family's bank.
    const told = await refundFailedMails(c.orderId);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(
      `die Erstattung von ${euro(row?.gatewayCents ?? 0)} zu Ihrer Bestellung Nr. ${c.orderId} konnte leider nicht über den Zahlungsweg ausgeführt werden`,
    );
  });

  it("tells the family nothing when the school's Stripe balance was short or the family disputed the payment (D578)", async () => {
    for (const reason of ["insufficient_funds", "charge_for_pending_refund_disputed"]) {
      const c = await paidByCard();
      const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
        headers: c.parent.headers,
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      await lastRefundFails(c.intent, "refund.failed", reason);
      const refund = (await show(c.orderId)).refunds.find((row) => row.source === "withdrawal");
      // Back to staff as any failed refund; only the family's mail is left out.
      expect(refund, reason).toMatchObject({ state: "failed" });
      expect(await refundFailedMails(c.orderId), reason).toEqual([]);
    }
  });

  it("puts a dashboard refund booked to an item, then refused by the bank, on the staff's dashboard", async () => {
    const c = await paidByCard();
    const charge = stripe.refundAtStripe(c.sessionId, 700);
    expect((await post(stripe.event("charge.refunded", charge))).statusCode).toBe(200);
    const booked = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: c.itemId,
        amount_cents: 700,
        cancel_item: false,
        reason: "Am Telefon zugesagt",
        booked_at_gateway: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const payment = await paymentOf(c.orderId);
    expect(payment.refundedCents).toBe(700);

    await lastRefundFails(c.intent);
    expect((await paymentOf(c.orderId)).refundedCents).toBe(0);
    const [issue] = await t.db.select().from(paymentIssues).where(eq(paymentIssues.paymentId, payment.id));
    expect(issue).toMatchObject({ reason: "refund_failed_later", state: "review", resolvedAt: null });
    expect(issue?.lastError).toContain("the card has expired or was cancelled");
    const dashboard = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
    expect((dashboard.json().payment_issues as { payment: number }[]).map((r) => r.payment)).toContain(
      payment.id,
    );
    const resolved = await t.call("POST", `/api/v2/admin/payment-issues/${payment.id}/resolve/`, {
      headers: staff.headers,
      body: { note: "Familie angerufen, Überweisung veranlasst" },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
  });
  it("counts a dashboard refund that started pending (SEPA) once it goes through", async () => {
    const c = await paidByCard();
    const charge = stripe.refundAtStripe(c.sessionId, 900, "pending");
    expect((await post(stripe.event("charge.refunded", charge))).statusCode).toBe(200);
    // Pending: not given back yet.
    expect((await paymentOf(c.orderId)).refundedCents).toBe(0);
    const done = stripe.succeedRefund(String(c.intent.refunds.at(-1)?.id));
    const event = stripe.event("charge.refund.updated", done);
    expect((await post(event)).statusCode).toBe(200);
    expect((await post(stripe.event("refund.updated", done))).statusCode).toBe(200);
    expect((await paymentOf(c.orderId)).refundedCents).toBe(900);
  });

  it("counts back a refund of the shop's that waited for the customer and was cancelled (D569)", async () => {
    const { c, refundId } = await withdrawnWaitingForCustomer();
    const cancelled = stripe.cancelRefund(refundId);
    expect((await post(stripe.event("refund.updated", cancelled))).statusCode).toBe(200);
    expect((await paymentOf(c.orderId)).refundedCents).toBe(0);
    const [row] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.gatewayRefundId, String(cancelled.id)));
    expect(row?.status).toBe("CANCELLED");
    const order = await show(c.orderId);
    expect(order.payment_state).toBe("needs_attention");
    // Not the card's bank: the dialog does not say so; Stripe's words are in the last answer.
    const refund = order.refunds.find((row) => row.source === "withdrawal");
    expect(refund).toMatchObject({ state: "failed", failed_at_bank: false });
    expect(refund?.last_error).toContain("the refund was cancelled before it was paid out");
    expect(refund?.last_error).toContain("the refund was cancelled in the dashboard");
    // Cancelled in the dashboard is staff's own act: no mail that it failed (D578).
    expect(await refundFailedMails(c.orderId)).toEqual([]);
  });

  it("records the shop's refund that waited for the customer as completed once it went through, counted once", async () => {
    const { c, sent, refundId } = await withdrawnWaitingForCustomer();
    const recorded = async () =>
      (await t.db.select().from(refunds).where(eq(refunds.gatewayRefundId, refundId)))[0];
    expect(await recorded()).toMatchObject({ status: "PENDING" });

    const done = stripe.succeedRefund(refundId);
    for (const type of ["refund.updated", "charge.refund.updated"])
      expect((await post(stripe.event(type, done))).statusCode).toBe(200);
    expect(await recorded()).toMatchObject({ status: "COMPLETED" });
    expect((await paymentOf(c.orderId)).refundedCents).toBe(sent);
  });

  it("asks Stripe once more about a refund recorded CANCELED before D569, and counts it back (D575)", async () => {
    const { c, refundId } = await withdrawnWaitingForCustomer();
    // Stripe cancelled it, and the shop of before D569 recorded it `CANCELED`, counted as given back.
    stripe.cancelRefund(refundId);
    await t.db.update(refunds).set({ status: "CANCELED" }).where(eq(refunds.gatewayRefundId, refundId));
    expect((await paymentOf(c.orderId)).refundedCents).toBeGreaterThan(0);
    // Not "in progress" for the family or staff meanwhile: the row is not pending.
    expect((await show(c.orderId)).refunds.find((entry) => entry.source === "withdrawal")).toMatchObject({
      state: "completed",
      gateway_pending: false,
    });

    await t.app.paymentWorker.runOnce();
    const [row] = await t.db.select().from(refunds).where(eq(refunds.gatewayRefundId, refundId));
    expect(row?.status).toBe("CANCELLED");
    expect((await paymentOf(c.orderId)).refundedCents).toBe(0);
    const refund = (await show(c.orderId)).refunds.find((entry) => entry.source === "withdrawal");
    expect(refund).toMatchObject({ state: "failed", gateway_pending: false });
    expect(refund?.last_error).toContain("the refund was cancelled before it was paid out");
  });

  it("asks Stripe about a pending refund whose event never came, once an hour (D570)", async () => {
    const gone = await withdrawnWaitingForCustomer();
    const through = await withdrawnWaitingForCustomer();
    // Stripe ends both, and the shop hears of neither (its endpoint was down for longer than Stripe retries).
    stripe.cancelRefund(gone.refundId);
    stripe.succeedRefund(through.refundId);
    await t.app.paymentWorker.runOnce();
    const status = async (refundId: string) =>
      (await t.db.select().from(refunds).where(eq(refunds.gatewayRefundId, refundId)))[0]?.status;
    expect(await status(gone.refundId)).toBe("CANCELLED");
    expect(await status(through.refundId)).toBe("COMPLETED");
    expect((await paymentOf(gone.c.orderId)).refundedCents).toBe(0);
    expect((await paymentOf(through.c.orderId)).refundedCents).toBe(through.sent);
    const refund = (await show(gone.c.orderId)).refunds.find((row) => row.source === "withdrawal");
    expect(refund).toMatchObject({ state: "failed", gateway_pending: false });
    expect(refund?.last_error).toContain("the refund was cancelled in the dashboard");
  });
});
