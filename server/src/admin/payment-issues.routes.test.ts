import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, orders, paymentIssues, payments } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/** The dashboard's payments that need a person (D90), settled by staff (D565). */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

const REFUND_ROUTE = "POST /v2/payments/captures/:id/refund";

const dashboardIssues = async () => {
  const res = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payment_issues as { payment: number }[]).map((row) => row.payment);
};
const issueOf = async (paymentId: number) =>
  (await t.db.select().from(paymentIssues).where(eq(paymentIssues.paymentId, paymentId)))[0];
const auditOf = (paymentId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, "payment_issues"), eq(auditLog.recordId, paymentId)));
const act = (paymentId: number, what: "retry" | "resolve", body?: object, headers = staff.headers) =>
  t.call("POST", `/api/v2/admin/payment-issues/${paymentId}/${what}/`, {
    headers,
    ...(body ? { body } : {}),
  });

/** The family's notices that its payment goes back (D90), by the order's number: their texts. */
const refundNotices = async (orderId: number) =>
  (
    await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, "refund-notice"), like(mailOutbox.subject, `%Nr. ${orderId}:%`)))
      .orderBy(mailOutbox.id)
  ).map((mail) => mail.text);
const REFUND_REFUSED = "konnten wir leider nicht auf dem Weg erstatten, auf dem Sie bezahlt haben";

/** A capture of another amount than the order's: the shop must refund it, and PayPal refuses that refund. */
async function refundGivenUp() {
  const parent = await t.parentWithCourse(0);
  const staged = await t.fulfil(parent.headers);
  expect(staged.statusCode, staged.body).toBe(200);
  const { id, order_id: orderId } = staged.json() as { id: string; order_id: number };
  const units = t.standIn.orders.get(id)?.request.purchase_units as { amount: { value: string } }[];
  if (!units[0]) throw new Error("no purchase unit");
  units[0].amount.value = "2.00";
  t.standIn.approve(id);
  t.standIn.failNext(REFUND_ROUTE, 422, 0, 1);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(400);
  await t.app.deferredWork.idle();
  await t.app.paymentWorker.runOnce();
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error("no payment");
  expect(await issueOf(payment.id)).toMatchObject({ state: "refund_failed", reason: "capture_mismatch" });
  // PayPal refused it: the family hears why the payment was not kept and that the school pays it back
  // another way (D578); it had heard nothing of the refund before.
  const notices = await refundNotices(orderId);
  expect(notices).toHaveLength(1);
  expect(notices[0]).toContain("stimmte nicht mit Ihrer Bestellung überein");
  expect(notices[0]).toContain(REFUND_REFUSED);
  // What the capture took, which the order's own amount is not (the mismatch).
  expect(notices[0]).toContain(`Den Betrag von 2,00\u00a0€ konnten wir`);
  return { payment, orderId, parent };
}

/** A refund PayPal reports by its webhook. */
async function reportRefund(resource: Record<string, unknown>) {
  const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.REFUNDED", resource);
  const posted = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
    headers: event.headers,
    body: event.payload,
  });
  expect(posted.statusCode, posted.body).toBe(200);
}

/** A staff refund of the order's item (the shop's own, or a booking of dashboard money). */
const staffRefundOf = (c: { orderId: number; itemId: number }, body: Record<string, unknown>) =>
  t.call("POST", `/api/v2/admin/orders/${c.orderId}/refunds/`, {
    headers: staff.headers,
    body: { request_id: randomUUID(), item: c.itemId, cancel_item: false, reason: "Kulanz", ...body },
  });

/** A refund of the shop's own of 5 €: its call timed out, but PayPal made it and reports it first (D506). */
async function ownRefundReportedFirst(c: Awaited<ReturnType<typeof t.paidCourseNotToday>>) {
  t.standIn.failNext(REFUND_ROUTE, 503, 0, 1);
  const own = await staffRefundOf(c, { amount_cents: 500 });
  expect(own.statusCode, own.body).toBe(200);
  expect(own.json().refunds.at(-1)).toMatchObject({ state: "pending" });
  await reportRefund({
    id: `REF-OWN-${c.payment.id}`,
    status: "COMPLETED",
    amount: { currency_code: "EUR", value: "5.00" },
    links: [
      { href: `http://stand-in/v2/payments/captures/${c.payment.captureId}`, rel: "up", method: "GET" },
    ],
  });
}

