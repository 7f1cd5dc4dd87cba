import { berlinDate } from "@atelier/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  invoiceCounters,
  invoices,
  mailOutbox,
  orders,
  payments,
  scheduleSlots,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { lockRace } from "../test/lock-race.ts";
import { createChild, createParent } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  // These tests prove the seat and capture rules under a race, not the 503 an overloaded machine gets
  // when a connection or row lock takes longer than the production waits (db-faults.test.ts proves that):
  // the waits are long here, so a slow CI machine does not turn a queued checkout into a 503.
  t = await createCheckoutTestApp({ env: { DB_POOL_WAIT_MS: "60000", DB_LOCK_TIMEOUT_MS: "60000" } });
  race = lockRace(t.db);
}, 60_000);
afterAll(async () => {
  await race?.releaseAll();
  await t?.close();
});
let race: ReturnType<typeof lockRace>;

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

describe(`checkout under concurrency (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("50 concurrent checkouts for a session with 5 seats: exactly 5 reserve and pay, 45 hear 'no seats left'", async () => {
    const session = t.dated[1] ?? t.dated[0];
    if (!session) throw new Error("no dated workshop session");
    const parents: Awaited<ReturnType<typeof parentWithSession>>[] = [];
    for (let i = 0; i < 50; i++) parents.push(await parentWithSession(session.id));
    // Every cart holds the session; only now the session shrinks to five seats.
    await t.setSeats(session.id, 5);

    const replies = await Promise.all(parents.map((parent) => t.fulfil(parent.headers)));
    const ok = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode === 400);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const reply of refused)
      expect(reply.json().error_codes).toEqual({ schedule_slots: ["no_seats_left"] });

    // The five pay; every one is kept (their reservations hold the five seats).
    const captured = await Promise.all(
      replies.map(async (reply, index) => {
        if (reply.statusCode !== 200) return undefined;
        const { id } = reply.json();
        t.standIn.approve(id);
        return t.capture(parents[index]?.headers ?? {}, id);
      }),
    );
    const paid = captured.filter((reply) => reply?.json().status === "payment_fulfilled");
    expect(paid).toHaveLength(5);

    // The refused parents still have their item in the cart, with the reason shown to them.
    const refusedParent = parents[replies.findIndex((reply) => reply.statusCode === 400)];
    const cart = await t.call("GET", "/api/v2/orders/current/", { headers: refusedParent?.headers ?? {} });
    expect(cart.json().items).toHaveLength(1);
  }, 120_000);

  it("20 concurrent captures of one order and two duplicate webhooks record one payment and one paid order", async () => {
    const session = t.dated[2] ?? t.dated[0];
    if (!session) throw new Error("no dated workshop session");
    await t.setSeats(session.id, 100);
    const parent = await parentWithSession(session.id);
    const { id, order_id } = (await t.fulfil(parent.headers)).json();
    t.standIn.approve(id);
    // PayPal captured once; its webhook arrives twice while the parent's page fires 20 captures.
    const event = t.standIn.webhookEvent("PAYMENT.CAPTURE.COMPLETED", {});
    const [captures] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => t.capture(parent.headers, id))),
      (async () => {
        // The webhook needs the capture to exist at PayPal first.
        for (let i = 0; i < 5000 && !t.standIn.orders.get(id)?.captureId; i++)
          await new Promise((resolve) => setTimeout(resolve, 2));
        const resource = t.standIn.captureResource(id);
        await Promise.all(
          [0, 1].map(() =>
            t.call("POST", "/api/v2/payments/paypal/webhook/", {
              headers: event.headers,
              body: { ...event.payload, resource },
            }),
          ),
        );
      })(),
    ]);
    for (const reply of captures) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().status).toBe("payment_fulfilled");
    }
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, order_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("captured");
    const [order] = await t.db.select().from(orders).where(eq(orders.id, order_id));
    expect(order?.status).toBe("paid");
    const user = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json();
    const mails = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.template, "order-confirmation")));
    expect(mails[0]?.n).toBe(1);
  }, 60_000);

  it("an expired reservation releases its seat to the next parent", async () => {
    const session = t.dated[3] ?? t.dated[0];
    if (!session) throw new Error("no dated workshop session");
    const first = await parentWithSession(session.id);
    const second = await parentWithSession(session.id);
    await t.setSeats(session.id, 1);
    const staged = await t.fulfil(first.headers);
    expect(staged.statusCode).toBe(200);
    const blocked = await t.fulfil(second.headers);
    expect(blocked.json().error_codes).toEqual({ schedule_slots: ["no_seats_left"] });
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, staged.json().order_id));
    const round = await t.app.paymentWorker.runOnce();
    expect(round.expired).toBeGreaterThanOrEqual(1);
    expect((await t.fulfil(second.headers)).statusCode).toBe(200);
  }, 60_000);
  // D408: a capture keeps a running reservation without the units' locks, so it never waits behind the
  // week's checkouts; a reservation near its end is counted under the locks, as an expired one is.
  it.runIf(usesPostgres())(
    "a capture of a running reservation does not wait for the session's lock; one near its end does",
    async () => {
      const session = t.dated[4] ?? t.dated[0];
      if (!session) throw new Error("no dated workshop session");
      await t.setSeats(session.id, 10);
      const [early, late] = [await parentWithSession(session.id), await parentWithSession(session.id)];
      const running = (await t.fulfil(early.headers)).json();
      const nearItsEnd = (await t.fulfil(late.headers)).json();
      await t.db
        .update(orders)
        .set({ reservedUntil: sql`now() + interval '20 seconds'` })
        .where(eq(orders.id, nearItsEnd.order_id));
      t.standIn.approve(running.id);
      t.standIn.approve(nearItsEnd.id);
      // Staff (or a checkout) hold the session's row lock meanwhile.
      const letGo = await race.holdLock((tx) =>
        tx.select().from(scheduleSlots).where(eq(scheduleSlots.id, session.id)).for("no key update"),
      );
      const paidAtOnce = await t.capture(early.headers, running.id);
      expect(paidAtOnce.statusCode, paidAtOnce.body).toBe(200);
      expect(paidAtOnce.json().status).toBe("payment_fulfilled");
      const waiting = t.capture(late.headers, nearItsEnd.id);
      await race.untilWaiting(1);
      await letGo();
      const paidAfter = await waiting;
      expect(paidAfter.statusCode, paidAfter.body).toBe(200);
      expect(paidAfter.json().status).toBe("payment_fulfilled");
    },
    60_000,
  );
  // D404: the gapless invoice number (D52) is taken in the capture's last statement, which inserts the
  // invoice, puts its number into the confirmation mail and asks the reservation's clock (D408); captures
  // of the same moment hold the counter's row for that one statement and the commit only.
  it.runIf(usesPostgres())(
    "a capture takes the invoice number in its last statement, with the invoice, the mail and the clock",
    async () => {
      const session = t.dated[5] ?? t.dated[0];
      if (!session) throw new Error("no dated workshop session");
      await t.setSeats(session.id, 10);
      const parent = await parentWithSession(session.id);
      const staged = (await t.fulfil(parent.headers)).json();
      t.standIn.approve(staged.id);
      const series = `RE-${berlinDate(new Date()).slice(0, 4)}`;
      await t.db.insert(invoiceCounters).values({ series, lastNumber: 0 }).onConflictDoNothing();
      // Another payment holds the counter's row meanwhile.
      const letGo = await race.holdLock((tx) =>
        tx.select().from(invoiceCounters).where(eq(invoiceCounters.series, series)).for("update"),
      );
      const [held] = await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, series));
      const capturing = t.capture(parent.headers, staged.id);
      await race.untilWaiting(1);
      const waiting = await t.db.execute<{ query: string }>(
        sql`select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      const statement = (waiting as unknown as { rows: { query: string }[] }).rows[0]?.query ?? "";
      expect(statement).toContain('insert into "invoice_counters"');
      expect(statement).toContain('insert into "invoices"');
      expect(statement).toContain('update "mail_outbox"');
      expect(statement).toContain("clock_timestamp()");
      await letGo();
      const paid = await capturing;
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().status).toBe("payment_fulfilled");

      const number = `${series}-${String((held?.lastNumber ?? 0) + 1).padStart(6, "0")}`;
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, staged.order_id));
      expect(invoice?.number).toBe(number);
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.template, "order-confirmation"), sql`${mailOutbox.html} like ${`%${number}%`}`),
        );
      expect(mail?.text).toContain(number);
      expect(mail?.attachments).toContainEqual({
        kind: "invoice-pdf",
        invoiceId: invoice?.id,
        filename: `${number}.pdf`,
      });
      const { subject, html, text, attachments } = mail ?? {};
      expect(JSON.stringify({ subject, html, text, attachments })).not.toContain(`${series}-pending-`);
    },
    60_000,
  );
});
