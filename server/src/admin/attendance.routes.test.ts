import { berlinDate } from "@atelier/contract";
import { and, count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attendanceAbsences,
  auditLog,
  checkins,
  closures,
  orderItems,
  scheduleSlots,
  users,
  visitors,
  waitingListEntries,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { createChild, createParent } from "../test/shop-fixtures.ts";
import { DASHBOARD_REUSE_MS, nextDay } from "./dashboard.service.ts";
import { createDayLessons } from "./day-lessons.service.ts";
import { countingAttendance } from "./reuse-test-support.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createParent(t.db);
  await t.db.update(users).set({ role: "staff", phoneNumber: "+4930111111" }).where(eq(users.id, staff.id));
}, 60_000);
afterAll(() => t?.close());

const today = () => berlinDate(new Date());
const tomorrow = () => nextDay(today());
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** A paid weekly course booking with a lesson on `day` (the slot's weekday is set to match). */
async function bookedOn(slot: number, day: string) {
  const slotId = t.weekly[slot]?.id;
  if (!slotId) throw new Error(`no weekly slot ${slot}`);
  await t.db
    .update(scheduleSlots)
    .set({ weekday: weekdayOf(day) })
    .where(eq(scheduleSlots.id, slotId));
  const parent = await t.parentWithCourse(slot);
  const { id, order_id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  if (!item?.visitorId) throw new Error("no item");
  return { parent, slotId, itemId: item.id, visitorId: item.visitorId, orderId: order_id as number };
}
const bookedForTomorrow = (slot: number) => bookedOn(slot, tomorrow());

const roster = (slot: number, date = tomorrow(), who = staff.headers) =>
  t.call("GET", "/api/v2/admin/attendance/", { headers: who, query: { slot: String(slot), date } });
const mark = (body: unknown, who = staff.headers) =>
  t.call("PUT", "/api/v2/admin/attendance/", { headers: who, body });

describe("attendance per slot and lesson date (D131)", () => {
  it("lists tomorrow's children with age, parent and phone, comment, seats left and the waiting list", async () => {
    const booked = await bookedForTomorrow(0);
    await t.db.update(users).set({ phoneNumber: "+491701234567" }).where(eq(users.id, booked.parent.id));
    await t.db.update(visitors).set({ notes: "Allergie: Nüsse" }).where(eq(visitors.id, booked.visitorId));
    const waitingParent = await createParent(t.db);
    const waitingChild = await createChild(t.db, waitingParent.id, 6, "Lina");
    const [slotRow] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, booked.slotId));
    const [itemRow] = await t.db.select().from(orderItems).where(eq(orderItems.id, booked.itemId));
    await t.db.insert(waitingListEntries).values({
      userId: waitingParent.id,
      visitorId: waitingChild,
      productPageId: slotRow?.productPageId ?? 0,
      purchaseOptionId: itemRow?.purchaseOptionId ?? 0,
      scheduleSlotId: booked.slotId,
      locale: "de",
    });

    const res = await roster(booked.slotId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lesson).toMatchObject({ slot: booked.slotId, date: tomorrow(), seats: slotRow?.seats });
    expect(body.lesson.seats_left).toBe(body.lesson.seats - body.lesson.seats_taken);
    const child = body.children.find((one: { order_item: number }) => one.order_item === booked.itemId);
    expect(child).toMatchObject({
      visitor_name: "Mila Muster",
      age: 6,
      parent_name: "Eva Muster",
      parent_phone: "+491701234567",
      notes: "Allergie: Nüsse",
      attendance: null,
      order: booked.orderId,
    });
    expect(body.waiting).toMatchObject([{ visitor_name: "Lina Muster", status: "waiting", age: 6 }]);

    // The day's lessons name the slot with its count; the day after has no lesson of it.
    const lessons = await t.call("GET", "/api/v2/admin/attendance/lessons/", {
      headers: staff.headers,
      query: { date: tomorrow() },
    });
    const lesson = lessons.json().find((one: { slot: number }) => one.slot === booked.slotId);
    expect(lesson.children).toBe(body.children.length);
    const none = await roster(booked.slotId, nextDay(tomorrow()));
    expect(none.statusCode).toBe(404);
  });

  it("shows a lesson on a closed day as closed, without the children who come by the week (D610)", async () => {
    const booked = await bookedOn(1, nextDay(tomorrow()));
    const day = nextDay(tomorrow());
    const [closure] = await t.db
      .insert(closures)
      .values({ startsOn: day, endsOn: day, locationId: null, name: { de: "Wasserschaden", ru: "Потоп" } })
      .returning();
    try {
      const res = await roster(booked.slotId, day);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lesson).toMatchObject({ closed: true, children: 0 });
      expect(res.json().children).toEqual([]);
      const lessons = await t.call("GET", "/api/v2/admin/attendance/lessons/", {
        headers: staff.headers,
        query: { date: day },
      });
      expect(lessons.json().find((one: { slot: number }) => one.slot === booked.slotId)).toMatchObject({
        closed: true,
      });
    } finally {
      await t.db.delete(closures).where(eq(closures.id, closure?.id ?? 0));
    }
    // Open again, the child is on the roster.
    const open = await roster(booked.slotId, day);
    expect(open.json().lesson.closed).toBe(false);
    expect(open.json().children.map((one: { order_item: number }) => one.order_item)).toContain(
      booked.itemId,
    );
  });

  it("exports the roster as CSV with a BOM, `;` and formulas made harmless, and audits the export", async () => {
    const booked = await bookedForTomorrow(1);
    await t.db
      .update(visitors)
      .set({ notes: '=HYPERLINK("http://evil.example";"x")' })
      .where(eq(visitors.id, booked.visitorId));
    const res = await t.call("GET", "/api/v2/admin/attendance/roster.csv", {
      headers: staff.headers,
      query: { slot: String(booked.slotId), date: tomorrow() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain(`anwesenheit-${tomorrow()}-${booked.slotId}.csv`);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Kind;Alter;Geburtsdatum;Eltern;Telefon;E-Mail;Tarif;Kommentar;Hinweise;Anwesenheit;Bestellung",
    );
    const row = lines.find((line) => line.endsWith(`;${booked.orderId}`));
    expect(row).toBeDefined();
    // The note begins with `=`: quoted (it holds `;` and `"`) and led by `'`, so no spreadsheet runs it.
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"";""x"")"`);
    expect(row?.startsWith("Mila Muster;6;")).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, "attendance"),
          eq(auditLog.action, "export"),
          eq(auditLog.recordId, booked.slotId),
        ),
      );
    expect(entry).toMatchObject({ userId: staff.id, after: { lesson_date: tomorrow() } });
  });

  it("marks present and absent per lesson date, each change audited, a repeat changing nothing", async () => {
    const booked = await bookedOn(2, today());
    const body = { slot: booked.slotId, date: today(), order_item: booked.itemId };
    const audits = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.resource, "attendance"),
              eq(auditLog.recordId, booked.itemId),
              eq(auditLog.action, "update"),
            ),
          )
      )[0]?.n;

    const present = await mark({ ...body, attendance: "present" });
    expect(present.statusCode, present.body).toBe(200);
    expect(present.json()).toMatchObject({ attendance: "present", date: today() });
    expect(present.json().checked_in_at).not.toBeNull();
    expect(await audits()).toBe(1);
    // The door's check-in row is the "present" mark: the scanner sees it.
    expect(await t.db.select().from(checkins).where(eq(checkins.orderItemId, booked.itemId))).toMatchObject([
      { lessonDate: today(), scheduleSlotId: booked.slotId, checkedInBy: staff.id },
    ]);
    // The roster shows the mark with the check-in's own time (read beside absences in one statement).
    expect(
      (await roster(booked.slotId, today()))
        .json()
        .children.find((one: { order_item: number }) => one.order_item === booked.itemId),
    ).toMatchObject({ attendance: "present", checked_in_at: present.json().checked_in_at });
    const again = await mark({ ...body, attendance: "present" });
    expect(again.json().checked_in_at).toBe(present.json().checked_in_at);
    expect(await audits()).toBe(1);

    const absent = await mark({ ...body, attendance: "absent" });
    expect(absent.statusCode).toBe(200);
    expect(absent.json()).toMatchObject({ attendance: "absent", checked_in_at: null });
    expect(await t.db.select().from(checkins).where(eq(checkins.orderItemId, booked.itemId))).toHaveLength(0);
    expect(
      await t.db.select().from(attendanceAbsences).where(eq(attendanceAbsences.orderItemId, booked.itemId)),
    ).toHaveLength(1);
    expect(await audits()).toBe(2);
    const [last] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, "attendance"),
          eq(auditLog.recordId, booked.itemId),
          eq(auditLog.action, "update"),
        ),
      )
      .orderBy(auditLog.id);
    expect(last?.before).toMatchObject({ attendance: null });
    const listed = (await roster(booked.slotId, today())).json();
    expect(
      listed.children.find((one: { order_item: number }) => one.order_item === booked.itemId),
    ).toMatchObject({
      attendance: "absent",
    });
    expect(listed.lesson).toMatchObject({ absent: 1, present: 0 });

    // Tomorrow is another lesson date: the slot has no lesson then (its weekday is today's), so not found.
    const otherDay = await mark({ ...body, date: tomorrow(), attendance: "absent" });
    expect(otherDay.statusCode).toBe(404);
  });

  it("refuses present before the lesson's day and takes absent ahead, as a parent's call reports it", async () => {
    const booked = await bookedForTomorrow(0);
    const body = { slot: booked.slotId, date: tomorrow(), order_item: booked.itemId };
    const early = await mark({ ...body, attendance: "present" }, staff.headers);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().error_codes).toEqual({ attendance: ["present_before_lesson_day"] });
    expect(await t.db.select().from(checkins).where(eq(checkins.orderItemId, booked.itemId))).toHaveLength(0);
    const ahead = await mark({ ...body, attendance: "absent" });
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(ahead.json()).toMatchObject({ attendance: "absent", date: tomorrow() });
  });

  it("keeps a child checked in at a lesson on its roster after the child moved to another slot (D602)", async () => {
    const booked = await bookedOn(0, today());
    const to = t.weekly[1]?.id ?? 0;
    // The other group meets the same day, later: the child moves there for the lessons to come.
    await t.db
      .update(scheduleSlots)
      .set({ weekday: weekdayOf(today()) })
      .where(eq(scheduleSlots.id, to));
    const present = await mark({
      slot: booked.slotId,
      date: today(),
      order_item: booked.itemId,
      attendance: "present",
    });
    expect(present.statusCode, present.body).toBe(200);
    const moved = await t.call("POST", `/api/v2/admin/orders/${booked.orderId}/move/`, {
      headers: staff.headers,
      body: { item: booked.itemId, kind: "slot", from: booked.slotId, to },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await roster(booked.slotId, today())).json();
    expect(
      after.children.find((one: { order_item: number }) => one.order_item === booked.itemId),
    ).toMatchObject({ attendance: "present" });
    const lessons = await t.call("GET", "/api/v2/admin/attendance/lessons/", {
      headers: staff.headers,
      query: { date: today() },
    });
    expect(lessons.json().find((one: { slot: number }) => one.slot === booked.slotId)).toMatchObject({
      present: 1,
    });
    // Counted once that day: not on the later group's roster too.
    const later = await roster(to, today());
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().children.map((one: { order_item: number }) => one.order_item)).not.toContain(
      booked.itemId,
    );
  });

  // D422: a day's lessons made once per database snapshot; a staff member's mark shows in their next read.
  it("lists a day's lessons once while nothing is written, and shows a mark at once", async () => {
    const booked = await bookedForTomorrow(1);
    const lessonOf = async () => {
      const res = await t.call("GET", "/api/v2/admin/attendance/lessons/", {
        headers: staff.headers,
        query: { date: tomorrow() },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().find((one: { slot: number }) => one.slot === booked.slotId);
    };
    const before = await lessonOf();
    expect(before.absent).toBe(0);
    expect(await lessonOf()).toEqual(before);
    const absent = await mark({
      slot: booked.slotId,
      date: tomorrow(),
      order_item: booked.itemId,
      attendance: "absent",
    });
    expect(absent.statusCode, absent.body).toBe(200);
    expect((await lessonOf()).absent).toBe(1);

    // Computed once for reads of one snapshot, again after a commit and after the guard's time.
    let clock = Date.now();
    const { attendance, made } = countingAttendance();
    const dayLessons = createDayLessons(t.db, { attendance, now: () => new Date(clock) });
    // On PostgreSQL other test files commit to their databases on the same server and move the snapshot:
    // a reuse is proved by a read that does not compute, which a few tries find unless reuse is broken.
    const reused = async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const was = made.count;
        await dayLessons(tomorrow(), "de");
        if (made.count === was) return true;
      }
      return false;
    };
    await dayLessons(tomorrow(), "de");
    expect(await reused()).toBe(true);
    const ru = made.count;
    await dayLessons(tomorrow(), "ru");
    expect(made.count).toBe(ru + 1);
    await t.db.update(users).set({ phoneNumber: "+4930222222" }).where(eq(users.id, staff.id));
    const afterWrite = made.count;
    await dayLessons(tomorrow(), "de");
    expect(made.count).toBe(afterWrite + 1);
    expect(await reused()).toBe(true);
    clock += DASHBOARD_REUSE_MS;
    const afterTime = made.count;
    await dayLessons(tomorrow(), "de");
    expect(made.count).toBe(afterTime + 1);
  });

  it("refuses a child not booked into the lesson at `order_item`, and bad input at its field", async () => {
    const booked = await bookedForTomorrow(0);
    const other = await bookedForTomorrow(1);
    const wrong = await mark({
      slot: booked.slotId,
      date: tomorrow(),
      order_item: other.itemId,
      attendance: "absent",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_codes).toEqual({ order_item: ["invalid_choice"] });
    const badDate = await mark({
      slot: booked.slotId,
      date: "2031-02-30",
      order_item: booked.itemId,
      attendance: "present",
    });
    expect(badDate.statusCode).toBe(400);
    expect(Object.keys(badDate.json())).toContain("date");
    const badMark = await mark({
      slot: booked.slotId,
      date: tomorrow(),
      order_item: booked.itemId,
      attendance: "late",
    });
    expect(badMark.json().error_codes).toEqual({ attendance: ["invalid_choice"] });
  });

  it("is for staff only: guests 401, customers 403", async () => {
    const parent = await createParent(t.db);
    for (const [headers, status] of [
      [undefined, 401],
      [parent.headers, 403],
    ] as const) {
      expect((await t.call("GET", "/api/v2/admin/attendance/", headers ? { headers } : {})).statusCode).toBe(
        status,
      );
      expect(
        (await t.call("PUT", "/api/v2/admin/attendance/", { ...(headers ? { headers } : {}), body: {} }))
          .statusCode,
      ).toBe(status);
      expect((await t.call("GET", "/api/v2/admin/dashboard/", headers ? { headers } : {})).statusCode).toBe(
        status,
      );
      expect(
        (await t.call("GET", "/api/v2/admin/accounting/2026-01/documents.zip", headers ? { headers } : {}))
          .statusCode,
      ).toBe(status);
    }
  });

  it("fast-check: whatever a staff browser sends to the mark route, no 5xx, and a refusal writes nothing", async () => {
    const booked = await bookedForTomorrow(2);
    const valid = { slot: booked.slotId, date: tomorrow(), order_item: booked.itemId, attendance: "absent" };
    const value = fc.oneof(
      fc.constantFrom<unknown>(
        2_147_483_648,
        -1,
        0,
        1e308,
        "\u0000",
        "\ud800",
        "",
        null,
        true,
        [],
        {},
        "2031-02-30",
        "9999-12-31",
        "0001-01-01",
        "absent",
        "present",
      ),
      fc.jsonValue({ maxDepth: 2 }),
      fc.integer(),
      fc.string({ unit: "binary", maxLength: 20 }),
    );
    const key = fc.constantFrom("slot", "date", "order_item", "attendance", "unknown");
    const footprint = async () => ({
      audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
      absences: (await t.db.select({ n: count() }).from(attendanceAbsences))[0]?.n,
      checkins: (await t.db.select({ n: count() }).from(checkins))[0]?.n,
    });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { minKeys: 1, maxKeys: 2 }), async (changes) => {
        const before = await footprint();
        const res = await mark({ ...valid, ...changes });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await footprint()).toEqual(before);
      }),
      propertyRuns(60),
    );
  });
});
