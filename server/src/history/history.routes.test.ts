import {
  berlinDate,
  HISTORY_MAX_ITEMS,
  type HistoryItem,
  HistorySchema,
  itemState,
  WEEKDAY_NAMES,
} from "@atelier/contract";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChangeFeed } from "../db/index.ts";
import {
  invoices,
  orderItemSlots,
  orderItems,
  orders,
  payments,
  productPages,
  refunds,
  staffRefunds,
  subscriptionPauses,
  subscriptions,
  visitors,
  withdrawals,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent } from "../test/shop-fixtures.ts";
import { createHistoryService } from "./history.service.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
}, 60_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;

const history = (headers: Headers | undefined, query: Record<string, string> = {}) =>
  t.call("GET", "/api/v2/orders/items/history/", { ...(headers ? { headers } : {}), query });

/** Fulfils the parent's cart and captures it at the PayPal stand-in: the order is paid. */
async function pay(headers: Headers): Promise<number> {
  const fulfilled = await t.fulfil(headers);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const { id, order_id } = fulfilled.json();
  t.standIn.approve(id);
  const captured = await t.capture(headers, id);
  expect(captured.statusCode, captured.body).toBe(200);
  return order_id;
}

async function addWorkshop(headers: Headers, visitor: number, session = 0) {
  const res = await t.call("POST", "/api/v2/orders/items/", {
    headers,
    body: {
      product_page: t.workshop.page.id,
      purchase_option: t.workshop.option("Ticket").id,
      visitor,
      schedule_slots: [t.dated[session]?.id],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A family with two paid orders: a course for Mila (6), later a workshop for Lev (11); and a cart. */
async function family() {
  const parent = await t.parentWithCourse(0);
  const courseOrder = await pay(parent.headers);
  const lev = await createChild(t.db, parent.id, 11, "Lev");
  await addWorkshop(parent.headers, lev);
  const workshopOrder = await pay(parent.headers);
  // Still in the cart (and so not in the history): another session of the workshop.
  await addWorkshop(parent.headers, lev, 1);
  return { ...parent, mila: parent.child, lev, courseOrder, workshopOrder };
}

const read = async (headers: Headers, query: Record<string, string> = {}): Promise<HistoryItem[]> => {
  const res = await history(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return HistorySchema.parse(res.json());
};

describe("GET /api/v2/orders/items/history/", () => {
  it("lists the items of the parent's paid orders, newest first, in the existing client's shape", async () => {
    const f = await family();
    const items = await read(f.headers);
    expect(items.map((item) => [item.order, item.product_page.product_type, item.visitor])).toEqual([
      [f.workshopOrder, "Workshop", f.lev],
      [f.courseOrder, "Course", f.mila],
    ]);
    const [workshop, course] = items as [HistoryItem, HistoryItem];
    expect(workshop.purchased_at >= course.purchased_at).toBe(true);

    expect(course).toMatchObject({
      state: "active",
      paypal_invoice_link: null,
      product_page: { id: t.course.page.id, product_type: "Course", slug: t.course.page.slug },
      purchase_option: { id: t.course.option("Course (1 / week)").id, schedule_type: "Course (1 / week)" },
      // The English day name the existing client compares (api-shapes Part 2 §4).
      schedule_slots: [
        {
          id: t.weekly[0]?.id,
          weekday: WEEKDAY_NAMES[t.weekly[0]?.weekday ?? -1],
          date: null,
          start: expect.any(String),
        },
      ],
      academy_weeks: [],
      visitor_name: "Mila Muster",
    });
    expect(course.product_page.schedule_slots).toEqual(course.schedule_slots);
    // The day of the purchase in Berlin, as YYYY-MM-DD (the client shows DD.MM.YYYY).
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, f.courseOrder));
    expect(course.purchased_at).toBe(berlinDate(paid?.paidAt ?? new Date(0)));
    expect(course.product_page.name.length).toBeGreaterThan(0);
    expect(course.purchase_option.name.length).toBeGreaterThan(0);
    // What the parent paid for the item, in cents and as the Django decimal string.
    const [row] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, f.courseOrder));
    expect(course.price_cents).toBe(
      (row?.calculatedPriceCents ?? 0) -
        (row?.siblingDiscountCents ?? 0) -
        (row?.promocodeDiscountCents ?? 0),
    );
    expect(course.price).toBe((course.price_cents / 100).toFixed(2));
    expect(workshop.schedule_slots[0]).toMatchObject({ id: t.dated[0]?.id, date: t.dated[0]?.date });
    // The course's subscription names the gateway of the order's latest capture (read per order, D407).
    const [captured] = await t.db
      .select({ gateway: payments.gateway })
      .from(payments)
      .where(and(eq(payments.orderId, f.courseOrder), isNotNull(payments.captureId)))
      .orderBy(desc(payments.id))
      .limit(1);
    expect(captured?.gateway).toBeTruthy();
    expect(course.subscription?.paid_with).toBe(captured?.gateway);
  });

  it("shows the number of the order's invoice, not of a credit note", async () => {
    const parent = await t.parentWithCourse(2);
    const orderId = await pay(parent.headers);
    // Issuing invoices is the invoice work's (D52); the rows it writes are made here directly.
    const existing = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (existing.length === 0) {
      const data = {
        locale: "de" as const,
        buyer: {
          first_name: "",
          last_name: "",
          email: "",
          phone_number: "",
          company_name: "",
          street: "",
          post_code: "",
          city: "",
          country: "",
        },
        lines: [],
        totalCents: 100,
        giftCardCents: 0,
        serviceFrom: null,
        serviceTo: null,
        paymentReference: null,
      };
      await t.db.insert(invoices).values([
        { orderId, number: `RE-2099-${String(orderId).padStart(6, "0")}`, totalCents: 100, data },
        {
          orderId,
          kind: "credit_note",
          number: `GS-2099-${String(orderId).padStart(6, "0")}`,
          totalCents: -100,
          data,
        },
      ]);
    }
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
    const [item] = await read(parent.headers);
    expect(item?.invoice_number).toBe(invoice?.number);
    expect(item?.invoice_number).toMatch(/^RE-/);
  });

  it("filters to workshops with product_page__product_type=Workshop, and to one child with visitor", async () => {
    const f = await family();
    const workshops = await read(f.headers, { product_page__product_type: "Workshop" });
    expect(workshops.map((item) => item.product_page.product_type)).toEqual(["Workshop"]);
    const mila = await read(f.headers, { visitor: String(f.mila) });
    expect(mila.map((item) => item.visitor)).toEqual([f.mila]);
    const both = await read(f.headers, { visitor: String(f.lev), product_page__product_type: "Course" });
    expect(both).toEqual([]);
    const bad = await history(f.headers, { product_page__product_type: "Sofa" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ product_page__product_type: ["invalid_choice"] });
  });

  it("never shows another family's items: their child in ?visitor= is 404, and a stale token gets 401", async () => {
    const f = await family();
    const stranger = await createParent(t.db);
    const ownChild = await createChild(t.db, stranger.id, 7);
    expect(await read(stranger.headers)).toEqual([]);
    expect(await read(stranger.headers, { visitor: String(ownChild) })).toEqual([]);
    const foreign = await history(stranger.headers, { visitor: String(f.mila) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error_codes).toEqual({ detail: "not_found" });
    expect((await history(stranger.headers, { visitor: "999999999" })).statusCode).toBe(404);
    const stale = await history({ authorization: "Token not-a-key-anyone-has" });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error_codes).toEqual({ detail: "authentication_failed" });
  });

  // Issue 31 item 7 (D220): the existing client asks on every product page, also for a guest, and shows
  // an error box on a 4xx. A guest has bought nothing: the answer of a parent without purchases.
  it("answers a guest without a token 200 [] as for a parent without purchases, with each filter the client sends", async () => {
    await family();
    const queries: Record<string, string>[] = [
      {},
      { product_page__product_type: "Workshop" },
      { visitor: "3" },
    ];
    for (const query of queries) {
      const res = await history(undefined, query);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([]);
    }
    // A guest's wrong filter is still the client's error, as for a parent.
    const bad = await history(undefined, { product_page__product_type: "Spaceship" });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a refunded order's items as cancelled, and a paused item as frozen", async () => {
    const f = await family();
    // The refund itself is the checkout's (D51); here only its outcome on the order matters.
    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, f.courseOrder));
    await t.db.update(orderItems).set({ status: "frozen" }).where(eq(orderItems.orderId, f.workshopOrder));
    const items = await read(f.headers);
    expect(items.map((item) => [item.order, item.state])).toEqual([
      [f.workshopOrder, "frozen"],
      [f.courseOrder, "cancelled"],
    ]);
    // Neither is in the child's calendar file, which holds the active items of paid orders (D607).
    expect(items.map((item) => item.in_calendar)).toEqual([false, false]);
    await t.db.update(orderItems).set({ status: "active" }).where(eq(orderItems.orderId, f.workshopOrder));
    expect((await read(f.headers)).find((item) => item.order === f.workshopOrder)?.in_calendar).toBe(true);
  });

  // D421: the reply is made once per database snapshot; a browser revalidates it with its ETag.
  it("is answered again unchanged while nothing was written (304 to the browser), and shows any write at once", async () => {
    const f = await family();
    const first = await history(f.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(String(first.headers.vary)).toContain("Authorization");
    const etag = String(first.headers.etag);
    // The bytes the route's serializer wrote before (the contract's encoding of the service's list; the
    // test app's PUBLIC_URL is http://shop.test).
    const fresh = createHistoryService({ db: t.db, publicUrl: "http://shop.test" });
    expect(first.body).toBe(JSON.stringify(HistorySchema.encode(await fresh.list(f.id, {}, "de"))));

    const again = await history({ ...f.headers, "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const same = await history(f.headers);
    expect([same.statusCode, same.body, same.headers.etag]).toEqual([200, first.body, etag]);

    // Written by someone else (staff, a webhook): not through this family's calls.
    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, f.courseOrder));
    const changed = await history({ ...f.headers, "if-none-match": etag });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const items = HistorySchema.parse(changed.json());
    expect(items.find((item) => item.order === f.courseOrder)?.state).toBe("cancelled");
  });

  it("is made again only when the family's own rows or the catalogue change, not for other families' writes (D442)", async () => {
    const f = await family();
    const other = await t.parentWithCourse(1);
    const otherOrder = await pay(other.headers);
    const service = createHistoryService({
      db: t.db,
      publicUrl: "http://shop.test",
      changes: t.database.changes,
    });
    const made = vi.spyOn(service, "list");
    const first = await service.body(f.id, {}, "de");
    expect(made).toHaveBeenCalledTimes(1);

    // Another family's write (here its child renamed): the kept reply is given again.
    await t.db.update(visitors).set({ firstName: "Ola" }).where(eq(visitors.id, other.child));
    expect((await service.body(f.id, {}, "de")).etag).toBe(first.etag);
    expect(made).toHaveBeenCalledTimes(1);
    // Its booking cancelled, a seat let go: the feed's notice says only seats changed (D444), and the
    // history shows none, so it is given again too.
    const seatNotice = new Promise<void>((resolve) => {
      const stop = t.database.changes.subscribe((change) => {
        if (change !== "seats") return;
        stop();
        resolve();
      });
    });
    await t.db.update(orderItems).set({ status: "cancelled" }).where(eq(orderItems.orderId, otherOrder));
    await seatNotice;
    expect((await service.body(f.id, {}, "de")).etag).toBe(first.etag);
    expect(made).toHaveBeenCalledTimes(1);

    // This family's own order: made anew.
    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, f.courseOrder));
    expect((await service.body(f.id, {}, "de")).etag).not.toBe(first.etag);
    expect(made).toHaveBeenCalledTimes(2);

    // While the catalogue's feed is down a change could be missed: any commit anywhere makes it anew (D421).
    // (Anywhere is the whole cluster: a commit of a test running beside this one moves the snapshot too, so
    // only the other family's write is sure to make it anew here.)
    const down: ChangeFeed = {
      live: false,
      subscribe: () => () => {},
      onMailWritten: () => () => {},
      close: async () => {},
    };
    const blind = createHistoryService({ db: t.db, publicUrl: "http://shop.test", changes: down });
    const blindMade = vi.spyOn(blind, "list");
    await blind.body(f.id, {}, "de");
    const before = blindMade.mock.calls.length;
    await t.db.update(visitors).set({ firstName: "Olga" }).where(eq(visitors.id, other.child));
    await blind.body(f.id, {}, "de");
    expect(blindMade.mock.calls.length).toBe(before + 1);
  });

  it("shows each of its rows written by another writer at once (the fingerprint's parts, D442)", async () => {
    const f = await family();
    // Each write as another instance makes it, before its notice could arrive here: with the shop's triggers
    // off, so the catalogue's feed says nothing (D85) and only the family's fingerprint can tell.
    const quietly = (write: (db: typeof t.db) => Promise<unknown>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await write(tx as unknown as typeof t.db);
      });
    const itemOf = async (orderId: number) => {
      const [row] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      if (!row) throw new Error(`no item in order ${orderId}`);
      return row;
    };
    const course = await itemOf(f.courseOrder);
    const workshop = await itemOf(f.workshopOrder);
    const find = async (id: number) => {
      const item = (await read(f.headers)).find((entry) => entry.id === id);
      if (!item) throw new Error(`item ${id} not in the history`);
      return item;
    };
    expect((await find(workshop.id)).state).toBe("active");

    await quietly((db) =>
      db.update(orderItems).set({ status: "cancelled" }).where(eq(orderItems.id, workshop.id)),
    );
    expect((await find(workshop.id)).state).toBe("cancelled");

    await quietly((db) => db.update(visitors).set({ firstName: "Lew" }).where(eq(visitors.id, f.lev)));
    expect((await find(workshop.id)).visitor_name).toMatch(/^Lew /);

    const moved = t.dated.find((slot) => slot.id !== t.dated[0]?.id && slot.id !== t.dated[1]?.id);
    await quietly((db) =>
      db
        .update(orderItemSlots)
        .set({ scheduleSlotId: moved?.id ?? 0 })
        .where(eq(orderItemSlots.orderItemId, workshop.id)),
    );
    expect((await find(workshop.id)).schedule_slots.map((slot) => slot.id)).toEqual([moved?.id]);

    // An issued invoice never changes (GoBD, D52) but may be written after the order was paid.
    await quietly((db) =>
      db.update(invoices).set({ number: "X-2026-0001" }).where(eq(invoices.orderId, f.workshopOrder)),
    );
    expect((await find(workshop.id)).invoice_number).toBe("X-2026-0001");

    const refund = { requestId: crypto.randomUUID() };
    await quietly((db) =>
      db.insert(staffRefunds).values({
        orderId: f.workshopOrder,
        orderItemId: workshop.id,
        reason: "Kurs ausgefallen",
        amountCents: 100,
        cancelItem: false,
        requestId: refund.requestId,
        refundState: "pending",
      }),
    );
    expect((await find(workshop.id)).refunds.map((entry) => entry.refund_state)).toEqual(["pending"]);
    await quietly((db) =>
      db
        .update(staffRefunds)
        .set({ refundState: "completed" })
        .where(eq(staffRefunds.requestId, refund.requestId)),
    );
    expect((await find(workshop.id)).refunds.map((entry) => entry.refund_state)).toEqual(["completed"]);
    // Sent, and taken by the gateway as pending: in progress for the family until it is paid out (D573).
    const [paid] = await t.db.select().from(payments).where(eq(payments.orderId, f.workshopOrder));
    const [sent] = await t.db
      .insert(refunds)
      .values({
        paymentId: paid?.id ?? 0,
        gatewayRefundId: `pending-${refund.requestId}`,
        amountCents: 100,
        reason: "staff",
        status: "PENDING",
      })
      .returning();
    await quietly((db) =>
      db
        .update(staffRefunds)
        .set({ refundId: sent?.id ?? 0 })
        .where(eq(staffRefunds.requestId, refund.requestId)),
    );
    expect((await find(workshop.id)).refunds.map((entry) => entry.refund_state)).toEqual(["pending"]);
    await quietly((db) =>
      db
        .update(refunds)
        .set({ status: "COMPLETED" })
        .where(eq(refunds.id, sent?.id ?? 0)),
    );
    expect((await find(workshop.id)).refunds.map((entry) => entry.refund_state)).toEqual(["completed"]);

    await quietly((db) =>
      db.insert(withdrawals).values({
        orderItemId: workshop.id,
        orderId: f.workshopOrder,
        paidCents: 100,
        refundCents: 100,
        gatewayCents: 100,
        basis: "full",
        refundState: "none",
      }),
    );
    expect((await find(workshop.id)).withdrawal).not.toBeNull();

    await quietly((db) =>
      db
        .update(subscriptions)
        .set({ contractNumber: "V-0042" })
        .where(eq(subscriptions.orderItemId, course.id)),
    );
    expect((await find(course.id)).subscription?.contract_number).toBe("V-0042");

    await quietly((db) =>
      db
        .update(payments)
        .set({ gateway: "demo" })
        .where(and(eq(payments.orderId, f.courseOrder), isNotNull(payments.captureId))),
    );
    expect((await find(course.id)).subscription?.paid_with).toBe("demo");

    const today = berlinDate(new Date());
    const note = `heute ${crypto.randomUUID()}`;
    await quietly((db) =>
      db
        .insert(subscriptionPauses)
        .values({ productPageId: t.course.page.id, startsOn: today, endsOn: today, note }),
    );
    try {
      expect((await find(course.id)).state).toBe("frozen");
    } finally {
      await quietly((db) => db.delete(subscriptionPauses).where(eq(subscriptionPauses.note, note)));
    }
    expect((await find(course.id)).state).toBe("active");

    // The catalogue's rows are not in the fingerprint: their change feed ends what was kept (D85).
    const [page] = await t.db.select().from(productPages).where(eq(productPages.id, t.course.page.id));
    try {
      await t.db
        .update(productPages)
        .set({ name: { de: "Malen umbenannt", ru: "Рисование" } })
        .where(eq(productPages.id, t.course.page.id));
      expect((await find(course.id)).product_page.name).toBe("Malen umbenannt");
    } finally {
      await t.db.update(productPages).set({ name: page?.name }).where(eq(productPages.id, t.course.page.id));
    }
  });

  it("is capped: at most maxItems (HISTORY_MAX_ITEMS in the app), the newest", async () => {
    const f = await family();
    const capped = createHistoryService({ db: t.db, publicUrl: "http://shop.test", maxItems: 1 });
    const items = await capped.list(f.id, {}, "ru");
    expect(items.map((item) => item.order)).toEqual([f.workshopOrder]);
  });

  it("leaves out orders still awaiting payment", async () => {
    const parent = await t.parentWithCourse(1);
    expect((await t.fulfil(parent.headers)).statusCode).toBe(200);
    expect(await read(parent.headers)).toEqual([]);
  });
});

describe("itemState (the one mapping to the client's states)", () => {
  it("maps item and order status, and is ready for the subscriptions' renewal states", () => {
    expect(itemState({ orderStatus: "paid", itemStatus: "active" })).toBe("active");
    expect(itemState({ orderStatus: "paid", itemStatus: "frozen" })).toBe("frozen");
    expect(itemState({ orderStatus: "paid", itemStatus: "cancelled" })).toBe("cancelled");
    expect(itemState({ orderStatus: "refunded", itemStatus: "active" })).toBe("cancelled");
    expect(itemState({ orderStatus: "paid", itemStatus: "active", renewal: "awaiting_payment" })).toBe(
      "awaiting payment",
    );
    expect(itemState({ orderStatus: "paid", itemStatus: "active", renewal: "renewal_available" })).toBe(
      "renewal available",
    );
    expect(HISTORY_MAX_ITEMS).toBeGreaterThanOrEqual(100);
  });
});
