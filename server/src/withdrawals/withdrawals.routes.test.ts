import {
  addDays,
  berlinDate,
  euroText,
  refundPolicyDeadline,
  todayInBerlin,
  type Withdrawal,
  WithdrawalSchema,
  withdrawalDeadline,
} from "@atelier/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closures,
  giftCardLedger,
  giftCards,
  invoices,
  mailOutbox,
  orderItemSlots,
  orderItems,
  orders,
  payments,
  productPages,
  refunds,
  scheduleSlots,
  subscriptions,
  withdrawals,
} from "../db/schema/index.ts";
import { giftCardExpiry } from "../gift-cards/index.ts";
import { formatDate } from "../mail/templates/format.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent, createStaff, GIFT_CARD, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
}, 60_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;
const DAY_MS = 24 * 60 * 60 * 1000;

async function pay(headers: Headers): Promise<number> {
  const fulfilled = await t.fulfil(headers);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const { id, order_id } = fulfilled.json();
  t.standIn.approve(id);
  const captured = await t.capture(headers, id);
  expect(captured.statusCode, captured.body).toBe(200);
  return order_id;
}

/** ISO weekday (0 = Monday) of today in Berlin. */
const todayWeekday = () => (new Date(`${todayInBerlin()}T00:00:00Z`).getUTCDay() + 6) % 7;

/** A paid course whose weekly lesson is not today: nothing of it has been rendered yet. */
async function paidCourse() {
  const slot = t.weekly.findIndex((s) => s.weekday !== todayWeekday());
  const parent = await t.parentWithCourse(slot);
  const orderId = await pay(parent.headers);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!item) throw new Error("no item");
  const paid = item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents;
  return { ...parent, orderId, itemId: item.id, paid };
}

const look = (headers: Headers | undefined, itemId: number) =>
  t.call("GET", `/api/v2/orders/items/${itemId}/withdrawal/`, headers ? { headers } : {});
const withdraw = (headers: Headers | undefined, itemId: number) =>
  t.call("POST", `/api/v2/orders/items/${itemId}/withdraw/`, headers ? { headers } : {});

const refundCalls = () =>
  [...t.standIn.calls.entries()]
    .filter(([route]) => route.startsWith("POST /v2/payments/captures/"))
    .reduce((sum, [, n]) => sum + n, 0);

const emailOf = async (headers: Headers) =>
  (await t.call("GET", "/api/v2/users/me/", { headers })).json().email as string;

const setPaidAt = (orderId: number, paidAt: Date) =>
  t.db.update(orders).set({ paidAt }).where(eq(orders.id, orderId));

/**
 * Moves a paid course's payment `days` back, and its contract's paid month with it (the refund counts from
 * the contract's period, D533): lessons of that month have been held since.
 */
async function paidDaysAgo(c: { orderId: number; itemId: number }, days: number) {
  await setPaidAt(c.orderId, new Date(Date.now() - days * DAY_MS));
  await t.db
    .update(subscriptions)
    .set({
      periodStart: sql`${subscriptions.periodStart} - make_interval(days => ${days})`,
      periodEnd: sql`${subscriptions.periodEnd} - make_interval(days => ${days})`,
    })
    .where(eq(subscriptions.orderItemId, c.itemId));
}

