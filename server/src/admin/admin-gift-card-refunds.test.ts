import { randomUUID } from "node:crypto";
import { AdminOrderSchema, berlinDate, euroText, type HistoryItem, todayInBerlin } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  giftCardLedger,
  giftCards,
  invoices,
  mailOutbox,
  orderItems,
  orders,
  payments,
  staffRefunds,
} from "../db/schema/index.ts";
import { giftCardExpiry, releaseGiftCard } from "../gift-cards/index.ts";
import { formatDate } from "../mail/templates/format.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff, GIFT_CARD, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;

const todayWeekday = () => (new Date(`${todayInBerlin()}T00:00:00Z`).getUTCDay() + 6) % 7;

/** A gift card bought and paid through PayPal: the card, and the order and item that bought it. */
async function boughtGiftCard() {
  const { card, orderId } = await t.buyGiftCard();
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!item) throw new Error("no card");
  return { card, orderId, item };
}

/** A gift card bought and paid through PayPal, then given the balance the test needs. */
async function giftCardWorth(cents: number) {
  const { card } = await boughtGiftCard();
  await t.db
    .update(giftCards)
    .set({ initialCents: Math.max(card.initialCents, cents), balanceCents: cents })
    .where(eq(giftCards.id, card.id));
  return card;
}

/** Pays the cart: through the stand-in, or at once when the gift card covers it all. */
async function pay(headers: Headers): Promise<number> {
  const fulfilled = await t.fulfil(headers);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const { id, order_id: orderId, approve_url: approveUrl } = fulfilled.json();
  if (approveUrl !== null) {
    t.standIn.approve(id);
    const captured = await t.capture(headers, id);
    expect(captured.statusCode, captured.body).toBe(200);
  }
  return orderId;
}

/** A gift card bought for a recipient, mailed to them a week from now: the card and its order. */
async function cardForRecipient(email: string) {
  const buyer = await createParent(t.db);
  const page = await pageBySlug(t.db, GIFT_CARD);
  const added = await t.call("POST", "/api/v2/orders/items/", {
    headers: buyer.headers,
    body: {
      product_page: page.page.id,
      purchase_option: page.options[0]?.id,
      gift_card: {
        amount_cents: 5_000,
        recipient_name: "Oma Olga",
        deliver_to: "recipient",
        recipient_email: email,
        send_on: berlinDate(new Date(Date.now() + 7 * 86_400_000)),
      },
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  const orderId = await pay(buyer.headers);
  const [card] = await t.db.select().from(giftCards).where(eq(giftCards.buyerUserId, buyer.id));
  if (!card) throw new Error("no card");
  return { card, orderId };
}

const pendingMailsTo = async (email: string) =>
  (await t.mailsTo(email)).filter((mail) => mail.status === "pending");

/** A refund of the whole payment of the order, as PayPal reports one made in its dashboard. */
async function refundedInDashboard(orderId: number) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment?.gatewayOrderId) throw new Error("no payment");
  await reportRefund(t.standIn.refundAtPayPal(payment.gatewayOrderId, payment.amountCents));
}

/** A course (its lesson not today) paid with the card's code, wholly or in part. */
async function courseWithCard(code: string) {
  const parent = await t.parentWithCourse(t.weekly.findIndex((s) => s.weekday !== todayWeekday()));
  const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
    headers: parent.headers,
    body: { promocode: code },
  });
  expect(set.statusCode, set.body).toBe(200);
  const orderId = await pay(parent.headers);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!item) throw new Error("no item");
  const paid = item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents;
  return { ...parent, orderId, itemId: item.id, paid };
}

/** A refund PayPal reports by its webhook. */
const reportRefund = async (resource: Record<string, unknown>) => {
  const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.REFUNDED", resource);
  const posted = await t.call("POST", "/api/v2/payments/paypal/webhook/", {
    headers: event.headers,
    body: event.payload,
  });
  expect(posted.statusCode, posted.body).toBe(200);
};

