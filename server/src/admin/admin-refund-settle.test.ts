import { randomUUID } from "node:crypto";
import { AdminOrderSchema, euroText } from "@atelier/contract";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUND_ATTEMPTS } from "../checkout/index.ts";
import { auditLog, mailOutbox, payments, staffRefunds, withdrawals } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/** A refund given up after its tries, settled by staff (D565): a new round, or refunded by hand. */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

const REFUND_ROUTE = "POST /v2/payments/captures/:id/refund";
const refundCalls = () => t.standIn.calls.get(REFUND_ROUTE) ?? 0;

const show = async (orderId: number) => {
  const res = await t.call("GET", `/api/v2/admin/orders/${orderId}/`, { headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderSchema.parse(res.json());
};

const settle = (orderId: number, body: Record<string, unknown>, headers = staff.headers) =>
  t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/settle/`, { headers, body });

/**
 * A staff refund of 10 € that PayPal refuses (422) on every try, or does not answer (503), until the worker
 * gives it up.
 */
async function failedStaffRefund(status: 422 | 503 = 422) {
  const c = await t.paidCourseNotToday();
  // Exactly as many failures as tries: the stand-in then answers again.
  t.standIn.failNext(REFUND_ROUTE, status, 0, REFUND_ATTEMPTS);
  const requestId = randomUUID();
  const res = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/`, {
    headers: staff.headers,
    body: {
      request_id: requestId,
      item: c.itemId,
      amount_cents: 1_000,
      cancel_item: false,
      reason: "Kulanz",
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (let round = 0; round < REFUND_ATTEMPTS + 1; round += 1) await t.app.paymentWorker.runOnce();
  const order = await show(c.orderId);
  expect(order.payment_state).toBe("needs_attention");
  const refund = order.refunds[0];
  expect(refund).toMatchObject({ source: "staff", state: "failed", settled_by_hand: null });
  expect(refund?.last_error).toContain(String(status));
  expect(refund?.gateway_unreachable).toBe(status === 503);
  // The family hears that the money did not come back only when PayPal refused it: a try nobody answered
  // may have gone through, and staff look first (D578).
  const told = await refundFailedMails(c.orderId);
  expect(told).toHaveLength(status === 422 ? 1 : 0);
  if (status === 422) {
    expect(told[0]?.text).toContain(
      `die Erstattung von ${euroText(1_000, "de")} zu Ihrer Bestellung Nr. ${c.orderId} konnte leider nicht über den Zahlungsweg ausgeführt werden`,
    );
    expect(told[0]?.text).not.toContain("Bank");
  }
  return { ...c, requestId, refundId: refund?.id ?? 0 };
}

/** A part refunded in PayPal's dashboard, as its webhook reports it. */
async function refundedInDashboard(gatewayOrderId: string, cents: number) {
  const event = t.standIn.webhookEvent(
    "PAYMENT.CAPTURE.REFUNDED",
    t.standIn.refundAtPayPal(gatewayOrderId, cents),
  );
  const posted = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
    headers: event.headers,
    body: event.payload,
  });
  expect(posted.statusCode, posted.body).toBe(200);
}

/** The payments the staff's dashboard lists as needing a person. */
const dashboardPayments = async () => {
  const res = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payment_issues as { payment: number }[]).map((row) => row.payment);
};

/** The family's mails that a refund of the order did not reach them (D578), by the order's number. */
const refundFailedMails = (orderId: number) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, "refund-failed"), like(mailOutbox.subject, `%Nr. ${orderId} %`)));

const auditOf = async (resource: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, id), eq(auditLog.action, "update")));