describe(`payments that need a person, settled from the dashboard (D565, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("tries a refund PayPal refused again at once, under a request id of its own; it then leaves the dashboard", async () => {
    const { payment, orderId, parent } = await refundGivenUp();
    expect(await dashboardIssues()).toContain(payment.id);
    expect((await act(payment.id, "retry", undefined, parent.headers)).statusCode).toBe(403);

    const res = await act(payment.id, "retry");
    expect(res.statusCode, res.body).toBe(200);
    // Tried in the request, not at the worker's next round (D571): the answer says it went through.
    expect(res.json()).toEqual({ payment: payment.id, state: "refunded", resolved: true });
    // PayPal answers a repeated request id with its first refusal: the new round asks with its own.
    expect(
      t.standIn.requestIds.some((rid) => rid.includes(`-${orderId}-refund-`) && rid.endsWith("-retry-1")),
    ).toBe(true);
    expect(await issueOf(payment.id)).toMatchObject({ state: "refunded", refundRound: 1 });
    const [refunded] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(refunded?.refundedCents).toBe(refunded?.amountCents);
    // A double click: the same answer, one audit entry, no second refund.
    const calls = t.standIn.calls.get(REFUND_ROUTE);
    expect((await act(payment.id, "retry")).json()).toMatchObject({ state: "refunded" });
    expect(t.standIn.calls.get(REFUND_ROUTE)).toBe(calls);
    expect(await auditOf(payment.id)).toHaveLength(1);
    expect(await dashboardIssues()).not.toContain(payment.id);
    // Paid back now: the family's second notice says the money is on its way.
    const notices = await refundNotices(orderId);
    expect(notices).toHaveLength(2);
    expect(notices[1]).toContain("Wir erstatten Ihnen den vollen Betrag");
    const [entry] = await auditOf(payment.id);
    expect(entry?.before).toMatchObject({ state: "refund_failed", refund_round: 0 });
    expect(entry?.after).toMatchObject({ state: "refund_pending", refund_round: 1 });
  });

  it("answers a try PayPal refuses again as failed, and one it does not answer as pending for the worker (D571)", async () => {
    const refused = await refundGivenUp();
    t.standIn.failNext(REFUND_ROUTE, 422, 0, 1);
    const again = await act(refused.payment.id, "retry");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ payment: refused.payment.id, state: "refund_failed", resolved: false });
    expect(await dashboardIssues()).toContain(refused.payment.id);
    // Refused again on staff's new try: the family, told once, waits for the school's call (D578).
    expect(await refundNotices(refused.orderId)).toHaveLength(1);

    const unanswered = await refundGivenUp();
    t.standIn.failNext(REFUND_ROUTE, 503, 0, 1);
    const waiting = await act(unanswered.payment.id, "retry");
    expect(waiting.json()).toMatchObject({ state: "refund_pending" });
    // A second click while the worker has it: answered as it is, no try of its own.
    const calls = t.standIn.calls.get(REFUND_ROUTE);
    expect((await act(unanswered.payment.id, "retry")).json()).toMatchObject({ state: "refund_pending" });
    expect(t.standIn.calls.get(REFUND_ROUTE)).toBe(calls);
    // The worker's next round asks again under the same request id: the money goes once.
    await t.app.paymentWorker.runOnce();
    expect(await issueOf(unanswered.payment.id)).toMatchObject({ state: "refunded", refundRound: 1 });
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, unanswered.payment.id));
    expect(paid?.refundedCents).toBe(paid?.amountCents);
  });

  it("marks a payment handled with a note, off the dashboard; only a given-up refund can be tried again", async () => {
    const { payment } = await refundGivenUp();
    // A capture to review is kept: nothing is due to go back.
    await t.db.update(paymentIssues).set({ state: "review" }).where(eq(paymentIssues.paymentId, payment.id));
    await t.db.update(payments).set({ refundDue: false }).where(eq(payments.id, payment.id));
    const retry = await act(payment.id, "retry");
    expect(retry.statusCode, retry.body).toBe(400);
    expect(retry.json().error_codes).toEqual({ non_field_errors: ["payment_issue_not_failed"] });
    const bare = await act(payment.id, "resolve", { note: "  " });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().error_codes).toEqual({ note: ["required"] });
    expect(await auditOf(payment.id)).toEqual([]);

    const note = "Mit der Familie telefoniert, Betrag per Überweisung zurück";
    const res = await act(payment.id, "resolve", { note });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ payment: payment.id, state: "review", resolved: true });
    expect(await dashboardIssues()).not.toContain(payment.id);
    expect((await act(payment.id, "resolve", { note })).statusCode).toBe(200);
    const entries = await auditOf(payment.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ resolved: true, note });
    expect((await act(2_000_000_000, "resolve", { note })).statusCode).toBe(404);
  });

  it("marks a given-up refund handled as paid back by hand: nothing is due, its order ends; a running one cannot be", async () => {
    const { payment, orderId } = await refundGivenUp();
    await t.db
      .update(paymentIssues)
      .set({ state: "refund_pending" })
      .where(eq(paymentIssues.paymentId, payment.id));
    const running = await act(payment.id, "resolve", { note: "Überwiesen" });
    expect(running.statusCode, running.body).toBe(400);
    expect(running.json().error_codes).toEqual({ non_field_errors: ["payment_issue_running"] });
    await t.db
      .update(paymentIssues)
      .set({ state: "refund_failed" })
      .where(eq(paymentIssues.paymentId, payment.id));

    const res = await act(payment.id, "resolve", { note: "Per Überweisung zurückgezahlt" });
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept?.refundDue).toBe(false);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("refunded");
    // The payment worker sends nothing for it any more.
    const before = t.standIn.calls.get(REFUND_ROUTE) ?? 0;
    await t.app.paymentWorker.runOnce();
    expect(t.standIn.calls.get(REFUND_ROUTE) ?? 0).toBe(before);
  });

  it("shows a part refunded in PayPal's dashboard until staff book it to its item; the shop's own refunds never", async () => {
    const c = await t.paidCourseNotToday();
    // The shop's own refund is carried by its row.
    await ownRefundReportedFirst(c);
    expect(await dashboardIssues()).not.toContain(c.payment.id);

    await reportRefund(t.standIn.refundAtPayPal(c.gatewayOrderId, 1_500));
    const listed = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
    expect(listed.json().payment_issues).toContainEqual(
      expect.objectContaining({ payment: c.payment.id, order: c.orderId, reason: "refunded_at_paypal" }),
    );
    // Booked in part, it stays; booked in full, it leaves.
    expect((await staffRefundOf(c, { amount_cents: 1_000, booked_at_gateway: true })).statusCode).toBe(200);
    expect(await dashboardIssues()).toContain(c.payment.id);
    expect((await staffRefundOf(c, { amount_cents: null, booked_at_gateway: true })).statusCode).toBe(200);
    expect(await dashboardIssues()).not.toContain(c.payment.id);
  });

  it("brings a payment staff marked handled back only for more dashboard money, and takes it off when refunded whole", async () => {
    const c = await t.paidCourseNotToday();
    await reportRefund(t.standIn.refundAtPayPal(c.gatewayOrderId, 1_500));
    expect(await dashboardIssues()).toContain(c.payment.id);
    expect((await act(c.payment.id, "resolve", { note: "Mit der Buchhaltung geklärt" })).statusCode).toBe(
      200,
    );
    // The shop's own refund, reported by PayPal before its answer was recorded: no more than staff saw.
    await ownRefundReportedFirst(c);
    expect(await dashboardIssues()).not.toContain(c.payment.id);
    await t.app.paymentWorker.runOnce();
    // More refunded in the dashboard: shown again.
    await reportRefund(t.standIn.refundAtPayPal(c.gatewayOrderId, 300));
    expect(await dashboardIssues()).toContain(c.payment.id);
    // The rest refunded there, the order is refunded whole (its credit notes issued): nothing left to book.
    await reportRefund(t.standIn.refundAtPayPal(c.gatewayOrderId));
    expect(await dashboardIssues()).not.toContain(c.payment.id);
  });
});
