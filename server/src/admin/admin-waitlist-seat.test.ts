import { AdminWaitingEntryListSchema, todayInBerlin, weekdayOf } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, scheduleSlots } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/** Issue 29 (D273, D274): "offer a seat" on a full slot adds one seat and offers it; filters by day. */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

let slotCounter = 0;
/** A full weekly slot (no seats) of the 5–7 course and one child waiting for it. */
async function fullSlotWithOneWaiting(weekday = 3) {
  slotCounter += 1;
  const res = await t.call("POST", "/api/v2/admin/slots/", {
    headers: staff.headers,
    body: {
      product_page: t.course.page.id,
      weekday,
      date: null,
      start: `06:${String(slotCounter).padStart(2, "0")}`,
      end: "06:55",
      seats: 0,
      instructor: null,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const slot = res.json().id as number;
  const parent = await createParent(t.db);
  const child = await createChild(t.db, parent.id, 6, "Wanda");
  const joined = await t.call("POST", "/api/v2/orders/waiting_list/", {
    headers: parent.headers,
    body: { visitor: child, purchase_option: t.course.option("Course (1 / week)").id, schedule_slot: slot },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  const email = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json()
    .email as string;
  return { slot, entry: joined.json().id as number, email };
}

const offer = (entry: number, body?: unknown) =>
  t.call("POST", `/api/v2/admin/waiting-list/${entry}/offer/`, {
    headers: staff.headers,
    ...(body === undefined ? {} : { body }),
  });
const seatsOf = async (slot: number) =>
  (await t.db.select({ seats: scheduleSlots.seats }).from(scheduleSlots).where(eq(scheduleSlots.id, slot)))[0]
    ?.seats;
const audits = (resource: string, recordId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, recordId)));
const offerMails = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
    (mail) => mail.template === "waiting-list-offer",
  );

describe(`offering a seat on a full slot (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("without staff's yes it is refused; with it one seat is added and offered in one step, both audited", async () => {
    const { slot, entry, email } = await fullSlotWithOneWaiting();
    const refused = await offer(entry);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["waiting_no_free_seat"] });
    expect(await seatsOf(slot)).toBe(0);

    const done = await offer(entry, { add_seat: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: "offered" });
    expect(await seatsOf(slot)).toBe(1);
    expect(await offerMails(email)).toHaveLength(1);
    const seatAudit = await audits("slots", slot);
    expect(seatAudit.filter((a) => (a.after as { seats?: number }).seats === 1)).toHaveLength(1);
    expect(seatAudit.at(-1)).toMatchObject({ userId: staff.id, before: { seats: 0 }, after: { seats: 1 } });
    expect(await audits("waiting_list_entries", entry)).toHaveLength(1);

    // A second click: the running offer is the answer; no second seat, mail or audit entry.
    const again = await offer(entry, { add_seat: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await seatsOf(slot)).toBe(1);
    expect(await offerMails(email)).toHaveLength(1);
  });

  it("says before offering whether a seat must be added (D310), writing nothing", async () => {
    const { slot, entry, email } = await fullSlotWithOneWaiting();
    const check = () =>
      t.call("GET", `/api/v2/admin/waiting-list/${entry}/offer/`, { headers: staff.headers });
    const full = await check();
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toEqual({ needs_seat: true });
    expect(await seatsOf(slot)).toBe(0);
    expect(await offerMails(email)).toHaveLength(0);
    expect(await audits("waiting_list_entries", entry)).toHaveLength(0);
    // With a free seat it needs none.
    await t.db.update(scheduleSlots).set({ seats: 1 }).where(eq(scheduleSlots.id, slot));
    expect((await check()).json()).toEqual({ needs_seat: false });
    // Not staff: refused; no such entry: 404.
    const parent = await createParent(t.db);
    const foreign = await t.call("GET", `/api/v2/admin/waiting-list/${entry}/offer/`, {
      headers: parent.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const missing = await t.call("GET", "/api/v2/admin/waiting-list/999999/offer/", {
      headers: staff.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("two clicks at once add one seat and send one offer", async () => {
    const { slot, entry, email } = await fullSlotWithOneWaiting();
    const both = await Promise.all([offer(entry, { add_seat: true }), offer(entry, { add_seat: true })]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await seatsOf(slot)).toBe(1);
    expect(await offerMails(email)).toHaveLength(1);
  });

  it("refuses a body that is not a yes or no, writing nothing", async () => {
    const { slot, entry } = await fullSlotWithOneWaiting();
    for (const body of [{ add_seat: "ja" }, { add_seat: true, seats: 5 }]) {
      const res = await offer(entry, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await seatsOf(slot)).toBe(0);
  });

  it("filters the waiting list by offer and by day (a weekly slot on its weekday), refusing a day that is none", async () => {
    const weekday = 4;
    const { entry } = await fullSlotWithOneWaiting(weekday);
    const list = (filter: Record<string, unknown>) =>
      t.call("GET", "/api/v2/admin/waiting-list/", {
        headers: staff.headers,
        query: { filter: JSON.stringify(filter), range: "[0,99]" },
      });
    let day = todayInBerlin();
    for (let i = 1; weekdayOf(day) !== weekday; i++) {
      const d = new Date(`${todayInBerlin()}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + i);
      day = d.toISOString().slice(0, 10);
    }
    const onDay = AdminWaitingEntryListSchema.parse(
      (await list({ date: day, product: t.course.page.id })).json(),
    );
    expect(onDay.map((row) => row.id)).toContain(entry);
    const next = new Date(`${day}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const otherDay = AdminWaitingEntryListSchema.parse(
      (await list({ date: next.toISOString().slice(0, 10) })).json(),
    );
    expect(otherDay.map((row) => row.id)).not.toContain(entry);
    for (const bad of ["2026-02-30", "morgen", 20260101]) {
      const res = await list({ date: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual({ filter: ["invalid"] });
    }
  });
});
