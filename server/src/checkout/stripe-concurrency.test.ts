import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, payments, refunds, withdrawals } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent } from "../test/shop-fixtures.ts";
import { type StripeStandIn, startStripeStandIn, stripeEnv } from "../test/stripe-stand-in.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * Issue 22 (D103) under concurrency, meant for PostgreSQL (`node scripts/with-postgres.mjs npx vitest run
 * --project server <this file>`; PGlite runs it one statement at a time): PayPal and Stripe share the one
 * seat rule and the one record of a payment, so parents racing across both gateways never overbook, and a
 * refund staff make at Stripe racing the parent's withdrawal pays the money back once.
 */

let stripe: StripeStandIn;
let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  // Long waits for a connection and a lock, as checkout-concurrency.test.ts has: the race proves who gets
  // a seat; on a loaded machine the last parents would otherwise meet the pool's 3 s wait (a 503).
  t = await createCheckoutTestApp({
    env: {
      DB_POOL_WAIT_MS: "60000",
      DB_LOCK_TIMEOUT_MS: "60000",
      ...stripeEnv(stripe),
    },
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const STRIPE_RETURN = {
  success_url: "http://shop.test/payment/success",
  cancel_url: "http://shop.test/cart",
};

const webhook = (type: string, object: Record<string, unknown>) => {
  const event = stripe.event(type, object);
  return t.app.inject({
    method: "POST",
    url: "/api/v2/payments/stripe/webhook/",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    payload: event.payload,
  });
};

/** A parent with a child of 11 and the workshop session in the cart. */
async function parentWithSession(sessionId: number) {
  const parent = await createParent(t.db);
  const child = await createChild(t.db, parent.id, 11);
  const added = await t.call("POST", "/api/v2/orders/items/", {
    headers: parent.headers,
    body: {
      product_page: t.workshop.page.id,
      purchase_option: t.workshop.options[0]?.id,
      visitor: child,
      schedule_slots: [sessionId],
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return parent;
}

describe(`card payments under concurrency (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("50 parents race for 5 seats, half through PayPal and half through Stripe: exactly 5 reserve and pay", async () => {
    const session = t.dated[1] ?? t.dated[0];
    if (!session) throw new Error("no dated workshop session");
    const parents: Awaited<ReturnType<typeof parentWithSession>>[] = [];
    for (let i = 0; i < 50; i++) parents.push(await parentWithSession(session.id));
    await t.setSeats(session.id, 5);

    const viaStripe = (index: number) => index % 2 === 1;
    const replies = await Promise.all(
      parents.map((parent, index) =>
        t.fulfil(parent.headers, viaStripe(index) ? { payment_gateway: "stripe", ...STRIPE_RETURN } : {}),
      ),
    );
    const won = replies.flatMap((reply, index) => (reply.statusCode === 200 ? [index] : []));
    const placed = (index: number) => replies[index]?.json() as { id: string; order_id: number };
    expect(won).toHaveLength(5);
    for (const reply of replies.filter((r) => r.statusCode !== 200)) {
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().error_codes).toEqual({ schedule_slots: ["no_seats_left"] });
    }

    // The five pay at once, each through the gateway it chose: PayPal by capture, Stripe by its webhook
    // racing the parent's return.
    await Promise.all(
      won.map(async (index) => {
        const { id, order_id } = placed(index);
        const headers = parents[index]?.headers ?? {};
        if (!viaStripe(index)) {
          t.standIn.approve(id);
          const paid = await t.capture(headers, id);
          expect(paid.statusCode, paid.body).toBe(200);
          return;
        }
        stripe.pay(id);
        const [returned, hook] = await Promise.all([
          t.capture(headers, String(order_id)),
          webhook("checkout.session.completed", stripe.sessionObject(id)),
        ]);
        expect(returned.statusCode, returned.body).toBe(200);
        expect(hook.statusCode, hook.body).toBe(200);
      }),
    );
    const orderIds = won.map((index) => placed(index).order_id);
    const rows = await t.db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill("paid"));
    const captured = await t.db.select().from(payments).where(inArray(payments.orderId, orderIds));
    expect(captured.filter((row) => row.status === "captured")).toHaveLength(5);
    // Nobody else holds the session: the catalogue shows it full.
    const seatsLeft = await t.call("GET", `/api/v2/products/${t.workshop.page.id}/`);
    const slot = (seatsLeft.json().schedule_slots as { id: number; space: number }[]).find(
      (s) => s.id === session.id,
    );
    expect(slot?.space).toBe(0);
  }, 180_000);

  it("a refund staff make at Stripe and the parent's withdrawal of the same item, at once, refund the money once", async () => {
    const parent = await t.parentWithCourse(1);
    const fulfilled = await t.fulfil(parent.headers, { payment_gateway: "stripe", ...STRIPE_RETURN });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const { id: sessionId, order_id: orderId } = fulfilled.json() as { id: string; order_id: number };
    stripe.pay(sessionId);
    expect((await webhook("checkout.session.completed", stripe.sessionObject(sessionId))).statusCode).toBe(
      200,
    );
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    if (!payment || !item) throw new Error("the order was not paid");

    // Staff refund the whole charge in Stripe's dashboard; its charge.refunded arrives while the parent
    // withdraws the item in the shop.
    const charge = stripe.refundAtStripe(sessionId);
    const [hook, withdrawal] = await Promise.all([
      webhook("charge.refunded", charge),
      t.call("POST", `/api/v2/orders/items/${item.id}/withdraw/`, { headers: parent.headers }),
    ]);
    expect(hook.statusCode, hook.body).toBe(200);
    // Neither deadlocks with the other: no 500 for the parent, no 503 that makes Stripe deliver again.
    expect(withdrawal.statusCode, withdrawal.body).toBeLessThan(500);

    // Stripe paid back the charge once, and our books say the same: one refund, of the whole payment.
    const intent = stripe.sessions.get(sessionId)?.paymentIntent;
    expect(intent?.refunds).toHaveLength(1);
    expect(intent?.refunded).toBe(payment.amountCents);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.refundedCents).toBe(payment.amountCents);
    const booked = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(booked.reduce((sum, row) => sum + row.amountCents, 0)).toBe(payment.amountCents);
    expect(booked).toHaveLength(1);
    // Either the refund got in first (the order is refunded, the withdrawal refused) or the withdrawal did
    // (recorded, its own refund refused by Stripe as the charge is refunded already): never both refunds.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [record] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderItemId, item.id));
    if (record) expect(record.refundState).not.toBe("completed");
    else expect(order?.status).toBe("refunded");
  }, 60_000);
});
