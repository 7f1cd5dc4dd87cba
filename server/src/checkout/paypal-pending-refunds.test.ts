import { AdminOrderSchema, DashboardSchema, SLOW_REFUND_DAYS } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, refunds, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";

/**
 * A refund PayPal took as pending (the school's balance too low: paid from its bank, `ECHECK`) and that
 * ends days later (D570). PayPal sends no webhook for its end: the payment worker asks once an hour.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

const ASKED = "GET /v2/payments/refunds/:id";
const asked = () => t.standIn.calls.get(ASKED) ?? 0;

/** A course paid with PayPal and withdrawn from, its whole refund taken by PayPal as pending. */
async function withdrawnPending() {
  const { headers, id: userId, orderId, itemId, payment, gatewayOrderId } = await t.paidCourseNotToday();
  t.standIn.answerRefundsWith(gatewayOrderId, "PENDING");
  const withdrawn = await t.call("POST", `/api/v2/orders/items/${itemId}/withdraw/`, { headers });
  t.standIn.answerRefundsWith(gatewayOrderId, null);
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  // The parent reads that it is in progress, not that it is paid out (D573).
  expect(withdrawn.json().withdrawal).toMatchObject({ refund_state: "pending" });
  const [refund] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
  expect(refund).toMatchObject({ status: "PENDING", checkedAt: null });
  return { orderId, itemId, headers, userId, payment, refund: refund as NonNullable<typeof refund> };
}

const paymentNow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const refundNow = async (id: number) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0];
/** An hour and more goes by since the refund was last asked about. */
const anHourLater = (id: number) =>
  t.db.update(refunds).set({ checkedAt: sql`now() - interval '61 minutes'` }).where(eq(refunds.id, id));

/** The withdrawal of the item as the parent's history shows it (the reply kept per family, D442). */
const historyWithdrawal = async (c: { itemId: number; headers: Record<string, string> }) => {
  const res = await t.call("GET", "/api/v2/orders/items/history/", { headers: c.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number; withdrawal: unknown }[]).find((item) => item.id === c.itemId)
    ?.withdrawal;
};