const show = async (orderId: number) => {
  const res = await t.call("GET", `/api/v2/admin/orders/${orderId}/`, { headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderSchema.parse(res.json());
};
const refund = (orderId: number, body: Record<string, unknown>) =>
  t.call("POST", `/api/v2/admin/orders/${orderId}/refunds/`, { headers: staff.headers, body });
/** A refund of all PayPal took and 4 € more, which only the card can give back (the item stays booked). */
const refundBeyondGateway = (c: { orderId: number; itemId: number }, gateway: number) =>
  refund(c.orderId, {
    request_id: randomUUID(),
    item: c.itemId,
    amount_cents: gateway + 400,
    cancel_item: false,
    reason: "Zwei Termine fielen aus",
  });
const balanceOf = async (cardId: number) =>
  (await t.db.select().from(giftCards).where(eq(giftCards.id, cardId)))[0]?.balanceCents;
const expiryOf = async (cardId: number) =>
  (await t.db.select().from(giftCards).where(eq(giftCards.id, cardId)))[0]?.expiresAt;
/** A moment of yesterday: a card that ran out then. */
const YESTERDAY = () => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3_600_000);
const REFUND_ROUTE = "POST /v2/payments/captures/:id/refund";
const gatewayRefunds = () => t.standIn.calls.get(REFUND_ROUTE) ?? 0;
const emailOf = async (headers: Headers) =>
  (await t.call("GET", "/api/v2/users/me/", { headers })).json().email as string;

describe(`staff refunds of what a gift card paid (D494, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("an order a gift card paid wholly is paid, and its cancellation with the refund goes back onto the card", async () => {
    const card = await giftCardWorth(100_000);
    const c = await courseWithCard(card.code);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, c.orderId))).toEqual([]);
    const before = await show(c.orderId);
    expect(before).toMatchObject({ status: "paid", payment_state: "paid", total_cents: 0 });
    expect(before.gift_card_cents).toBe(c.paid);
    expect(before.items[0]).toMatchObject({ paid_cents: c.paid, refundable_cents: c.paid });
    const listed = await t.call("GET", "/api/v2/admin/orders/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ payment_state: "paid", parent: c.id }), range: "[0,9]" },
    });
    expect(listed.json().map((row: { id: number }) => row.id)).toEqual([c.orderId]);
    const balance = await balanceOf(card.id);
    const calls = gatewayRefunds();

    const body = {
      request_id: randomUUID(),
      item: c.itemId,
      amount_cents: null,
      cancel_item: true,
      reason: "Kurs fällt aus",
    };
    const res = await refund(c.orderId, body);
    expect(res.statusCode, res.body).toBe(200);
    const after = AdminOrderSchema.parse(res.json());
    expect(after.refunds).toMatchObject([
      {
        source: "staff",
        amount_cents: c.paid,
        gift_card_cents: c.paid,
        state: "completed",
        cancel_item: true,
      },
    ]);
    expect(after.items[0]).toMatchObject({
      status: "cancelled",
      refunded_cents: c.paid,
      refundable_cents: 0,
    });
    expect(after.payment_state).toBe("refunded");
    // The filter finds it by what went back onto the card, with no payment at all (D501).
    const refundedList = await t.call("GET", "/api/v2/admin/orders/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ payment_state: "refunded", parent: c.id }), range: "[0,9]" },
    });
    expect(refundedList.json().map((row: { id: number }) => row.id)).toEqual([c.orderId]);
    expect(gatewayRefunds()).toBe(calls);
    expect(await balanceOf(card.id)).toBe((balance ?? 0) + c.paid);
    const ledger = await t.db
      .select()
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.giftCardId, card.id), eq(giftCardLedger.kind, "staff_refund")));
    expect(ledger.map((row) => [row.orderId, row.amountCents])).toEqual([[c.orderId, c.paid]]);
    const notes = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, c.orderId), eq(invoices.kind, "credit_note")));
    expect(notes.map((note) => note.totalCents)).toEqual([c.paid]);
    const [mail] = (await t.mailsTo(await emailOf(c.headers))).filter((m) => m.template === "staff-refund");
    expect(mail?.text).toContain("Ihrem Gutschein wieder gutgeschrieben");
    expect(mail?.text).not.toContain("Zahlungsweg");

    // A retry books nothing more onto the card; the same id with another amount is refused (D490).
    expect((await refund(c.orderId, body)).statusCode).toBe(200);
    expect((await refund(c.orderId, { ...body, amount_cents: 100 })).statusCode).toBe(409);
    expect(await balanceOf(card.id)).toBe((balance ?? 0) + c.paid);
    expect(await t.db.select().from(staffRefunds).where(eq(staffRefunds.orderId, c.orderId))).toHaveLength(1);

    // The parent's history shows the refund at its whole amount.
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: c.headers });
    const item = history.json().find((i: { id: number }) => i.id === c.itemId);
    expect(item.refunds).toEqual([
      expect.objectContaining({ amount_cents: c.paid, refund_state: "completed", cancelled: true }),
    ]);
  });

  it("an order paid partly with a card: the gateway's part first, the rest onto the card, never more than each took", async () => {
    const card = await giftCardWorth(1_000);
    const c = await courseWithCard(card.code);
    const gateway = c.paid - 1_000;
    expect(gateway).toBeGreaterThan(500);
    expect(await balanceOf(card.id)).toBe(0);
    const before = await show(c.orderId);
    expect(before).toMatchObject({ payment_state: "paid", total_cents: gateway, gift_card_cents: 1_000 });
    const calls = gatewayRefunds();

    const first = await refundBeyondGateway(c, gateway);
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.db.select().from(staffRefunds).where(eq(staffRefunds.orderId, c.orderId));
    expect([row?.amountCents, row?.giftCardCents, row?.refundState]).toEqual([gateway, 400, "completed"]);
    expect(gatewayRefunds() - calls).toBe(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    expect(payment?.refundedCents).toBe(gateway);
    expect(await balanceOf(card.id)).toBe(400);
    const partly = AdminOrderSchema.parse(first.json());
    expect(partly.payment_state).toBe("partly_refunded");
    expect(partly.refunded_cents).toBe(gateway + 400);
    expect(partly.items[0]?.refundable_cents).toBe(600);
    const [mail] = (await t.mailsTo(await emailOf(c.headers))).filter((m) => m.template === "staff-refund");
    expect(mail?.text).toContain("Der Anteil, den Sie mit einem Gutschein bezahlt hatten");

    // More than the card took is refused; the rest goes onto the card, not to the gateway.
    const tooMuch = await refund(c.orderId, {
      request_id: randomUUID(),
      item: c.itemId,
      amount_cents: 601,
      cancel_item: false,
      reason: "Rest",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error_codes).toEqual({ amount_cents: ["refund_too_much"] });
    const rest = await refund(c.orderId, {
      request_id: randomUUID(),
      item: c.itemId,
      amount_cents: null,
      cancel_item: true,
      reason: "Rest",
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(gatewayRefunds() - calls).toBe(1);
    expect(await balanceOf(card.id)).toBe(1_000);
    expect(AdminOrderSchema.parse(rest.json()).payment_state).toBe("refunded");
    // The parent's history tells each refund's card part from the part through the gateway (D579).
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: c.headers });
    const item = history.json().find((i: { id: number }) => i.id === c.itemId);
    expect(
      item.refunds.map((r: { amount_cents: number; gift_card_cents: number }) => [
        r.amount_cents,
        r.gift_card_cents,
      ]),
    ).toEqual([
      [gateway + 400, 400],
      [600, 600],
    ]);
  });

  it("a release of the order's card part after a staff refund onto it gives back only the rest", async () => {
    // PayPal's webhook of the staff refund can overtake the refund's own record of it; the shop then takes
    // it for a refund at PayPal's dashboard and releases the order's card part. What the staff refund
    // already put onto the card is not given twice.
    const card = await giftCardWorth(1_000);
    const c = await courseWithCard(card.code);
    const gateway = c.paid - 1_000;
    const first = await refundBeyondGateway(c, gateway);
    expect(first.statusCode, first.body).toBe(200);
    expect(await balanceOf(card.id)).toBe(400);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, c.orderId));
    if (!order) throw new Error("no order");
    // The card has expired since (D499): the release makes it valid again for a new card's term.
    await t.db.update(giftCards).set({ expiresAt: YESTERDAY() }).where(eq(giftCards.id, card.id));
    await t.db.transaction((tx) => releaseGiftCard(tx, order));
    expect(await balanceOf(card.id)).toBe(1_000);
    expect(await expiryOf(card.id)).toEqual(giftCardExpiry(new Date()));
    // A second release finds nothing left, and renews nothing.
    await t.db.update(giftCards).set({ expiresAt: YESTERDAY() }).where(eq(giftCards.id, card.id));
    await t.db.transaction((tx) => releaseGiftCard(tx, order));
    expect(await balanceOf(card.id)).toBe(1_000);
    expect(await expiryOf(card.id)).toEqual(YESTERDAY());
  });

  it("PayPal's report of a staff refund's payout, before the staff refund recorded it, refunds nothing more (D506)", async () => {
    const card = await giftCardWorth(1_000);
    const c = await courseWithCard(card.code);
    const gateway = c.paid - 1_000;
    // The staff refund's call to PayPal gets no answer: it waits for the worker's next try.
    t.standIn.failNext(REFUND_ROUTE, 503);
    const pending = await refund(c.orderId, {
      request_id: randomUUID(),
      item: c.itemId,
      amount_cents: gateway,
      cancel_item: false,
      reason: "Zwei Termine fielen aus",
    });
    expect(pending.statusCode, pending.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    if (!payment?.gatewayOrderId) throw new Error("no payment");
    // PayPal did refund it and reports it first.
    await reportRefund(t.standIn.refundAtPayPal(payment.gatewayOrderId, gateway));
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: "refunded", refundedCents: gateway });
    // The course stays booked and the card's part stays spent: the order was not refunded whole.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(order?.status).toBe("paid");
    expect(await balanceOf(card.id)).toBe(0);
    expect((await show(c.orderId)).items[0]?.status).toBe("active");
  });

  it("after a small staff refund, the rest refunded in PayPal's dashboard refunds the order whole (D506)", async () => {
    const card = await giftCardWorth(1_000);
    const c = await courseWithCard(card.code);
    const gateway = c.paid - 1_000;
    const part = await refund(c.orderId, {
      request_id: randomUUID(),
      item: c.itemId,
      amount_cents: 500,
      cancel_item: false,
      reason: "Ein Termin fiel aus",
    });
    expect(part.statusCode, part.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, c.orderId));
    if (!payment?.gatewayOrderId) throw new Error("no payment");
    await reportRefund(t.standIn.refundAtPayPal(payment.gatewayOrderId, gateway - 500));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(order?.status).toBe("refunded");
    // The card's part goes back with it: the staff refund gave none of it back.
    expect(await balanceOf(card.id)).toBe(1_000);
  });

  it("an order refunded whole in PayPal's dashboard gets credit notes for what nothing credited yet (D529)", async () => {
    const parent = await t.parentWithCourse(t.weekly.findIndex((s) => s.weekday !== todayWeekday()));
    const orderId = await pay(parent.headers);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    if (!item) throw new Error("no item");
    const paid = item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents;
    // Staff gave 5 € back with its own credit note; the rest goes back in PayPal's dashboard.
    const first = await refund(orderId, {
      request_id: randomUUID(),
      item: item.id,
      amount_cents: 500,
      cancel_item: false,
      reason: "Ein Termin fiel aus",
    });
    expect(first.statusCode, first.body).toBe(200);
    const notes = async () =>
      (
        await t.db
          .select()
          .from(invoices)
          .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note")))
      )
        .map((note) => note.totalCents)
        .sort((a, b) => a - b);
    expect(await notes()).toEqual([500]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment?.gatewayOrderId) throw new Error("no payment");
    const rest = t.standIn.refundAtPayPal(payment.gatewayOrderId, paid - 500);
    await reportRefund(rest);
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe("refunded");
    // The invoice is corrected in full: the staff refund's note and one for the rest.
    expect(await notes()).toEqual([500, paid - 500]);
    // The parent gets the rest's credit note, told the money already went back (D564).
    const refundMails = async () =>
      (await t.mailsTo(await emailOf(parent.headers)))
        .filter((m) => m.template === "staff-refund")
        .sort((a, b) => a.id - b.id);
    const [, restMail] = await refundMails();
    expect(restMail?.text).toContain("Der Betrag ist bereits über den Zahlungsweg an Sie zurückgegangen");
    expect(restMail?.text).toContain(euroText(paid - 500, "de"));
    expect(restMail?.attachments).toEqual([expect.objectContaining({ kind: "invoice-pdf" })]);
    // The parent's history lists the rest's credit note with the booking; the staff refund's stays on the
    // refund's own line, not twice (D567).
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: parent.headers });
    expect(history.statusCode, history.body).toBe(200);
    const shown = (history.json() as HistoryItem[]).find((entry) => entry.id === item.id);
    const [restNote] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.totalCents, paid - 500)));
    expect(shown?.credit_notes).toEqual([
      { number: restNote?.number, issued_on: todayInBerlin(), amount_cents: paid - 500 },
    ]);
    expect(shown?.refunds.map((r) => r.credit_note_number)).toHaveLength(1);
    expect(shown?.refunds[0]?.credit_note_number).not.toBe(restNote?.number);
    // The report sent again changes nothing.
    await reportRefund(rest);
    expect(await notes()).toEqual([500, paid - 500]);
    expect(await refundMails()).toHaveLength(2);
  });

  it("a part refunded in PayPal's dashboard is booked to its item: a credit note and the parent's mail, no second payout (D562)", async () => {
    const parent = await t.parentWithCourse(t.weekly.findIndex((s) => s.weekday !== todayWeekday()));
    const orderId = await pay(parent.headers);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    if (!item) throw new Error("no item");
    const paid = item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents;
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment?.gatewayOrderId) throw new Error("no payment");
    const notes = async () =>
      (
        await t.db
          .select()
          .from(invoices)
          .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note")))
      ).map((note) => note.totalCents);
    await reportRefund(t.standIn.refundAtPayPal(payment.gatewayOrderId, 1_500));
    const before = await show(orderId);
    expect(before.status).toBe("paid");
    expect(before.unbooked_gateway_cents).toBe(1_500);
    expect(await notes()).toEqual([]);

    const book = (body: Record<string, unknown>) =>
      refund(orderId, {
        request_id: randomUUID(),
        item: item.id,
        amount_cents: null,
        cancel_item: false,
        reason: "Im PayPal-Konto erstattet: zwei Termine fielen aus",
        booked_at_gateway: true,
        ...body,
      });
    const tooMuch = await book({ amount_cents: 2_000 });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      amount_cents: [
        `Von den Erstattungen im Zahlungskonto sind nur noch ${euroText(1_500, "de")} keiner Position zugeordnet.`,
      ],
      error_codes: { amount_cents: ["refund_booked_too_much"] },
    });
    const requestId = randomUUID();
    const booked = await book({ request_id: requestId });
    expect(booked.statusCode, booked.body).toBe(200);
    const after = AdminOrderSchema.parse(booked.json());
    expect(after.unbooked_gateway_cents).toBe(0);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        source: "staff",
        amount_cents: 1_500,
        state: "completed",
        booked_at_gateway: true,
      }),
    ]);
    expect(after.refunds[0]?.credit_note_number).toMatch(/^GS-/);
    expect(await notes()).toEqual([1_500]);
    // Nothing went to PayPal a second time: no refund call, the payment's refunds as the dashboard left them.
    expect(t.standIn.requestIds.some((id) => id.includes(requestId))).toBe(false);
    const [kept] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept?.refundedCents).toBe(1_500);
    const mails = (await t.mailsTo(await emailOf(parent.headers))).filter(
      (m) => m.template === "staff-refund",
    );
    expect(mails).toHaveLength(1);
    // The parent reads that the money already went back, not that it will.
    expect(mails[0]?.text).toContain("Der Betrag ist bereits über den Zahlungsweg an Sie zurückgegangen");
    expect(mails[0]?.text).not.toContain("einige Tage dauern");
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "staff_refunds"), eq(auditLog.recordId, after.refunds[0]?.id ?? 0)));
    expect(entry?.after).toMatchObject({ amount_cents: 1_500, booked_at_gateway: true });
    // The same request sent as a refund of the shop's own is another request: refused, nothing sent.
    const flipped = await refund(orderId, {
      request_id: requestId,
      item: item.id,
      amount_cents: null,
      cancel_item: false,
      reason: "Im PayPal-Konto erstattet: zwei Termine fielen aus",
    });
    expect(flipped.statusCode, flipped.body).toBe(409);
    // A refund the shop sends now takes what the payment still holds, not the booked part again.
    expect(after.items[0]?.refundable_cents).toBe(paid - 1_500);

    const again = await book({});
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json().error_codes).toEqual({ non_field_errors: ["refund_nothing_booked"] });
    // The rest refunded in the dashboard too: the order ends refunded and its invoice is corrected in full, once.
    await reportRefund(t.standIn.refundAtPayPal(payment.gatewayOrderId, paid - 1_500));
    expect((await show(orderId)).status).toBe("refunded");
    expect((await notes()).sort((a, b) => a - b)).toEqual([1_500, paid - 1_500].sort((a, b) => a - b));
  });

  it("a bought card whose order PayPal's dashboard refunded whole pays for nothing more (D512)", async () => {
    // Bought for a recipient, mailed to them in a week: that mail is taken back with the refund.
    const { card, orderId } = await cardForRecipient("oma.olga@example.org");
    const waiting = () => pendingMailsTo("oma.olga@example.org");
    expect(await waiting()).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!payment?.gatewayOrderId) throw new Error("no payment");
    await reportRefund(t.standIn.refundAtPayPal(payment.gatewayOrderId, payment.amountCents));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("refunded");
    const [after] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after?.deactivatedAt).toBeInstanceOf(Date);
    expect(await waiting()).toEqual([]);
    const parent = await t.parentWithCourse(0);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().error_codes).toEqual({ promocode: ["gift_card_deactivated"] });
  });

  it("a recipient's mail the outbox gave up on is taken back too: the dashboard could send it again (D534)", async () => {
    const { orderId } = await cardForRecipient("tante.vera@example.org");
    await t.db
      .update(mailOutbox)
      .set({ status: "failed", attempts: 8 })
      .where(eq(mailOutbox.to, "tante.vera@example.org"));
    await refundedInDashboard(orderId);
    expect(await t.mailsTo("tante.vera@example.org")).toEqual([]);
  });

  it("a card staff deactivated before the dashboard refund has its waiting mail taken back too (D512)", async () => {
    const { card, orderId } = await cardForRecipient("opa.ivan@example.org");
    await t.db.update(giftCards).set({ deactivatedAt: new Date() }).where(eq(giftCards.id, card.id));
    expect(await pendingMailsTo("opa.ivan@example.org")).toHaveLength(1);
    await refundedInDashboard(orderId);
    expect(await pendingMailsTo("opa.ivan@example.org")).toEqual([]);
  });

  it("a bought card refunded by staff gives back no more than is still on it, and loses what it gave (D506)", async () => {
    const { card, orderId, item } = await boughtGiftCard();
    // 15 € of the card were spent since.
    const left = card.initialCents - 1_500;
    await t.db.update(giftCards).set({ balanceCents: left }).where(eq(giftCards.id, card.id));
    expect((await show(orderId)).items[0]?.refundable_cents).toBe(left);

    const tooMuch = await refund(orderId, {
      request_id: randomUUID(),
      item: item.id,
      amount_cents: left + 1,
      cancel_item: false,
      reason: "Gutschein zurückgegeben",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error_codes).toEqual({ amount_cents: ["refund_too_much"] });
    const all = await refund(orderId, {
      request_id: randomUUID(),
      item: item.id,
      amount_cents: null,
      cancel_item: true,
      reason: "Gutschein zurückgegeben",
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(AdminOrderSchema.parse(all.json()).refunds).toMatchObject([
      { amount_cents: left, gift_card_cents: 0 },
    ]);
    expect(await balanceOf(card.id)).toBe(0);
    const ledger = await t.db
      .select()
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.giftCardId, card.id), eq(giftCardLedger.kind, "staff_refund")));
    expect(ledger.map((row) => row.amountCents)).toEqual([-left]);
    // The card pays for nothing any more.
    const parent = await t.parentWithCourse(0);
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: parent.headers,
      body: { promocode: card.code },
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().error_codes).toEqual({ promocode: ["gift_card_empty"] });
  });

  it("a card that expired after it paid is valid again once a staff refund puts money onto it (D499)", async () => {
    const card = await giftCardWorth(100_000);
    const c = await courseWithCard(card.code);
    await t.db.update(giftCards).set({ expiresAt: YESTERDAY() }).where(eq(giftCards.id, card.id));
    const balance = await balanceOf(card.id);
    const res = await refund(c.orderId, {
      request_id: randomUUID(),
      item: c.itemId,
      amount_cents: null,
      cancel_item: true,
      reason: "Kurs fällt aus",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(card.id)).toBe((balance ?? 0) + c.paid);
    const renewed = giftCardExpiry(new Date());
    expect(await expiryOf(card.id)).toEqual(renewed);
    // The parent reads until when the card now pays, and can spend it again.
    const [mail] = (await t.mailsTo(await emailOf(c.headers))).filter((m) => m.template === "staff-refund");
    expect(mail?.text).toContain(`Gutschein gültig bis: ${formatDate(berlinDate(renewed), "de")}`);
    const again = await t.parentWithCourse(t.weekly.findIndex((s) => s.weekday !== todayWeekday()));
    const set = await t.call("PUT", "/api/v2/orders/current/set_promocode/", {
      headers: again.headers,
      body: { promocode: card.code },
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it("a deactivated card takes nothing back: staff are told what the payment can still refund (D499)", async () => {
    const card = await giftCardWorth(1_000);
    const c = await courseWithCard(card.code);
    const gateway = c.paid - 1_000;
    await t.db.update(giftCards).set({ deactivatedAt: new Date() }).where(eq(giftCards.id, card.id));
    const calls = gatewayRefunds();

    const refused = await refundBeyondGateway(c, gateway);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ amount_cents: ["refund_gift_card_deactivated"] });
    expect(refused.json().amount_cents[0]).toContain(`höchstens ${euroText(gateway, "de")}`);
    expect(await t.db.select().from(staffRefunds).where(eq(staffRefunds.orderId, c.orderId))).toEqual([]);
    expect([await balanceOf(card.id), gatewayRefunds()]).toEqual([0, calls]);

    // What the payment took still goes back, and the booking can be cancelled without more.
    const paymentPart = await refund(c.orderId, {
      request_id: randomUUID(),
      item: c.itemId,
      amount_cents: gateway,
      cancel_item: true,
      reason: "Kurs fällt aus",
    });
    expect(paymentPart.statusCode, paymentPart.body).toBe(200);
    expect([await balanceOf(card.id), gatewayRefunds() - calls]).toEqual([0, 1]);
  });
});
