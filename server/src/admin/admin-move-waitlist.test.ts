import { AdminOrderSchema, AdminWaitingEntryListSchema, AdminWaitingEntrySchema } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, invoices, orderItems, orders, visitors } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { bornYearsAgo, createChild, createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/** Moving a child (D161), the staff waiting lists (D162, D163) and the staff PDF download (D165). */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;
let slotCounter = 0;

/** A new weekly slot of the 5–7 course with `seats`, at a time no other test uses. */
async function newSlot(seats: number, weekday = 2): Promise<number> {
  slotCounter += 1;
  const res = await t.call("POST", "/api/v2/admin/slots/", {
    headers: staff.headers,
    body: {
      product_page: t.course.page.id,
      weekday,
      date: null,
      start: `07:${String(slotCounter).padStart(2, "0")}`,
      end: "08:55",
      seats,
      instructor: null,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** A parent whose child (6) has a paid weekly course in `slotId`. */
async function paidIn(slotId: number) {
  const parent = await createParent(t.db);
  const child = await createChild(t.db, parent.id, 6);
  const added = await t.call("POST", "/api/v2/orders/items/", {
    headers: parent.headers,
    body: {
      product_page: t.course.page.id,
      purchase_option: t.course.option("Course (1 / week)").id,
      visitor: child,
      schedule_slots: [slotId],
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  const fulfilled = await t.fulfil(parent.headers);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const { id, order_id: orderId } = fulfilled.json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!item) throw new Error("no item");
  const email = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json()
    .email as string;
  return { ...parent, child, orderId: orderId as number, itemId: item.id, email };
}

const move = (orderId: number, body: Record<string, unknown>, headers: Headers = staff.headers) =>
  t.call("POST", `/api/v2/admin/orders/${orderId}/move/`, { headers, body });

const audits = (resource: string, recordId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, recordId)));

describe(`moving a child and the staff waiting lists (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("moves a child to another slot: seat freed for the waiting list, mail in the parent's language, history and .ics, audit, once", async () => {
    const from = await newSlot(1);
    const to = await newSlot(3, 4);
    const c = await paidIn(from);
    await t.db.update(orders).set({ locale: "ru" }).where(eq(orders.id, c.orderId));
    // A second family waits for the full old slot.
    const waiter = await createParent(t.db);
    const waitingChild = await createChild(t.db, waiter.id, 6, "Lev");
    const joined = await t.call("POST", "/api/v2/orders/waiting_list/", {
      headers: waiter.headers,
      body: {
        visitor: waitingChild,
        purchase_option: t.course.option("Course (1 / week)").id,
        schedule_slot: from,
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);

    const res = await move(c.orderId, { item: c.itemId, kind: "slot", from, to });
    expect(res.statusCode, res.body).toBe(200);
    const order = AdminOrderSchema.parse(res.json());
    expect(order.items[0]?.slots.map((s) => s.id)).toEqual([to]);

    // The parent hears of it in the order's language with the new time.
    const mails = (await t.mailsTo(c.email)).filter((m) => m.template === "booking-moved");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Запись перенесена (заказ № ${c.orderId})`);
    expect(mails[0]?.text).toContain("Здравствуйте, Eva!");
    expect(mails[0]?.text).toContain(`07:${String(slotCounter).padStart(2, "0")}–08:55`);
    // History and the child's calendar show the new slot.
    const history = (await t.call("GET", "/api/v2/orders/items/history/", { headers: c.headers })).json();
    const item = history.find((i: { id: number }) => i.id === c.itemId);
    expect(item.schedule_slots.map((s: { id: number }) => s.id)).toEqual([to]);
    const ics = await t.call("GET", `/api/v2/visitors/${c.child}/calendar.ics`, { headers: c.headers });
    expect(ics.body).toContain(`T07${String(slotCounter).padStart(2, "0")}00`);
    // A child with a Cyrillic name: the file's name is given in UTF-8, not a 500 (D611).
    await t.db.update(visitors).set({ firstName: "Маша" }).where(eq(visitors.id, c.child));
    const cyrillic = await t.call("GET", `/api/v2/visitors/${c.child}/calendar.ics`, { headers: c.headers });
    expect(cyrillic.statusCode, cyrillic.body).toBe(200);
    expect(cyrillic.headers["content-disposition"]).toContain(
      `filename*=UTF-8''%D0%9C%D0%B0%D1%88%D0%B0-${c.child}.ics`,
    );
    expect(await audits("order_items", c.itemId)).toMatchObject([
      { userId: staff.id, action: "update", before: { slot: from }, after: { slot: to } },
    ]);

    // A repeat (double click) changes, mails and audits nothing.
    const again = await move(c.orderId, { item: c.itemId, kind: "slot", from, to });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.mailsTo(c.email)).filter((m) => m.template === "booking-moved")).toHaveLength(1);
    expect(await audits("order_items", c.itemId)).toHaveLength(1);

    // The old seat is free: the worker offers it to the family in line, as after a cancellation.
    await t.app.paymentWorker.runOnce();
    const waiterEmail = (await t.call("GET", "/api/v2/users/me/", { headers: waiter.headers })).json().email;
    expect((await t.mailsTo(waiterEmail)).map((m) => m.template)).toContain("waiting-list-offer");
  }, 60_000);

  it("refuses a move the seat or age rules forbid, in German and Russian, and writes nothing", async () => {
    const from = await newSlot(2);
    const full = await newSlot(1, 5);
    await paidIn(full);
    const c = await paidIn(from);
    const body = { item: c.itemId, kind: "slot", from, to: full };

    const noSeat = await move(c.orderId, body);
    expect(noSeat.statusCode).toBe(400);
    expect(noSeat.json()).toMatchObject({
      to: ["Für diesen Termin sind keine Plätze mehr frei."],
      error_codes: { to: ["no_seats_left"] },
    });
    const ru = await t.call("POST", `/api/v2/admin/orders/${c.orderId}/move/`, {
      headers: staff.headers,
      body,
      query: { locale: "ru" },
    });
    expect(ru.json().to).toEqual(["На это время больше нет свободных мест."]);

    const free = await newSlot(3, 6);
    await t.db
      .update(visitors)
      .set({ birthDate: bornYearsAgo(12) })
      .where(eq(visitors.id, c.child));
    const tooOld = await move(c.orderId, { ...body, to: free });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().error_codes).toEqual({ to: ["age_not_in_group"] });
    await t.db
      .update(visitors)
      .set({ birthDate: bornYearsAgo(6) })
      .where(eq(visitors.id, c.child));

    const otherPage = t.dated[0]?.id ?? 0;
    expect((await move(c.orderId, { ...body, to: otherPage })).json().error_codes).toEqual({
      to: ["slot_not_on_page"],
    });
    expect((await move(c.orderId, { ...body, from: free, to: full })).json().error_codes).toEqual({
      from: ["move_not_booked"],
    });
    expect((await move(c.orderId, { ...body, kind: "week" })).json().error_codes).toEqual({
      from: ["move_not_booked"],
    });
    expect((await move(c.orderId, { ...body, bogus: 1 })).statusCode).toBe(400);
    expect((await move(c.orderId + 100_000, body)).statusCode).toBe(404);

    const shown = AdminOrderSchema.parse(
      (await t.call("GET", `/api/v2/admin/orders/${c.orderId}/`, { headers: staff.headers })).json(),
    );
    expect(shown.items[0]?.slots.map((s) => s.id)).toEqual([from]);
    expect(await audits("order_items", c.itemId)).toEqual([]);
    expect((await t.mailsTo(c.email)).filter((m) => m.template === "booking-moved")).toEqual([]);
    // A parent may not move anything.
    expect((await move(c.orderId, { ...body, to: free }, c.headers)).statusCode).toBe(403);
    expect((await t.call("POST", `/api/v2/admin/orders/${c.orderId}/move/`, { body })).statusCode).toBe(401);
  }, 60_000);

  it("shows the queue of a slot, offers a seat to a chosen entry, removes an entry with a mail, all audited", async () => {
    const slot = await newSlot(1);
    const holder = await paidIn(slot);
    const line: { headers: Headers; email: string; entry: number }[] = [];
    for (const name of ["Anna", "Boris", "Clara"]) {
      const p = await createParent(t.db);
      const child = await createChild(t.db, p.id, 6, name);
      const joined = await t.call("POST", "/api/v2/orders/waiting_list/", {
        headers: p.headers,
        body: {
          visitor: child,
          purchase_option: t.course.option("Course (1 / week)").id,
          schedule_slot: slot,
        },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const email = (await t.call("GET", "/api/v2/users/me/", { headers: p.headers })).json().email;
      line.push({ headers: p.headers, email, entry: joined.json().id });
    }
    const list = await t.call("GET", "/api/v2/admin/waiting-list/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ slot }) },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["content-range"]).toBe("waiting-list 0-2/3");
    const rows = AdminWaitingEntryListSchema.parse(list.json());
    expect(rows.map((r) => [r.position, r.child.split(" ")[0], r.status])).toEqual([
      [1, "Anna", "waiting"],
      [2, "Boris", "waiting"],
      [3, "Clara", "waiting"],
    ]);
    expect(rows[0]).toMatchObject({ parent_name: "Eva Muster", parent_email: line[0]?.email });
    // The list's own sort, newest entry first, on the same prepared rows (D413).
    const newestFirst = await t.call("GET", "/api/v2/admin/waiting-list/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ slot }), sort: JSON.stringify(["id", "DESC"]) },
    });
    expect(AdminWaitingEntryListSchema.parse(newestFirst.json()).map((r) => r.child.split(" ")[0])).toEqual([
      "Clara",
      "Boris",
      "Anna",
    ]);
    // The offer's name in the staff member's language: the back office asks with its own locale.
    expect(rows[0]?.product_name).toBe(t.course.page.name.de);
    const inRussian = await t.call("GET", "/api/v2/admin/waiting-list/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ slot }), locale: "ru" },
    });
    expect(AdminWaitingEntryListSchema.parse(inRussian.json())[0]?.product_name).toBe(t.course.page.name.ru);

    // No seat is free and nobody holds an offer: refused, nothing written.
    const refused = await t.call("POST", `/api/v2/admin/waiting-list/${line[2]?.entry}/offer/`, {
      headers: staff.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["waiting_no_free_seat"] });

    // The holder's seat is freed; the worker offers it to Anna, first in line.
    const cancelled = await t.call("POST", `/api/v2/admin/orders/${holder.orderId}/refunds/`, {
      headers: staff.headers,
      body: {
        request_id: crypto.randomUUID(),
        item: holder.itemId,
        amount_cents: 0,
        cancel_item: true,
        reason: "Umzug",
      },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.paymentWorker.runOnce();
    const offerMails = (email: string) =>
      t.mailsTo(email).then((ms) => ms.filter((m) => m.template === "waiting-list-offer"));
    expect(await offerMails(line[0]?.email ?? "")).toHaveLength(1);

    // Staff give the seat to Clara instead: Anna waits again at her place, Clara gets the offer mail.
    const offered = await t.call("POST", `/api/v2/admin/waiting-list/${line[2]?.entry}/offer/`, {
      headers: staff.headers,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(AdminWaitingEntrySchema.parse(offered.json())).toMatchObject({
      status: "offered",
      position: null,
    });
    expect(await offerMails(line[2]?.email ?? "")).toHaveLength(1);
    const after = AdminWaitingEntryListSchema.parse(
      (
        await t.call("GET", "/api/v2/admin/waiting-list/", {
          headers: staff.headers,
          query: { filter: JSON.stringify({ slot }) },
        })
      ).json(),
    );
    expect(after.map((r) => [r.child.split(" ")[0], r.status, r.position])).toEqual([
      ["Anna", "waiting", 1],
      ["Boris", "waiting", 2],
      ["Clara", "offered", null],
    ]);
    // Anna's offer link no longer works: she is told, in her language, that she waits at her place (D190).
    const withdrawnMails = (email: string) =>
      t.mailsTo(email).then((ms) => ms.filter((m) => m.template === "waiting-list-offer-withdrawn"));
    expect(await withdrawnMails(line[0]?.email ?? "")).toHaveLength(1);
    expect(await withdrawnMails(line[1]?.email ?? "")).toHaveLength(0);
    // Again: the running offer is the answer, no second mail or audit entry.
    await t.call("POST", `/api/v2/admin/waiting-list/${line[2]?.entry}/offer/`, { headers: staff.headers });
    expect(await offerMails(line[2]?.email ?? "")).toHaveLength(1);
    expect(await withdrawnMails(line[0]?.email ?? "")).toHaveLength(1);
    expect(await audits("waiting_list_entries", line[2]?.entry ?? 0)).toHaveLength(1);

    // Boris is taken off the list and told so; a repeat changes nothing.
    const removed = await t.call("POST", `/api/v2/admin/waiting-list/${line[1]?.entry}/remove/`, {
      headers: staff.headers,
      body: { notify: true },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().status).toBe("left");
    await t.call("POST", `/api/v2/admin/waiting-list/${line[1]?.entry}/remove/`, {
      headers: staff.headers,
      body: { notify: true },
    });
    const removedMails = (await t.mailsTo(line[1]?.email ?? "")).filter(
      (m) => m.template === "waiting-list-removed",
    );
    expect(removedMails).toHaveLength(1);
    expect(await audits("waiting_list_entries", line[1]?.entry ?? 0)).toMatchObject([
      { userId: staff.id, action: "update", before: { status: "waiting" }, after: { status: "left" } },
    ]);
    // Anna, removed without a mail, gets none.
    await t.call("POST", `/api/v2/admin/waiting-list/${line[0]?.entry}/remove/`, {
      headers: staff.headers,
      body: { notify: false },
    });
    expect(
      (await t.mailsTo(line[0]?.email ?? "")).filter((m) => m.template === "waiting-list-removed"),
    ).toEqual([]);
    // Parents cannot see or change the staff lists.
    expect(
      (await t.call("GET", "/api/v2/admin/waiting-list/", { headers: line[0]?.headers ?? {} })).statusCode,
    ).toBe(403);
  }, 60_000);

  it("lets staff download an order's invoice as PDF, audited; another order's document is 404", async () => {
    const slot = await newSlot(2);
    const c = await paidIn(slot);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, c.orderId));
    if (!invoice) throw new Error("no invoice");
    const res = await t.call("GET", `/api/v2/admin/orders/${c.orderId}/documents/${invoice.id}/pdf/`, {
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.headers["content-disposition"]).toContain(`${invoice.number}.pdf`);
    expect(await audits("invoices", invoice.id)).toMatchObject([{ action: "export", userId: staff.id }]);
    const wrong = await t.call("GET", `/api/v2/admin/orders/${c.orderId + 1}/documents/${invoice.id}/pdf/`, {
      headers: staff.headers,
    });
    expect(wrong.statusCode).toBe(404);
    const parent = await t.call("GET", `/api/v2/admin/orders/${c.orderId}/documents/${invoice.id}/pdf/`, {
      headers: c.headers,
    });
    expect(parent.statusCode).toBe(403);
  }, 60_000);
});

describe.runIf(usesPostgres())(
  "staff moving a child into the last seat while a parent buys it (PostgreSQL)",
  () => {
    it("gives the seat to exactly one, round after round", async () => {
      for (let round = 0; round < 4; round += 1) {
        const from = await newSlot(2);
        const last = await newSlot(1, 3);
        const moving = await paidIn(from);
        // A parent with the last seat in the cart, about to pay.
        const buyer = await createParent(t.db);
        const child = await createChild(t.db, buyer.id, 6);
        const added = await t.call("POST", "/api/v2/orders/items/", {
          headers: buyer.headers,
          body: {
            product_page: t.course.page.id,
            purchase_option: t.course.option("Course (1 / week)").id,
            visitor: child,
            schedule_slots: [last],
          },
        });
        expect(added.statusCode, added.body).toBe(201);
        const [moved, bought] = await Promise.all([
          move(moving.orderId, { item: moving.itemId, kind: "slot", from, to: last }),
          t.fulfil(buyer.headers),
        ]);
        const wins = [moved.statusCode === 200, bought.statusCode === 200].filter(Boolean).length;
        expect(wins, `${moved.body} / ${bought.body}`).toBe(1);
        if (moved.statusCode !== 200) expect(moved.json().error_codes).toEqual({ to: ["no_seats_left"] });
        const slot = (await t.call("GET", `/api/v2/admin/slots/${last}/`, { headers: staff.headers })).json();
        expect(slot).toMatchObject({ seats: 1, seats_taken: 1 });
      }
    }, 120_000);
  },
);