const show = async (orderId: number) => {
  const res = await t.call("GET", `/api/v2/admin/orders/${orderId}/`, { headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderSchema.parse(res.json());
};

describe("a refund PayPal took as pending (D570)", () => {
  it("is asked about once an hour, and stays counted when it completes", async () => {
    const c = await withdrawnPending();
    expect((await paymentNow(c.payment.id))?.refundedCents).toBe(c.payment.amountCents);
    // The order page says it is sent and not paid out yet (D572).
    const withdrawal = async () => (await show(c.orderId)).refunds.find((row) => row.source === "withdrawal");
    expect(await withdrawal()).toMatchObject({ state: "completed", gateway_pending: true });
    expect(await historyWithdrawal(c)).toMatchObject({ refund_state: "pending" });
    const before = asked();
    await t.app.paymentWorker.runOnce();
    expect(asked()).toBe(before + 1);
    expect((await refundNow(c.refund.id))?.checkedAt).not.toBeNull();
    // Within the hour it is not asked about again.
    await t.app.paymentWorker.runOnce();
    expect(asked()).toBe(before + 1);

    t.standIn.endPendingRefund(c.refund.gatewayRefundId ?? "", "COMPLETED");
    await anHourLater(c.refund.id);
    await t.app.paymentWorker.runOnce();
    expect(asked()).toBe(before + 2);
    expect(await refundNow(c.refund.id)).toMatchObject({ status: "COMPLETED" });
    expect(await withdrawal()).toMatchObject({ state: "completed", gateway_pending: false });
    // Paid out: the family's history says so at its next read, though nothing of the withdrawal changed.
    expect(await historyWithdrawal(c)).toMatchObject({ refund_state: "completed" });
    const view = await t.call("GET", `/api/v2/orders/items/${c.itemId}/withdrawal/`, { headers: c.headers });
    expect(view.json().withdrawal).toMatchObject({ refund_state: "completed" });
    expect((await paymentNow(c.payment.id))?.refundedCents).toBe(c.payment.amountCents);
    expect((await show(c.orderId)).payment_state).not.toBe("needs_attention");
    // Ended: never asked about again.
    await anHourLater(c.refund.id);
    await t.app.paymentWorker.runOnce();
    expect(asked()).toBe(before + 2);
  });

  it("counts no more a pending refund that failed or was cancelled, and puts it back to staff", async () => {
    for (const status of ["FAILED", "CANCELLED"] as const) {
      const c = await withdrawnPending();
      t.standIn.endPendingRefund(c.refund.gatewayRefundId ?? "", status);
      await t.app.paymentWorker.runOnce();
      expect(await refundNow(c.refund.id)).toMatchObject({ status });
      expect(await paymentNow(c.payment.id)).toMatchObject({ refundedCents: 0, status: "captured" });
      const order = await show(c.orderId);
      expect(order.payment_state).toBe("needs_attention");
      const refund = order.refunds.find((row) => row.source === "withdrawal");
      // Not the card's bank: the dialog does not say so, PayPal's words are the last answer.
      expect(refund).toMatchObject({ state: "failed", failed_at_bank: false });
      expect(refund?.last_error).toContain(
        status === "FAILED"
          ? "PayPal: the refund failed while it was pending"
          : "PayPal: the refund was cancelled before it was paid out",
      );

      // Staff try again: a request id of its own, and PayPal completes it this time.
      const ids = t.standIn.requestIds.length;
      const retried = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/settle/`, {
        headers: staff.headers,
        body: { source: "withdrawal", refund: refund?.id, action: "retry" },
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(t.standIn.requestIds.slice(ids).at(-1)).toMatch(/-retry-1$/);
      expect((await paymentNow(c.payment.id))?.refundedCents).toBe(c.payment.amountCents);
      // Neither refund is pending now: an hour later nobody asks about them, and nothing is counted twice.
      await anHourLater(c.refund.id);
      const before = asked();
      await t.app.paymentWorker.runOnce();
      expect(asked()).toBe(before);
      expect((await paymentNow(c.payment.id))?.refundedCents).toBe(c.payment.amountCents);
    }
  });

  it("is on the dashboard once it has waited more than SLOW_REFUND_DAYS, until it ends (D574)", async () => {
    const c = await withdrawnPending();
    const sentDaysAgo = (days: number) =>
      t.db
        .update(refunds)
        .set({ createdAt: sql`now() - make_interval(days => ${days}::int)` })
        .where(eq(refunds.id, c.refund.id));
    const slow = async () => {
      const res = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
      expect(res.statusCode, res.body).toBe(200);
      return DashboardSchema.parse(res.json()).slow_refunds.filter((row) => row.refund === c.refund.id);
    };
    await sentDaysAgo(SLOW_REFUND_DAYS - 1);
    expect(await slow()).toEqual([]);
    await sentDaysAgo(SLOW_REFUND_DAYS + 1);
    const [parent] = await t.db.select().from(users).where(eq(users.id, c.userId));
    const [row] = await slow();
    expect(row).toMatchObject({
      order: c.orderId,
      gateway: "paypal",
      amount_cents: c.refund.amountCents,
      parent: { email: parent?.email },
    });
    // Paid out at last: off the dashboard.
    t.standIn.endPendingRefund(c.refund.gatewayRefundId ?? "", "COMPLETED");
    await t.app.paymentWorker.runOnce();
    expect(await slow()).toEqual([]);
  });

  it("asks again an hour later when PayPal could not be reached", async () => {
    const c = await withdrawnPending();
    t.standIn.endPendingRefund(c.refund.gatewayRefundId ?? "", "FAILED");
    t.standIn.failNext(ASKED, 503, 0, 1);
    const before = asked();
    await t.app.paymentWorker.runOnce();
    expect(asked()).toBe(before + 1);
    // PayPal did not answer: nothing known, nothing changed, asked again in an hour.
    expect(await refundNow(c.refund.id)).toMatchObject({ status: "PENDING" });
    await t.app.paymentWorker.runOnce();
    expect(asked()).toBe(before + 1);
    await anHourLater(c.refund.id);
    await t.app.paymentWorker.runOnce();
    expect(await refundNow(c.refund.id)).toMatchObject({ status: "FAILED" });
    expect((await paymentNow(c.payment.id))?.refundedCents).toBe(0);
  });
});