describe(`withdrawal (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("shows a fresh course as withdrawable in full until 14 days after payment", async () => {
    const c = await paidCourse();
    const res = await look(c.headers, c.itemId);
    expect(res.statusCode, res.body).toBe(200);
    const view = WithdrawalSchema.parse(res.json());
    expect(view).toMatchObject({
      item: c.itemId,
      can_withdraw: true,
      blocked_by: null,
      deadline: withdrawalDeadline(todayInBerlin()),
      paid_cents: c.paid,
      refund_cents: c.paid,
      basis: "full",
      withdrawal: null,
    });
    const [history] = (await t.call("GET", "/api/v2/orders/items/history/", { headers: c.headers })).json();
    expect(history.withdrawable_until).toBe(view.deadline);
  });

  it("withdraws once: item cancelled, PayPal refund recorded, credit note, mail; a repeat changes nothing", async () => {
    const c = await paidCourse();
    const before = refundCalls();
    const res = await withdraw(c.headers, c.itemId);
    expect(res.statusCode, res.body).toBe(200);
    const done: Withdrawal = WithdrawalSchema.parse(res.json());
    expect(done.can_withdraw).toBe(false);
    expect(done.blocked_by).toBe("already_withdrawn");
    expect(done.withdrawal).toMatchObject({
      kind: "withdrawal",
      refund_cents: c.paid,
      refund_state: "completed",
      credit_note_number: expect.stringMatching(/^GS-\d{4}-\d{6}$/),
    });
    expect(refundCalls()).toBe(before + 1);

    // The seat is free again: only active items hold seats.
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, c.itemId));
    expect(item?.status).toBe("cancelled");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    expect(payment?.refundedCents).toBe(c.paid);
    const recorded = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id ?? 0));
    expect(recorded.map((r) => [r.reason, r.amountCents])).toEqual([["withdrawal", c.paid]]);
    const standInOrder = [...t.standIn.orders.values()].find((o) => o.captureId === payment?.captureId);
    expect(standInOrder?.refundedCents).toBe(c.paid);

    const [note] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, c.orderId), eq(invoices.kind, "credit_note")));
    expect(note?.number).toBe(done.withdrawal?.credit_note_number);
    expect(note?.totalCents).toBe(c.paid);
    expect(note?.data.corrects).toMatch(/^RE-/);

    const mails = (await t.mailsTo(await emailOf(c.headers))).filter(
      (m) => m.template === "withdrawal-confirmation",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Widerruf");
    expect(mails[0]?.attachments).toEqual([
      { kind: "invoice-pdf", invoiceId: note?.id, filename: `${note?.number}.pdf` },
    ]);

    // A double click or a retry answers the same withdrawal and does nothing again.
    const again = await withdraw(c.headers, c.itemId);
    expect(again.statusCode).toBe(200);
    expect(again.json().withdrawal.id).toBe(done.withdrawal?.id);
    expect(refundCalls()).toBe(before + 1);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, c.itemId))).toHaveLength(
      1,
    );
    const notes = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, c.orderId), eq(invoices.kind, "credit_note")));
    expect(notes).toHaveLength(1);

    const [history] = (await t.call("GET", "/api/v2/orders/items/history/", { headers: c.headers })).json();
    expect(history).toMatchObject({ state: "cancelled", withdrawable_until: null });
    expect(history.withdrawal.refund_state).toBe("completed");
  });

  it("PayPal's refund webhook for the withdrawal's refund changes nothing more", async () => {
    const c = await paidCourse();
    await withdraw(c.headers, c.itemId);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    const [refund] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id ?? 0));
    const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.REFUNDED", {
      id: refund?.gatewayRefundId,
      status: "COMPLETED",
      amount: { currency_code: "EUR", value: (c.paid / 100).toFixed(2) },
      links: [{ rel: "up", href: `${t.standIn.url}/v2/payments/captures/${payment?.captureId}` }],
    });
    const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: event.headers,
      body: event.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    expect(after?.refundedCents).toBe(c.paid);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, payment?.id ?? 0)),
    ).toHaveLength(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(order?.status).toBe("paid");
  });

  it("a webhook that reports the refund before we record it: counted once, the order stays paid", async () => {
    const c = await paidCourse();
    t.standIn.failNext("POST /v2/payments/captures/:id/refund", 503);
    const pending = (await withdraw(c.headers, c.itemId)).json().withdrawal;
    expect(pending.refund_state).toBe("pending");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    // PayPal did the refund (our request got lost on the way back) and tells us by webhook first.
    const auth = `Basic ${Buffer.from(`${t.standIn.clientId}:${t.standIn.clientSecret}`).toString("base64")}`;
    const token = await fetch(`${t.standIn.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const refund = await fetch(`${t.standIn.url}/v2/payments/captures/${payment?.captureId}/refund`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token.access_token}`,
        "content-type": "application/json",
        "paypal-request-id": `atelier-withdrawal-${pending.id}`,
      },
      body: JSON.stringify({ amount: { currency_code: "EUR", value: (c.paid / 100).toFixed(2) } }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.REFUNDED", {
      id: refund.id,
      status: "COMPLETED",
      amount: { currency_code: "EUR", value: (c.paid / 100).toFixed(2) },
      links: [{ rel: "up", href: `${t.standIn.url}/v2/payments/captures/${payment?.captureId}` }],
    });
    const res = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: event.headers,
      body: event.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The withdrawal already freed the seat; a full refund does not turn the order into a refunded one.
    expect((await t.db.select().from(orders).where(eq(orders.id, c.orderId)))[0]?.status).toBe("paid");

    // The worker's retry gets PayPal's first answer again (same request id) and finds it recorded.
    await t.app.paymentWorker.runOnce();
    expect((await look(c.headers, c.itemId)).json().withdrawal.refund_state).toBe("completed");
    const [after] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    expect(after?.refundedCents).toBe(c.paid);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, payment?.id ?? 0)),
    ).toHaveLength(1);
    const standInOrder = [...t.standIn.orders.values()].find((o) => o.captureId === payment?.captureId);
    expect(standInOrder?.refundedCents).toBe(c.paid);
  });

  it("after a part refunded in PayPal's dashboard, a withdrawal offers and refunds what the payment still holds (D506)", async () => {
    const c = await paidCourse();
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    if (!payment?.gatewayOrderId) throw new Error("no payment");
    const event = t.standIn.webhookEvent(
      "PAYMENT.CAPTURE.REFUNDED",
      t.standIn.refundAtPayPal(payment.gatewayOrderId, 1_000),
    );
    const posted = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
      headers: event.headers,
      body: event.payload,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(WithdrawalSchema.parse((await look(c.headers, c.itemId)).json()).refund_cents).toBe(
      c.paid - 1_000,
    );
    const done = WithdrawalSchema.parse((await withdraw(c.headers, c.itemId)).json());
    expect(done.withdrawal).toMatchObject({ refund_cents: c.paid - 1_000, refund_state: "completed" });
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.refundedCents).toBe(c.paid);
  });

  it("a late capture of an earlier attempt, refunded by the shop, is not the payment a withdrawal refunds through (D506)", async () => {
    const c = await paidCourse();
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    if (!payment) throw new Error("no payment");
    // An earlier attempt's payment, captured after the order was paid and refunded in full (D205).
    const { id: _id, ...columns } = payment;
    await t.db.insert(payments).values({
      ...columns,
      gatewayOrderId: `${payment.gatewayOrderId}-LATE`,
      captureId: `${payment.captureId}-LATE`,
      status: "refunded",
      refundedCents: payment.amountCents,
      capturedAt: new Date(Date.now() + 60_000),
    });
    expect(WithdrawalSchema.parse((await look(c.headers, c.itemId)).json()).refund_cents).toBe(c.paid);
    const done = WithdrawalSchema.parse((await withdraw(c.headers, c.itemId)).json());
    expect(done.withdrawal).toMatchObject({ refund_cents: c.paid, refund_state: "completed" });
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.refundedCents).toBe(c.paid);
  });

  it("two withdrawals sent at once record one withdrawal and one refund", async () => {
    const c = await paidCourse();
    const before = refundCalls();
    const [a, b] = await Promise.all([withdraw(c.headers, c.itemId), withdraw(c.headers, c.itemId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().withdrawal.id).toBe(b.json().withdrawal.id);
    expect(refundCalls()).toBe(before + 1);
  });

  it("another family's item is 404 to read and to withdraw; a guest gets 401", async () => {
    const c = await paidCourse();
    const stranger = await createParent(t.db);
    expect((await look(stranger.headers, c.itemId)).statusCode).toBe(404);
    const res = await withdraw(stranger.headers, c.itemId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error_codes).toEqual({ detail: "not_found" });
    expect((await look(undefined, c.itemId)).statusCode).toBe(401);
    expect((await withdraw(undefined, c.itemId)).statusCode).toBe(401);
    expect((await look(c.headers, 999_999_999)).statusCode).toBe(404);
    // No number names no item, as Django REST's `<int:pk>` route answers it.
    expect((await look(c.headers, Number.NaN)).statusCode).toBe(404);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, c.itemId));
    expect(item?.status).toBe("active");
  });

  it("refuses a workshop without a refund policy (exempt, D54) and a course after the 14 days", async () => {
    const [seeded] = await t.db.select().from(productPages).where(eq(productPages.id, t.workshop.page.id));
    await t.db
      .update(productPages)
      .set({ refundDaysBefore: null })
      .where(eq(productPages.id, t.workshop.page.id));
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 11);
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.option("Ticket").id,
        visitor: child,
        schedule_slots: [t.dated[0]?.id],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const orderId = await pay(parent.headers);
    const [workshop] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const view = (await look(parent.headers, workshop?.id ?? 0)).json();
    expect(view).toMatchObject({ can_withdraw: false, blocked_by: "no_right", deadline: null });
    const refused = await withdraw(parent.headers, workshop?.id ?? 0);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["withdrawal_no_right"] });

    const c = await paidCourse();
    // Past the 14 days on any day of the year: § 193 BGB moves the last day by at most four (Easter, D532).
    await setPaidAt(c.orderId, new Date(Date.now() - 19 * DAY_MS));
    expect((await look(c.headers, c.itemId)).json().blocked_by).toBe("period_over");
    const late = await withdraw(c.headers, c.itemId);
    expect(late.json().error_codes).toEqual({ non_field_errors: ["withdrawal_period_over"] });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, c.itemId));
    expect(item?.status).toBe("active");
    await t.db
      .update(productPages)
      .set({ refundDaysBefore: seeded?.refundDaysBefore ?? null })
      .where(eq(productPages.id, t.workshop.page.id));
  });

  it("refunds a course that started at the parent's request pro rata, through a partial PayPal refund", async () => {
    const c = await paidCourse();
    // Paid 9 days ago: at least one weekly lesson of the paid month has been held.
    await paidDaysAgo(c, 9);
    const view = WithdrawalSchema.parse((await look(c.headers, c.itemId)).json());
    expect(view.basis).toBe("pro_rata");
    expect(view.refund_cents).toBeGreaterThan(0);
    expect(view.refund_cents).toBeLessThan(c.paid);
    const done = WithdrawalSchema.parse((await withdraw(c.headers, c.itemId)).json());
    expect(done.withdrawal?.refund_cents).toBe(view.refund_cents);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    const standInOrder = [...t.standIn.orders.values()].find((o) => o.captureId === payment?.captureId);
    expect(standInOrder?.refundedCents).toBe(view.refund_cents);
  });

  it("a closure of the house inside the paid month is not a lesson the refund counts (D537)", async () => {
    const c = await paidCourse();
    await paidDaysAgo(c, 9);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.orderItemId, c.itemId));
    const [slot] = await t.db
      .select({ weekday: scheduleSlots.weekday })
      .from(scheduleSlots)
      .innerJoin(orderItemSlots, eq(orderItemSlots.scheduleSlotId, scheduleSlots.id))
      .where(eq(orderItemSlots.orderItemId, c.itemId));
    if (!sub?.periodStart || !sub.periodEnd || slot?.weekday == null) throw new Error("no contract");
    // The month's lessons, and those already held (the course is not on today's weekday).
    const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const lessons: string[] = [];
    const [from, to] = [sub.periodStart, sub.periodEnd].map((d) => d.toISOString().slice(0, 10)) as [
      string,
      string,
    ];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      if (weekdayOf(day) === slot.weekday) lessons.push(day);
    }
    const held = lessons.filter((day) => day < todayInBerlin()).length;
    const closedDay = lessons.find((day) => day > todayInBerlin());
    if (!closedDay) throw new Error("no lesson ahead");
    const share = (sessions: number) => c.paid - Math.round((c.paid * held) / sessions);
    expect(WithdrawalSchema.parse((await look(c.headers, c.itemId)).json()).refund_cents).toBe(
      share(lessons.length),
    );
    // A closure of every house on the next lesson's day, as staff enter the holidays.
    await t.db
      .insert(closures)
      .values({ startsOn: closedDay, endsOn: closedDay, name: { de: "Brückentag", ru: "" } });
    try {
      const view = WithdrawalSchema.parse((await look(c.headers, c.itemId)).json());
      expect(view.refund_cents).toBe(share(lessons.length - 1));
      expect(
        WithdrawalSchema.parse((await withdraw(c.headers, c.itemId)).json()).withdrawal?.refund_cents,
      ).toBe(view.refund_cents);
    } finally {
      await t.db.delete(closures).where(eq(closures.startsOn, closedDay));
    }
  });

  it("records the withdrawal when PayPal is down, and the payment worker refunds it later, once", async () => {
    const c = await paidCourse();
    t.standIn.failNext("POST /v2/payments/captures/:id/refund", 503);
    const res = await withdraw(c.headers, c.itemId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal.refund_state).toBe("pending");
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, c.itemId));
    expect(item?.status).toBe("cancelled");
    await t.app.paymentWorker.runOnce();
    const after = (await look(c.headers, c.itemId)).json();
    expect(after.withdrawal.refund_state).toBe("completed");
    await t.app.paymentWorker.runOnce();
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    expect(payment?.refundedCents).toBe(c.paid);
  });

  it("a gift card partly spent refunds its remaining balance and is voided in the ledger", async () => {
    const { parent, card, orderId } = await t.buyGiftCard();
    // Spent elsewhere meanwhile (the redemption itself is the gift card tests').
    const left = Math.floor(card.initialCents / 3);
    await t.db.update(giftCards).set({ balanceCents: left }).where(eq(giftCards.id, card.id));
    const view = (await look(parent.headers, card.orderItemId ?? 0)).json();
    expect(view).toMatchObject({ can_withdraw: true, basis: "gift_card_balance", refund_cents: left });
    const done = (await withdraw(parent.headers, card.orderItemId ?? 0)).json();
    expect(done.withdrawal).toMatchObject({ refund_cents: left, refund_state: "completed" });
    const [voided] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(voided?.balanceCents).toBe(0);
    const ledger = await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
    expect(ledger.filter((row) => row.kind === "withdrawal").map((row) => row.amountCents)).toEqual([-left]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.refundedCents).toBe(left);
  });
});

describe("a workshop's refund policy (D142)", () => {
  const addDaysTo = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

  async function paidWorkshop(slotId: number) {
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 11);
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.option("Ticket").id,
        visitor: child,
        schedule_slots: [slotId],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const orderId = await pay(parent.headers);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    if (!item) throw new Error("no item");
    const paid = item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents;
    return { ...parent, orderId, itemId: item.id, paid };
  }

  it("within the policy a parent's own cancellation refunds in full, frees the seat and mails; outside it says why", async () => {
    const page = t.workshop.page.id;
    const [seeded] = await t.db.select().from(productPages).where(eq(productPages.id, page));
    const [near, far] = [t.dated[0], t.dated[1]];
    if (!near || !far) throw new Error("the workshop needs two dates");
    const [nearBefore] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, near.id));
    const [farBefore] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, far.id));
    const today = todayInBerlin();
    const farDay = addDaysTo(today, 20);
    await t.db.update(productPages).set({ refundDaysBefore: 7 }).where(eq(productPages.id, page));
    await t.db
      .update(scheduleSlots)
      .set({ date: addDaysTo(today, 3) })
      .where(eq(scheduleSlots.id, near.id));
    await t.db.update(scheduleSlots).set({ date: farDay }).where(eq(scheduleSlots.id, far.id));
    try {
      // The product page carries the policy.
      const detail = (await t.call("GET", `/api/v2/products/${page}/`)).json();
      expect(detail.refund_days_before).toBe(7);

      // 20 days ahead, 7 days' policy: refundable until 13 days from today, in full.
      const w = await paidWorkshop(far.id);
      const view = WithdrawalSchema.parse((await look(w.headers, w.itemId)).json());
      expect(view).toMatchObject({
        can_withdraw: true,
        blocked_by: null,
        deadline: refundPolicyDeadline(farDay, 7),
        refund_cents: w.paid,
        basis: "full",
      });
      expect(view.deadline).toBe(addDaysTo(today, 13));
      const [listed] = (await t.call("GET", "/api/v2/orders/items/history/", { headers: w.headers })).json();
      expect(listed).toMatchObject({
        withdrawable_until: addDaysTo(today, 13),
        refund_until: addDaysTo(today, 13),
      });

      const before = refundCalls();
      const done = await withdraw(w.headers, w.itemId);
      expect(done.statusCode, done.body).toBe(200);
      // A cancellation under the policy, not a § 355 withdrawal (D179): recorded, listed and mailed as one.
      expect(done.json().withdrawal).toMatchObject({
        kind: "cancellation",
        refund_cents: w.paid,
        refund_state: "completed",
      });
      const [afterwards] = (
        await t.call("GET", "/api/v2/orders/items/history/", { headers: w.headers })
      ).json();
      expect(afterwards.withdrawal).toMatchObject({ kind: "cancellation", refund_cents: w.paid });
      expect(refundCalls()).toBe(before + 1);
      const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, w.itemId));
      expect(item?.status).toBe("cancelled");
      const mails = (await t.mailsTo(await emailOf(w.headers))).filter(
        (m) => m.template === "withdrawal-confirmation",
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`Bestätigung Ihrer Stornierung (Bestellung Nr. ${w.orderId})`);
      expect(mails[0]?.text).not.toMatch(/widerruf/i);
      const notice = (await t.db.select().from(mailOutbox)).filter(
        (m) =>
          m.template === "staff-notice" &&
          m.text.includes(`Nr. ${w.orderId}`) &&
          !m.subject.startsWith("Neue Buchung"),
      );
      expect(notice.map((m) => m.subject.split(":")[0])).toEqual(["Stornierung"]);
      // Staff read it as the parent's cancellation too.
      const staff = await createStaff(t.db);
      const shown = await t.call("GET", `/api/v2/admin/orders/${w.orderId}/`, { headers: staff.headers });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().refunds).toEqual([
        expect.objectContaining({ source: "cancellation", item: w.itemId, amount_cents: w.paid }),
      ]);

      // 3 days ahead: the 7 days have passed; the shop refuses and says why.
      const late = await paidWorkshop(near.id);
      const lateView = (await look(late.headers, late.itemId)).json();
      expect(lateView).toMatchObject({ can_withdraw: false, blocked_by: "policy_over" });
      const refused = await withdraw(late.headers, late.itemId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_codes).toEqual({ non_field_errors: ["withdrawal_policy_over"] });
      expect(refused.json().non_field_errors[0]).toContain("andere Person");
      const [lateListed] = (
        await t.call("GET", "/api/v2/orders/items/history/", { headers: late.headers })
      ).json();
      expect(lateListed).toMatchObject({ withdrawable_until: null, refund_until: addDaysTo(today, -4) });
      const [kept] = await t.db.select().from(orderItems).where(eq(orderItems.id, late.itemId));
      expect(kept?.status).toBe("active");
    } finally {
      await t.db
        .update(productPages)
        .set({ refundDaysBefore: seeded?.refundDaysBefore ?? null })
        .where(eq(productPages.id, page));
      await t.db
        .update(scheduleSlots)
        .set({ date: nearBefore?.date ?? null })
        .where(eq(scheduleSlots.id, near.id));
      await t.db
        .update(scheduleSlots)
        .set({ date: farBefore?.date ?? null })
        .where(eq(scheduleSlots.id, far.id));
    }
  });
});

describe("withdrawal of an order paid partly with a gift card", () => {
  /** A course paid 10 € by a gift card bought before and the rest through PayPal. */
  async function paidPartlyWithCard() {
    const buyer = await createParent(t.db);
    const page = await pageBySlug(t.db, GIFT_CARD);
    await t.call("POST", "/api/v2/orders/items/", {
      headers: buyer.headers,
      body: { product_page: page.page.id, purchase_option: page.options[0]?.id },
    });
    await pay(buyer.headers);
    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.buyerUserId, buyer.id));
    if (!card) throw new Error("no card");
    await t.db.update(giftCards).set({ balanceCents: 1000 }).where(eq(giftCards.id, card.id));

    const slot = t.weekly.findIndex((s) => s.weekday !== todayWeekday());
    const parent = await t.parentWithCourse(slot);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    expect(set.json().gift_card.applied_cents).toBe(1000);
    const orderId = await pay(parent.headers);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    if (!item) throw new Error("no item");
    const paid = item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents;
    expect((await t.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]?.balanceCents).toBe(0);
    return { card, parent, orderId, item, paid };
  }

  it("refunds PayPal's part through PayPal and books the card's part back onto the card", async () => {
    const { card, parent, orderId, item, paid } = await paidPartlyWithCard();
    // The card has run out since it paid: the money going back makes it valid again (D499).
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.db.update(giftCards).set({ expiresAt: yesterday }).where(eq(giftCards.id, card.id));

    const done = (await withdraw(parent.headers, item.id)).json();
    // The family reads which part is back on the card: only the rest follows PayPal (D579).
    expect(done.withdrawal).toMatchObject({
      refund_cents: paid,
      gift_card_cents: 1000,
      refund_state: "completed",
    });
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: parent.headers });
    expect(
      (history.json() as { id: number; withdrawal: unknown }[]).find((entry) => entry.id === item.id)
        ?.withdrawal,
    ).toMatchObject({ refund_cents: paid, gift_card_cents: 1000 });
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, item.id));
    expect([row?.gatewayCents, row?.giftCardCents]).toEqual([paid - 1000, 1000]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.refundedCents).toBe(paid - 1000);
    expect((await t.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]?.balanceCents).toBe(
      1000,
    );
    const ledger = await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
    expect(ledger.filter((r) => r.kind === "withdrawal").map((r) => r.amountCents)).toEqual([1000]);
    const renewed = giftCardExpiry(new Date());
    expect((await t.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]?.expiresAt).toEqual(
      renewed,
    );
    // The parent's mail names the card's part and until when the card pays again.
    const [mail] = (await t.mailsTo(await emailOf(parent.headers))).filter(
      (m) => m.template === "withdrawal-confirmation",
    );
    expect(mail?.text).toContain(`Davon zurück auf Ihren Gutschein: ${euroText(1000, "de")}`);
    expect(mail?.text).toContain(`Gutschein gültig bis: ${formatDate(berlinDate(renewed), "de")}`);
  });

  it("still books the part onto a card the school deactivated, tells the parent it is blocked and the school what to do (D504)", async () => {
    const { card, parent, orderId, item, paid } = await paidPartlyWithCard();
    await t.db.update(giftCards).set({ deactivatedAt: new Date() }).where(eq(giftCards.id, card.id));

    const done = (await withdraw(parent.headers, item.id)).json();
    expect(done.withdrawal).toMatchObject({ refund_cents: paid, refund_state: "completed" });
    const ledger = await t.db.select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
    expect(ledger.filter((r) => r.kind === "withdrawal").map((r) => r.amountCents)).toEqual([1000]);
    const [mail] = (await t.mailsTo(await emailOf(parent.headers))).filter(
      (m) => m.template === "withdrawal-confirmation",
    );
    expect(mail?.text).toContain(`Davon zurück auf Ihren Gutschein: ${euroText(1000, "de")}`);
    expect(mail?.text).toContain("Gutschein: gesperrt – die Schule meldet sich bei Ihnen");
    expect(mail?.text).not.toContain("gültig bis");
    const notices = (await t.db.select().from(mailOutbox)).filter(
      (m) =>
        m.template === "staff-notice" &&
        m.subject.startsWith("Widerruf") &&
        m.text.includes(`Nr. ${orderId}`),
    );
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) {
      expect(notice.text).toContain(
        `Handlungsbedarf: ${euroText(1000, "de")} wurden auf den Gutschein ${card.code} zurückgebucht, den die Schule deaktiviert hat;`,
      );
    }
  });
});

describe("invoice PDF and calendar, only for their owner", () => {
  it("serves the order's invoice and a credit note to the parent, 404 to anyone else", async () => {
    const c = await paidCourse();
    const pdf = await t.call("GET", `/api/v2/orders/${c.orderId}/invoice.pdf`, { headers: c.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(/attachment; filename="RE-\d{4}-\d{6}\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const note = (await withdraw(c.headers, c.itemId)).json().withdrawal.credit_note_number as string;
    const notePdf = await t.call("GET", `/api/v2/invoices/${note}/pdf/`, { headers: c.headers });
    expect(notePdf.statusCode).toBe(200);
    expect(notePdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const stranger = await createParent(t.db);
    expect(
      (await t.call("GET", `/api/v2/orders/${c.orderId}/invoice.pdf`, { headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call("GET", `/api/v2/invoices/${note}/pdf/`, { headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await t.call("GET", `/api/v2/orders/${c.orderId}/invoice.pdf`)).statusCode).toBe(401);
    expect((await t.call("GET", "/api/v2/invoices/nonsense/pdf/", { headers: c.headers })).statusCode).toBe(
      400,
    );
  });

  it("serves a child's booked dates as .ics (a course as a weekly rule), 404 for another family", async () => {
    const c = await paidCourse();
    const res = await t.call("GET", `/api/v2/visitors/${c.child}/calendar.ics`, { headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename=".+\.ics"/);
    const body = res.body;
    expect(body.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(body).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin");
    expect(body).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T\d{6}\r\n/);
    expect(body).toMatch(/RRULE:FREQ=WEEKLY;UNTIL=\d{8}T235959Z/);
    expect(body.match(/BEGIN:VEVENT/g)?.length).toBe(1);
    expect(body.trimEnd().endsWith("END:VCALENDAR")).toBe(true);

    // A withdrawn course leaves the calendar.
    await withdraw(c.headers, c.itemId);
    const after = await t.call("GET", `/api/v2/visitors/${c.child}/calendar.ics`, { headers: c.headers });
    expect(after.body).not.toContain("RRULE:FREQ=WEEKLY");

    const stranger = await createParent(t.db);
    expect(
      (await t.call("GET", `/api/v2/visitors/${c.child}/calendar.ics`, { headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.call("GET", `/api/v2/visitors/${c.child}/calendar.ics`)).statusCode).toBe(401);
  });
});