describe(`failed refunds settled by staff (D565, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("tries a given-up staff refund again under a request id of its own; a double click sends it once", async () => {
    const c = await failedStaffRefund();
    const before = refundCalls();
    const body = { source: "staff", refund: c.refundId, action: "retry" };
    const res = await settle(c.orderId, body);
    expect(res.statusCode, res.body).toBe(200);
    const order = AdminOrderSchema.parse(res.json());
    expect(order.refunds[0]).toMatchObject({ state: "completed", settled_by_hand: null, attempts: 1 });
    expect(order.payment_state).not.toBe("needs_attention");
    // PayPal answers a repeated request id with its first refusal: the new round asks with its own.
    expect(t.standIn.requestIds).toContain(`atelier-staff-refund-${c.requestId}-retry-1`);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, c.payment.id));
    expect(payment?.refundedCents).toBe(1_000);
    const again = await settle(c.orderId, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(refundCalls() - before).toBe(1);
    const [entry, ...more] = await auditOf("staff_refunds", c.refundId);
    expect(more).toEqual([]);
    expect(entry?.before).toMatchObject({ refund_state: "failed", refund_round: 0 });
    expect(entry?.after).toMatchObject({ refund_state: "pending", refund_round: 1, order: c.orderId });
    // Now done, it cannot be marked as refunded by hand as well.
    const marked = await settle(c.orderId, { ...body, action: "refunded_elsewhere", note: "Überwiesen" });
    expect(marked.statusCode, marked.body).toBe(400);
    expect(marked.json().error_codes).toEqual({ non_field_errors: ["refund_not_failed"] });
  });

  it("marks it refunded in PayPal's dashboard only once PayPal reports that money; then a new round is refused", async () => {
    const c = await failedStaffRefund();
    const mark = {
      source: "staff",
      refund: c.refundId,
      action: "refunded_at_gateway",
      note: "Im PayPal-Konto erstattet",
    };
    const early = await settle(c.orderId, mark);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({
      non_field_errors: [expect.stringContaining(`Erstattung über ${euroText(1_000, "de")} gemeldet`)],
      error_codes: { non_field_errors: ["refund_not_at_gateway"] },
    });
    expect((await show(c.orderId)).refunds[0]?.state).toBe("failed");

    await refundedInDashboard(c.payment.gatewayOrderId ?? "", 1_000);
    // Until staff say whose it is, the money waits on the order as unbooked, and on the staff's dashboard.
    expect((await show(c.orderId)).unbooked_gateway_cents).toBe(1_000);
    expect(await dashboardPayments()).toContain(c.payment.id);
    const before = refundCalls();
    // The money is back: a new round would pay it twice.
    const retry = await settle(c.orderId, { source: "staff", refund: c.refundId, action: "retry" });
    expect(retry.statusCode, retry.body).toBe(400);
    expect(retry.json().error_codes).toEqual({ non_field_errors: ["refund_seen_at_gateway"] });
    expect(refundCalls()).toBe(before);

    const marked = await settle(c.orderId, mark);
    expect(marked.statusCode, marked.body).toBe(200);
    const order = AdminOrderSchema.parse(marked.json());
    expect(order.refunds[0]).toMatchObject({ state: "completed", settled_by_hand: "gateway" });
    expect(order.refunds[0]?.refunded_at).not.toBeNull();
    expect(order.payment_state).toBe("partly_refunded");
    // The dashboard's refund is this one's: nothing waits to be booked, here or on the staff's dashboard.
    expect(order.unbooked_gateway_cents).toBe(0);
    expect(await dashboardPayments()).not.toContain(c.payment.id);
    expect(refundCalls()).toBe(before);
    const [entry] = await auditOf("staff_refunds", c.refundId);
    expect(entry?.after).toMatchObject({ settled_by_hand: "gateway", note: "Im PayPal-Konto erstattet" });
  });

  it("marks it refunded elsewhere with a note; that money no longer hides a later dashboard refund", async () => {
    const c = await failedStaffRefund();
    const mark = { source: "staff", refund: c.refundId, action: "refunded_elsewhere" };
    const bare = await settle(c.orderId, mark);
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().error_codes).toEqual({ note: ["required"] });
    const marked = await settle(c.orderId, { ...mark, note: "Per Überweisung am 3.12." });
    expect(marked.statusCode, marked.body).toBe(200);
    const order = AdminOrderSchema.parse(marked.json());
    expect(order.refunds[0]).toMatchObject({ state: "completed", settled_by_hand: "elsewhere" });
    expect(order.payment_state).not.toBe("needs_attention");
    // The bank transfer took nothing from PayPal's capture: a refund there is money no item carries yet.
    await refundedInDashboard(c.payment.gatewayOrderId ?? "", 500);
    expect((await show(c.orderId)).unbooked_gateway_cents).toBe(500);
    const [row] = await t.db.select().from(staffRefunds).where(eq(staffRefunds.id, c.refundId));
    expect(row).toMatchObject({ refundState: "completed", settledByHand: "elsewhere", refundRound: 0 });
  });

  it("tries a refund whose last try went unanswered again under the same request id, which pays at most once", async () => {
    const c = await failedStaffRefund(503);
    const res = await settle(c.orderId, { source: "staff", refund: c.refundId, action: "retry" });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminOrderSchema.parse(res.json()).refunds[0]).toMatchObject({ state: "completed" });
    const ids = t.standIn.requestIds.filter((id) => id.startsWith(`atelier-staff-refund-${c.requestId}`));
    expect(new Set(ids)).toEqual(new Set([`atelier-staff-refund-${c.requestId}`]));
    const [row] = await t.db.select().from(staffRefunds).where(eq(staffRefunds.id, c.refundId));
    expect(row?.refundRound).toBe(0);
  });

  it("refuses a new try, or a bank transfer, once PayPal reports the money while another refund is on its way", async () => {
    const c = await failedStaffRefund();
    // Another refund of the order is being sent: PayPal did not answer its first try.
    t.standIn.failNext(REFUND_ROUTE, 503, 0, 1);
    const other = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: c.itemId,
        amount_cents: 500,
        cancel_item: false,
        reason: "Kulanz",
      },
    });
    expect(AdminOrderSchema.parse(other.json()).refunds[1]).toMatchObject({ state: "pending" });
    // Staff refunded the failed one in PayPal's dashboard.
    await refundedInDashboard(c.payment.gatewayOrderId ?? "", 1_000);
    const before = refundCalls();
    for (const body of [{ action: "retry" }, { action: "refunded_elsewhere", note: "Überwiesen" }]) {
      const res = await settle(c.orderId, { source: "staff", refund: c.refundId, ...body });
      expect(res.statusCode, `${body.action} ${res.body}`).toBe(400);
      expect(res.json().error_codes).toEqual({ non_field_errors: ["refund_seen_at_gateway"] });
    }
    expect(refundCalls()).toBe(before);
    // The other refund goes through in the worker's next round (and leaves no try for the next test).
    await t.app.paymentWorker.runOnce();
    expect((await show(c.orderId)).refunds[1]).toMatchObject({ state: "completed" });
  });

  it("lets staff book a dashboard refund of another item beside a failed refund, and then try the failed one again", async () => {
    const c = await failedStaffRefund();
    await refundedInDashboard(c.payment.gatewayOrderId ?? "", 1_500);
    expect((await show(c.orderId)).unbooked_gateway_cents).toBe(1_500);
    const booked = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: c.itemId,
        amount_cents: 1_500,
        cancel_item: false,
        reason: "Im PayPal-Konto erstattet",
        booked_at_gateway: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const res = await settle(c.orderId, { source: "staff", refund: c.refundId, action: "retry" });
    expect(res.statusCode, res.body).toBe(200);
    const order = AdminOrderSchema.parse(res.json());
    expect(order.refunds.map((r) => r.state)).toEqual(["completed", "completed"]);
    expect(order.unbooked_gateway_cents).toBe(0);
  });

  it("tries a parent's given-up withdrawal again; another order's refund or kind is no choice; customers are refused", async () => {
    const c = await t.paidCourseNotToday();
    t.standIn.failNext(REFUND_ROUTE, 422, 0, 1);
    const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
      headers: c.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, c.itemId));
    expect(row?.refundState).toBe("failed");
    const id = row?.id ?? 0;
    expect(await refundFailedMails(c.orderId)).toHaveLength(1);
    // Staff read the refusal in the gateway's words, without the shop's own kind of failure.
    const failed = (await show(c.orderId)).refunds[0];
    expect(failed).toMatchObject({ source: "withdrawal", state: "failed" });
    expect(failed?.last_error).toContain("422");
    expect(failed?.last_error).not.toMatch(/^refused/);
    const other = await t.paidCourseNotToday();
    for (const [orderId, source] of [
      [other.orderId, "withdrawal"],
      [c.orderId, "cancellation"],
      [c.orderId, "staff"],
    ] as const) {
      const wrong = await settle(orderId, { source, refund: id, action: "retry" });
      expect(wrong.statusCode, `${source} ${wrong.body}`).toBe(400);
      expect(wrong.json().error_codes).toEqual({ refund: ["invalid_choice"] });
    }
    const customer = await settle(
      c.orderId,
      { source: "withdrawal", refund: id, action: "retry" },
      c.headers,
    );
    expect(customer.statusCode).toBe(403);

    const res = await settle(c.orderId, { source: "withdrawal", refund: id, action: "retry" });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminOrderSchema.parse(res.json()).refunds[0]).toMatchObject({
      source: "withdrawal",
      state: "completed",
    });
    expect(t.standIn.requestIds).toContain(`atelier-withdrawal-${id}-retry-1`);
    // Paid back now: the family, told it failed, hears nothing more of it than the money.
    expect(await refundFailedMails(c.orderId)).toHaveLength(1);
    const [entry] = await auditOf("withdrawals", id);
    expect(entry?.after).toMatchObject({ refund_state: "pending", refund_round: 1 });
  });
});

describe("the family's mail that a refund did not reach it (D578)", () => {
  it("is sent once, on the first refusal the family did not cause: after a cancelled try, staff's new try refused tells it", async () => {
    const c = await t.paidCourseNotToday();
    const gatewayOrder = c.payment.gatewayOrderId ?? "";
    t.standIn.answerRefundsWith(gatewayOrder, "CANCELLED");
    const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
      headers: c.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await refundFailedMails(c.orderId)).toEqual([]);
    const id = (await show(c.orderId)).refunds[0]?.id;

    t.standIn.answerRefundsWith(gatewayOrder, "FAILED");
    for (const round of [1, 2]) {
      const retried = await settle(c.orderId, { source: "withdrawal", refund: id, action: "retry" });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(AdminOrderSchema.parse(retried.json()).refunds[0]?.state, `round ${round}`).toBe("failed");
      // Told at the first refusal, not again at the second.
      expect(await refundFailedMails(c.orderId), `round ${round}`).toHaveLength(1);
    }
    t.standIn.answerRefundsWith(gatewayOrder, null);
  });

  it("is not sent when PayPal refuses because staff gave the money back in PayPal's dashboard meanwhile", async () => {
    const c = await t.paidCourseNotToday();
    t.standIn.failNext(REFUND_ROUTE, 422, 0, REFUND_ATTEMPTS);
    const res = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: randomUUID(),
        item: c.itemId,
        amount_cents: 1_000,
        cancel_item: true,
        reason: "Kulanz",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await refundedInDashboard(c.payment.gatewayOrderId ?? "", 1_000);
    for (let round = 0; round < REFUND_ATTEMPTS + 1; round += 1) await t.app.paymentWorker.runOnce();
    expect((await show(c.orderId)).refunds[0]).toMatchObject({ source: "staff", state: "failed" });
    expect(await refundFailedMails(c.orderId)).toEqual([]);
  });
});

describe("a refund PayPal answers as failed or cancelled (D566, D569)", () => {
  it("is a refusal: nothing counted, the withdrawal failed at once, and a new try asks under its own id", async () => {
    for (const status of ["FAILED", "CANCELLED"] as const) {
      const c = await t.paidCourseNotToday();
      t.standIn.answerRefundsWith(c.payment.gatewayOrderId ?? "", status);
      const withdrawn = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, {
        headers: c.headers,
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json().withdrawal).toMatchObject({ refund_state: "failed" });
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, c.payment.id));
      expect(payment?.refundedCents).toBe(0);
      const order = await show(c.orderId);
      expect(order.payment_state).toBe("needs_attention");
      const refund = order.refunds.find((row) => row.source === "withdrawal");
      expect(refund).toMatchObject({ state: "failed", failed_at_bank: false });
      expect(refund?.last_error).toContain(
        `the refund was answered as ${status === "FAILED" ? "failed" : "cancelled"}`,
      );
      // A failed refund is told to the family; a cancelled one is a person's act at PayPal (D578).
      expect(await refundFailedMails(c.orderId)).toHaveLength(status === "FAILED" ? 1 : 0);

      t.standIn.answerRefundsWith(c.payment.gatewayOrderId ?? "", null);
      const ids = t.standIn.requestIds.length;
      const retried = await settle(c.orderId, { source: "withdrawal", refund: refund?.id, action: "retry" });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(t.standIn.requestIds.slice(ids).at(-1)).toMatch(/-retry-1$/);
      const [paid] = await t.db.select().from(payments).where(eq(payments.id, c.payment.id));
      expect(paid?.refundedCents).toBe(c.payment.amountCents);
    }
  });
});
