import { randomUUID } from "node:crypto";
import { AdminStaffOrderSchema, PaymentLinkSchema } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, giftCards, orders, paymentLinks, scheduleSlots, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { lockRace } from "../test/lock-race.ts";
import { createChild, createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 300_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;

const emailOf = async (id: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? "";

const book = (body: Record<string, unknown>, headers: Headers = staff.headers) =>
  t.call("POST", "/api/v2/admin/staff-orders/", { headers, body });

/** A parent with a child of `age`, and the body of a staff order of one course slot for it. */
async function phoneCall(slotIndex = 0, age = 6, holdMinutes: number | null = null, workshop = false) {
  const parent = await createParent(t.db);
  const child = await createChild(t.db, parent.id, age);
  const item = workshop
    ? {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.option("Ticket").id,
        visitor: child,
        schedule_slots: [t.dated[slotIndex]?.id],
      }
    : {
        product_page: t.course.page.id,
        purchase_option: t.course.option("Course (1 / week)").id,
        visitor: child,
        schedule_slots: [t.weekly[slotIndex]?.id],
      };
  const body = { request_id: randomUUID(), parent: parent.id, hold_minutes: holdMinutes, items: [item] };
  return { ...parent, child, body };
}

/** The token of the payment link in the parent's newest payment-link mail. */
async function mailedToken(parentId: number) {
  const mails = (await t.mailsTo(await emailOf(parentId))).filter((m) => m.template === "payment-link");
  const match = /\/pay\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? "");
  return { mails, token: match?.[1] ?? "" };
}

const linkOf = (token: string, headers: Headers) =>
  t.call("GET", `/api/v2/orders/payment_link/${token}/`, { headers });
const payLink = (token: string, headers: Headers) =>
  t.call("POST", `/api/v2/orders/payment_link/${token}/pay/`, {
    headers,
    query: { payment_gateway: "paypal" },
  });

describe(`staff book on behalf of a parent, paid by a mailed link (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("refuses guests (401) and customers (403) before anything is built", async () => {
    const call = await phoneCall();
    expect((await book(call.body, {})).statusCode).toBe(401);
    expect((await book(call.body, call.headers)).statusCode).toBe(403);
    expect(await t.db.select().from(orders).where(eq(orders.userId, call.id))).toEqual([]);
  });

  it("builds the order at the catalogue price, holds the seat for the chosen time, mails the link once per request id, audits", async () => {
    const call = await phoneCall(0, 6, 90);
    const res = await book(call.body);
    expect(res.statusCode, res.body).toBe(200);
    const made = AdminStaffOrderSchema.parse(res.json());
    expect(made).toMatchObject({ parent: call.id, status: "awaiting_payment" });
    expect(made.total_checkout_price_cents).toBe(t.course.option("Course (1 / week)").basePriceCents);
    const held = Date.parse(made.reserved_until ?? "") - Date.now();
    expect(held).toBeGreaterThan(85 * 60_000);
    expect(held).toBeLessThan(95 * 60_000);

    const again = await book(call.body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(made.id);
    const { mails, token } = await mailedToken(call.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(String(made.id));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored; the audit entry never carries it.
    const [link] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, made.id));
    expect(link?.tokenHash).not.toContain(token);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.resource, "staff-orders"));
    const entries = audit.filter((a) => a.recordId === made.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: staff.id, action: "create" });
    expect(JSON.stringify(entries[0])).not.toContain(token);
  });

  it("applies the shop's rules: a child of the wrong age and a hold out of bounds are 400s, nothing written", async () => {
    const tooOld = await phoneCall(0, 12);
    const res = await book(tooOld.body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error_codes).toBeDefined();
    const tooLong = await phoneCall(0, 6, 60 * 24 * 8);
    expect((await book(tooLong.body)).statusCode).toBe(400);
    const otherChild = await phoneCall();
    const stranger = await createParent(t.db);
    const wrong = await book({ ...otherChild.body, parent: stranger.id });
    expect(wrong.statusCode, wrong.body).toBe(400);
    for (const id of [tooOld.id, tooLong.id, stranger.id])
      expect(await t.db.select().from(orders).where(eq(orders.userId, id))).toEqual([]);
  });

  it("the parent pays by the link like any order; another parent's account does not find it", async () => {
    const call = await phoneCall(1);
    const made = AdminStaffOrderSchema.parse((await book(call.body)).json());
    const { token } = await mailedToken(call.id);

    const other = await createParent(t.db);
    expect((await linkOf(token, other.headers)).statusCode).toBe(404);
    expect((await payLink(token, other.headers)).statusCode).toBe(404);
    expect((await linkOf(token, {})).statusCode).toBe(401);

    const open = PaymentLinkSchema.parse((await linkOf(token, call.headers)).json());
    expect(open.state).toBe("open");
    expect(open.order.id).toBe(made.id);
    expect(open.order.items).toHaveLength(1);

    const opened = await payLink(token, call.headers);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().order_id).toBe(made.id);
    // A retry answers the same gateway order.
    const retried = await payLink(token, call.headers);
    expect(retried.json().id).toBe(opened.json().id);
    t.standIn.approve(opened.json().id);
    const captured = await t.capture(call.headers, opened.json().id);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json().paid_at).not.toBeNull();
    expect((await t.db.select().from(orders).where(eq(orders.id, made.id)))[0]?.status).toBe("paid");
    expect(PaymentLinkSchema.parse((await linkOf(token, call.headers)).json()).state).toBe("paid");
    expect((await payLink(token, call.headers)).json().error_codes).toEqual({
      non_field_errors: ["payment_link_closed"],
    });
    const mails = await t.mailsTo(await emailOf(call.id));
    expect(mails.map((m) => m.template)).toContain("order-confirmation");
  });

  it("cancelling the gateway's window keeps the order payable by the link, not in the cart", async () => {
    const call = await phoneCall(2);
    const made = AdminStaffOrderSchema.parse((await book(call.body)).json());
    const { token } = await mailedToken(call.id);
    const opened = await payLink(token, call.headers);
    expect(opened.statusCode, opened.body).toBe(200);
    const cancelled = await t.call("POST", `/api/v2/orders/${opened.json().id}/cancel_payment/`, {
      headers: call.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().items).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, made.id));
    expect(order).toMatchObject({ status: "awaiting_payment", paypalId: null });
    expect(PaymentLinkSchema.parse((await linkOf(token, call.headers)).json()).state).toBe("open");
  });

  it("a gift card named on the phone stays spent while the link is open, whatever the parent cancels (D505)", async () => {
    const call = await phoneCall(1);
    const issued = await t.call("POST", "/api/v2/admin/gift-cards/", {
      headers: staff.headers,
      body: { amount_cents: 1000, reason: "Gutschein am Telefon", expires_on: null },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const card = issued.json() as { id: number; code: string };
    const booked = await book({ ...call.body, promocode: card.code });
    expect(booked.statusCode, booked.body).toBe(200);
    const made = AdminStaffOrderSchema.parse(booked.json());
    const balance = async () =>
      (await t.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]?.balanceCents;
    expect(await balance()).toBe(0);
    // The parent opens PayPal from the link and cancels there; the order stays payable, its card part taken.
    const { token } = await mailedToken(call.id);
    const opened = await payLink(token, call.headers);
    expect(opened.statusCode, opened.body).toBe(200);
    const cancelled = await t.call("POST", `/api/v2/orders/${opened.json().id}/cancel_payment/`, {
      headers: call.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance()).toBe(0);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, made.id));
    expect(order).toMatchObject({ status: "awaiting_payment", giftCardCents: 1000 });
  });

  it("a hold that runs out frees the seat, and the link says the order expired", async () => {
    const slot = t.dated.at(-1);
    if (!slot) throw new Error("no workshop date");
    const last = t.dated.length - 1;
    await t.setSeats(slot.id, 1);
    try {
      const first = await phoneCall(last, 11, 5, true);
      const made = AdminStaffOrderSchema.parse((await book(first.body)).json());
      const { token } = await mailedToken(first.id);
      // The seat is held: a second family cannot be booked into it.
      const second = await phoneCall(last, 11, null, true);
      const refused = await book(second.body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(JSON.stringify(refused.json().error_codes)).toContain("no_seats_left");

      await t.db
        .update(orders)
        .set({ reservedUntil: new Date(Date.now() - 1000) })
        .where(eq(orders.id, made.id));
      expect(PaymentLinkSchema.parse((await linkOf(token, first.headers)).json()).state).toBe("expired");
      await t.app.paymentWorker.runOnce();
      const [order] = await t.db.select().from(orders).where(eq(orders.id, made.id));
      expect(order?.status).toBe("expired");
      const late = await payLink(token, first.headers);
      expect(late.statusCode).toBe(400);
      expect(late.json().error_codes).toEqual({ non_field_errors: ["payment_link_expired"] });
      expect(late.json().non_field_errors[0]).toContain("Schule");

      const retry = await book({ ...second.body, request_id: randomUUID() });
      expect(retry.statusCode, retry.body).toBe(200);
    } finally {
      await t.setSeats(slot.id, slot.seats);
    }
  });
});

describe.runIf(usesPostgres())(
  "a phone booking a gift card pays whole, cancelled while the parent pays (D538)",
  () => {
    it("is not paid after the cancellation", async () => {
      const locks = lockRace(t.db);
      const freeOrder = async () => {
        const call = await phoneCall(2, 6, 60);
        const issued = await t.call("POST", "/api/v2/admin/gift-cards/", {
          headers: staff.headers,
          body: { amount_cents: 50_000, reason: "Gutschein am Telefon", expires_on: null },
        });
        const card = issued.json() as { code: string };
        const made = AdminStaffOrderSchema.parse((await book({ ...call.body, promocode: card.code })).json());
        expect(made.total_checkout_price_cents).toBe(0);
        return { call, made, token: (await mailedToken(call.id)).token };
      };
      try {
        // Staff's cancellation holds the order's lock while the parent clicks "pay" on the link.
        const { call, made, token } = await freeOrder();
        const letGo = await locks.holdLock(async (tx) => {
          await tx.execute(sql`select id from orders where id = ${made.id} for update`);
          await tx
            .update(orders)
            .set({ status: "cancelled", reservedUntil: null })
            .where(eq(orders.id, made.id));
        });
        const paying = payLink(token, call.headers);
        await locks.untilWaiting(1);
        await letGo();
        const paid = await paying;
        expect(paid.statusCode, paid.body).toBe(400);
        expect(paid.json().error_codes).toEqual({ non_field_errors: ["payment_link_closed"] });
        const [order] = await t.db.select().from(orders).where(eq(orders.id, made.id));
        expect(order?.status).toBe("cancelled");
      } finally {
        await locks.releaseAll();
      }
    });
  },
);

describe(`staff cancel an unpaid phone booking (D536, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("frees its seat and closes its link, audited once; a paid or a parent's own order is refused in words", async () => {
    // A group of one seat of its own: the booking holds it, and only its cancellation frees it.
    const template = t.weekly[0];
    if (!template) throw new Error("no slot");
    const { id: _id, ...copy } = template;
    const [slot] = await t.db
      .insert(scheduleSlots)
      .values({ ...copy, seats: 1 })
      .returning();
    const inSlot = (call: Awaited<ReturnType<typeof phoneCall>>) => {
      for (const item of call.body.items) item.schedule_slots = [slot?.id];
      return call;
    };
    const call = inSlot(await phoneCall(0, 6, 60 * 24));
    const made = AdminStaffOrderSchema.parse((await book(call.body)).json());
    const { token } = await mailedToken(call.id);
    const cancel = (orderId: number, headers: Headers = staff.headers) =>
      t.call("POST", `/api/v2/admin/orders/${orderId}/cancel/`, { headers });
    expect((await cancel(made.id, call.headers)).statusCode).toBe(403);
    const done = await cancel(made.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: "cancelled", reserved_until: null });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, made.id));
    expect(order).toMatchObject({ status: "cancelled", reservedUntil: null });
    // The parent's link no longer opens a payment.
    expect((await payLink(token, call.headers)).statusCode).toBe(400);
    // A repeat answers the order as it is and writes nothing more.
    expect((await cancel(made.id)).statusCode).toBe(200);
    const entries = (await t.db.select().from(auditLog).where(eq(auditLog.resource, "staff-orders"))).filter(
      (a) => a.recordId === made.id && a.action === "update",
    );
    expect(entries).toHaveLength(1);
    // The seat is free again: another parent books the same slot by phone.
    const next = inSlot(await phoneCall(0, 6, 60));
    const booked = await book(next.body);
    expect(booked.statusCode, booked.body).toBe(200);

    // A parent's own checkout is no phone booking: not cancelled here.
    const own = await t.parentWithCourse(2);
    const { order_id: ownOrder } = (await t.fulfil(own.headers)).json();
    const refused = await cancel(ownOrder);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["order_not_cancellable"] });
  });
});
