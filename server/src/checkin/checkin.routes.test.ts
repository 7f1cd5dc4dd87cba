import { addDays, berlinDate, berlinMidnight } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  checkins,
  closures,
  orderItems,
  orders,
  scheduleSlots,
  subscriptions,
  users,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent } from "../test/shop-fixtures.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let staff2: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createParent(t.db);
  staff2 = await createParent(t.db);
  for (const one of [staff, staff2])
    await t.db.update(users).set({ role: "staff" }).where(eq(users.id, one.id));
}, 60_000);
afterAll(() => t?.close());

/** Today's weekday in Berlin, 0 = Monday, as slots count. */
const todayWeekday = () => (new Date(`${berlinDate(new Date())}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * A paid weekly course booking whose lesson is today (or, with `today: false`, tomorrow): the slot's weekday
 * is set to match, since the tests run on any day.
 */
async function paidBooking(slot: number, { today = true } = {}) {
  const slotId = t.weekly[slot]?.id;
  if (!slotId) throw new Error(`no weekly slot ${slot}`);
  await t.db
    .update(scheduleSlots)
    .set({ weekday: (todayWeekday() + (today ? 0 : 1)) % 7 })
    .where(eq(scheduleSlots.id, slotId));
  const parent = await t.parentWithCourse(slot);
  const { id, order_id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  if (!item?.checkinCode) throw new Error("a paid item has no check-in code");
  return { parent, code: item.checkinCode, orderId: order_id, itemId: item.id, slotId };
}

const post = (code: string, who = staff) =>
  t.call("POST", `/api/v2/checkin/${code}/`, { headers: who.headers });

describe("check-in per lesson date", () => {
  it("checks the child in for today's lesson once; a second scan says when, with the same time", async () => {
    const { code, orderId, itemId, slotId } = await paidBooking(0);
    const seen = await t.call("GET", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      valid: true,
      status: "ready",
      visitor_name: "Mila Muster",
      order: orderId,
      lesson: { date: berlinDate(new Date()), slot: { id: slotId } },
      checked_in_at: null,
    });
    const first = await post(code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe("checked_in");
    const at = first.json().checked_in_at;
    expect(at).not.toBeNull();
    const again = await post(code, staff2);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: "already_checked_in", checked_in_at: at });
    const rows = await t.db.select().from(checkins).where(eq(checkins.orderItemId, itemId));
    expect(rows).toMatchObject([
      { lessonDate: berlinDate(new Date()), scheduleSlotId: slotId, checkedInBy: staff.id },
    ]);
  });

  it("records who checked in whom and when in the audit log", async () => {
    const { code, itemId } = await paidBooking(1);
    const res = await post(code);
    const [row] = await t.db.select().from(checkins).where(eq(checkins.orderItemId, itemId));
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, row?.id ?? -1));
    const [account] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(entries.filter((entry) => entry.resource === "checkins")).toMatchObject([
      {
        userId: staff.id,
        userEmail: account?.email,
        action: "create",
        after: {
          order_item: itemId,
          lesson_date: berlinDate(new Date()),
          checked_in_at: res.json().checked_in_at,
        },
      },
    ]);
  });

  it("a lesson on another day is a check-in of its own: yesterday's does not count today", async () => {
    const { code, itemId } = await paidBooking(2);
    await t.db
      .insert(checkins)
      .values({ orderItemId: itemId, lessonDate: "2020-01-02", checkedInBy: staff.id });
    const res = await post(code);
    expect(res.json().status).toBe("checked_in");
    expect(await t.db.select().from(checkins).where(eq(checkins.orderItemId, itemId))).toHaveLength(2);
  });

  it("a code without a lesson today says so and checks no one in", async () => {
    const { code, itemId } = await paidBooking(0, { today: false });
    const seen = await t.call("GET", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    expect(seen.json()).toMatchObject({
      valid: false,
      status: "not_today",
      lesson: null,
      visitor_name: "Mila Muster",
    });
    const res = await post(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ non_field_errors: ["checkin_not_today"] });
    expect(await t.db.select().from(checkins).where(eq(checkins.orderItemId, itemId))).toHaveLength(0);
  });

  it("a meeting card is valid within the weeks its meetings fill, by its option's meetings", async () => {
    const { code, itemId, orderId } = await paidBooking(1);
    // The booking made a meeting card: ten meetings at one weekly time fill ten weeks from the payment.
    const card = t.course.option("TERMINKARTEN");
    await t.db
      .update(orderItems)
      .set({ purchaseOptionId: card.id, scheduleType: card.scheduleType, recurrentPriceCents: 0 })
      .where(eq(orderItems.id, itemId));
    const seen = () => t.call("GET", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    const weeksAgo = (weeks: number) => new Date(Date.now() - weeks * 7 * 24 * 3600 * 1000);
    // Paid yesterday: today's lesson is its first meeting, whatever the time of day (paid today after the
    // lesson began, its first meeting would be next week's, D548).
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, orderId));
    expect((await seen()).json()).toMatchObject({ valid: true, status: "ready" });
    await t.db
      .update(orders)
      .set({ paidAt: weeksAgo(9) })
      .where(eq(orders.id, orderId));
    expect((await seen()).json()).toMatchObject({ valid: true, status: "ready" });
    await t.db
      .update(orders)
      .set({ paidAt: weeksAgo(11) })
      .where(eq(orders.id, orderId));
    expect((await seen()).json()).toMatchObject({ valid: false, status: "not_today" });
  });

  it("a meeting card's last meetings after a closure are let in at the door and listed in the roster (D548)", async () => {
    const { code, itemId, orderId, slotId } = await paidBooking(1);
    const card = t.course.option("TERMINKARTEN");
    await t.db
      .update(orderItems)
      .set({ purchaseOptionId: card.id, scheduleType: card.scheduleType, recurrentPriceCents: 0 })
      .where(eq(orderItems.id, itemId));
    // Paid eleven weeks ago: its ten weekly meetings ended two weeks or a week ago, as the payment's moment
    // fell before or after that day's lesson. Two of its weeks were the school's holidays: they go on to
    // today or next week.
    const day = berlinDate(new Date());
    const daysAgo = (days: number) => berlinDate(new Date(Date.now() - days * 86_400_000));
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 77 * 86_400_000) })
      .where(eq(orders.id, orderId));
    const [holidays] = await t.db
      .insert(closures)
      .values({ startsOn: daysAgo(35), endsOn: daysAgo(28), name: { de: "Ferien", ru: "Каникулы" } })
      .returning();
    try {
      const seen = await t.call("GET", `/api/v2/checkin/${code}/`, { headers: staff.headers });
      expect(seen.json()).toMatchObject({ valid: true, status: "ready", lesson: { date: day } });
      const roster = await t.call("GET", "/api/v2/admin/attendance/", {
        headers: staff.headers,
        query: { slot: String(slotId), date: day },
      });
      expect(roster.statusCode, roster.body).toBe(200);
      expect(roster.json().children.map((child: { order_item: number }) => child.order_item)).toContain(
        itemId,
      );
    } finally {
      if (holidays) await t.db.delete(closures).where(eq(closures.id, holidays.id));
    }
    // Without the holidays its meetings are over.
    const after = await t.call("GET", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    expect(after.json()).toMatchObject({ valid: false, status: "not_today" });
  });

  it("refuses a cancelled subscription after its last paid day, saying so in German and Russian (D647)", async () => {
    const { parent, code, itemId } = await paidBooking(2);
    const cancel = await t.call("PATCH", `/api/v2/orders/items/${itemId}/cancel/`, {
      headers: parent.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Its paid month ended yesterday; the worker has not ended the item yet, so it is still active.
    const today = berlinDate(new Date());
    await t.db
      .update(subscriptions)
      .set({ cancelAt: berlinMidnight(today) })
      .where(eq(subscriptions.orderItemId, itemId));
    const seen = await t.call("GET", `/api/v2/checkin/${code}/`, { headers: staff.headers });
    expect(seen.json()).toMatchObject({ valid: false, status: "contract_ended", lesson: null });
    for (const [locale, text] of [
      ["de", "Das Abo dieser Buchung ist gekündigt"],
      ["ru", "Абонемент по этому бронированию расторгнут"],
    ] as const) {
      const res = await t.call("POST", `/api/v2/checkin/${code}/`, {
        headers: staff.headers,
        query: { locale },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual({ non_field_errors: ["checkin_contract_ended"] });
      expect(res.json().non_field_errors[0]).toContain(text);
    }
    expect(await t.db.select().from(checkins).where(eq(checkins.orderItemId, itemId))).toHaveLength(0);
    // Up to its last paid day the child comes in as before.
    await t.db
      .update(subscriptions)
      .set({ cancelAt: berlinMidnight(addDays(today, 1)) })
      .where(eq(subscriptions.orderItemId, itemId));
    expect((await post(code)).json()).toMatchObject({ status: "checked_in" });
  });

  it("refuses a cancelled booking and one whose order is not paid, each by its own code", async () => {
    const cancelled = await paidBooking(0);
    await t.db.update(orderItems).set({ status: "cancelled" }).where(eq(orderItems.id, cancelled.itemId));
    const res = await post(cancelled.code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ non_field_errors: ["checkin_cancelled"] });
    const unpaid = await paidBooking(1);
    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, unpaid.orderId));
    const refused = await post(unpaid.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["checkin_unpaid"] });
  });

  it("is for staff only: parents get 403, guests 401, an unknown code 404", async () => {
    const { parent, code } = await paidBooking(1);
    expect((await t.call("GET", `/api/v2/checkin/${code}/`, { headers: parent.headers })).statusCode).toBe(
      403,
    );
    expect((await t.call("POST", `/api/v2/checkin/${code}/`, { headers: parent.headers })).statusCode).toBe(
      403,
    );
    expect((await t.call("POST", `/api/v2/checkin/${code}/`)).statusCode).toBe(401);
    expect(
      (await t.call("GET", "/api/v2/checkin/AAAAAAAAAAAAAAAAAAAAAA/", { headers: staff.headers })).statusCode,
    ).toBe(404);
  });

  it("two staff checking in the same child at once record one check-in, and both are told the same time", async () => {
    const { code, itemId } = await paidBooking(2);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(code, i % 2 ? staff2 : staff)),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const statuses = replies.map((reply) => reply.json().status).sort();
    expect(statuses).toEqual([...Array(7).fill("already_checked_in"), "checked_in"]);
    expect(new Set(replies.map((reply) => reply.json().checked_in_at)).size).toBe(1);
    const rows = await t.db.select().from(checkins).where(eq(checkins.orderItemId, itemId));
    const today = rows.filter((row) => row.lessonDate === berlinDate(new Date()));
    expect(today).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, today[0]?.id ?? -1));
    expect(audits.filter((entry) => entry.resource === "checkins")).toHaveLength(1);
  });
});
