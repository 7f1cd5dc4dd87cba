import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, checkoutCalls, errorCodes } from "../support/api.ts";
import { seatsLeft } from "../support/catalogue.ts";
import { createParents, type Parent, type Session, workshopSession } from "../support/parents.ts";
import { type PayPal, startPayPal } from "../support/paypal.ts";
import { freshDatabase, type TestDatabase } from "../support/postgres.ts";
import { expectMoneyMatchesSeats, ordersOf } from "../support/settlement.ts";
import { type Shop, startShop, waitFor } from "../support/shop.ts";

const SEATS = 10;

/** The parent's clear answer while PayPal cannot be reached: 503 with the code the storefront explains. */
function expectPaymentUnavailable(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(errorCodes(answer.body)).toContain("payment_unavailable");
  expect((answer.body as { detail?: unknown; non_field_errors?: unknown }).non_field_errors).toBeTruthy();
}

describe("PayPal down or hanging during checkout", () => {
  let database: TestDatabase;
  let paypal: PayPal;
  let shop: Shop;
  let session: Session;
  let parents: Parent[];

  beforeAll(async () => {
    database = await freshDatabase("paypal");
    paypal = await startPayPal();
    shop = await startShop({
      name: "paypal",
      databaseUrl: database.url,
      // A reservation long enough that only the reconciliation, not the expiry, settles these orders.
      env: { ...paypal.env, RESERVATION_MINUTES: "15", PAYMENT_WORKER_INTERVAL_MS: "500" },
    });
    session = await workshopSession(database, SEATS);
    parents = await createParents(database, 3);
  });

  afterAll(async () => {
    await shop?.stop();
    await paypal?.close();
    await database?.drop();
  });

  /** Order, invoice and confirmation mail of one PayPal order, as the shop has them. */
  async function settled(paypalId: string) {
    const orders = await ordersOf(database, session.slotId);
    const order = orders.find((o) => o.paypal_id === paypalId);
    const [mails] = await database.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox m join orders o on o.id = $1 where m.template = 'order-confirmation' and m.to = (select email from users where id = o.user_id)",
      [order?.id ?? -1],
    );
    return { orders, order, confirmationMails: mails?.n };
  }

  it("refusing connections: checkout and capture answer 503, nothing is half-written, a retried capture settles once", async () => {
    const [parent, other] = parents as [Parent, Parent];
    const api = checkoutCalls(shop.url, parent.headers);
    expect((await api.add(session.item(parent.children[0] as number))).status).toBe(201);
    const staged = await api.fulfil();
    expect(staged.status).toBe(200);
    const paypalId = (staged.body as { id: string }).id;
    paypal.standIn.approve(paypalId);

    await paypal.setMode("refusing");
    const refused = await api.capture(paypalId);
    expectPaymentUnavailable(refused);
    expect(refused.ms, "a refused connection is answered at once").toBeLessThan(5000);

    // A checkout while PayPal is away: 503, and the item is back in the cart, holding no seat.
    const otherApi = checkoutCalls(shop.url, other.headers);
    expect((await otherApi.add(session.item(other.children[0] as number))).status).toBe(201);
    expectPaymentUnavailable(await otherApi.fulfil());
    const cart = await otherApi.current();
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ status: "in_cart", items: [expect.anything()] });
    // Only the first parent's reservation holds a seat.
    expect(await seatsLeft(shop.url, session)).toBe(SEATS - 1);

    await paypal.setMode("up");
    const retried = await api.capture(paypalId);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: "payment_fulfilled" });
    // A double click after the payment changes nothing.
    expect((await api.capture(paypalId)).status).toBe(200);

    const { orders, order, confirmationMails } = await settled(paypalId);
    expect(order).toMatchObject({ status: "paid", invoices: 1, seats: 1 });
    expect(confirmationMails).toBe(1);
    expectMoneyMatchesSeats(orders, paypal.standIn);
    expect(await seatsLeft(shop.url, session)).toBe(SEATS - 1);
  });

  it("a capture PayPal carries out but never answers: 503 after the timeout, then the worker settles it once", async () => {
    const parent = parents[2] as Parent;
    const api = checkoutCalls(shop.url, parent.headers);
    expect((await api.add(session.item(parent.children[0] as number))).status).toBe(201);
    const staged = await api.fulfil();
    expect(staged.status).toBe(200);
    const paypalId = (staged.body as { id: string }).id;
    paypal.standIn.approve(paypalId);

    await paypal.setMode("hanging-capture");
    const hung = await api.capture(paypalId, 60_000);
    expectPaymentUnavailable(hung);
    // The shop's PayPal client gives up after 15 s; the parent is not left waiting much longer.
    expect(hung.ms).toBeLessThan(25_000);
    expect(paypal.heldCaptures()).toBe(1);
    expect(paypal.standIn.orders.get(paypalId)?.status, "PayPal took the money").toBe("COMPLETED");
    expect((await settled(paypalId)).order?.status, "the shop does not know yet").toBe("awaiting_payment");

    // The parent never comes back: the payment worker asks PayPal about the stale payment and records it.
    await paypal.setMode("up");
    await waitFor(
      "the worker to record the capture",
      async () => (await settled(paypalId)).order?.status === "paid",
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    const { orders, order, confirmationMails } = await settled(paypalId);
    expect(order).toMatchObject({
      status: "paid",
      invoices: 1,
      seats: 1,
      capture_id: paypal.standIn.orders.get(paypalId)?.captureId,
    });
    expect(confirmationMails).toBe(1);
    expectMoneyMatchesSeats(orders, paypal.standIn);
    // The parent's page asks again later and sees it paid.
    const seen = await api.capture(paypalId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: "payment_fulfilled" });
    expect(await seatsLeft(shop.url, session)).toBe(SEATS - 2);
  });
});
