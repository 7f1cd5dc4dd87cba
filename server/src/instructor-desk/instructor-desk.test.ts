import { addDays, todayInBerlin } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  closures,
  instructors,
  orderItems,
  scheduleSlots,
  users,
  visitRequests,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff } from "../test/shop-fixtures.ts";

/**
 * The instructor's phone (issue 35, D380–D384): an admin links an account to an instructor record; the
 * instructor sees their own lessons of today and the six days after, opens a roster, marks present or
 * absent and reports a lesson they cannot give. Another instructor's slot is a 404 everywhere, and every
 * staff and admin operation is a 403.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
type Member = Awaited<ReturnType<typeof createParent>>;
let admin: Member;
let staff: Member;
let anna: Member;
let boris: Member;
let annaId: number;
let borisId: number;
let ownSlot: number;
let otherSlot: number;
let itemId: number;
const today = () => todayInBerlin();
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

async function newInstructor(slug: string, firstName: string) {
  const [row] = await t.db
    .insert(instructors)
    .values({
      slug,
      firstName,
      lastName: "Lehrer",
      firstNameRu: `${firstName}-ru`,
      job: { de: "", ru: "" },
      subject: { de: "", ru: "" },
      bio: { de: "", ru: "" },
    })
    .returning({ id: instructors.id });
  if (!row) throw new Error("no instructor");
  return row.id;
}

const setRole = (id: number, body: unknown, by = admin) =>
  t.call("PUT", `/api/v2/admin/people/${id}/role/`, { headers: by.headers, body });

beforeAll(async () => {
  t = await createCheckoutTestApp();
  // Lessons must not fall on a seeded holiday whatever day the suite runs: the tests add their own closure.
  await t.db.delete(closures);
  admin = await createStaff(t.db, "admin");
  staff = await createStaff(t.db, "staff");
  annaId = await newInstructor("anna-desk", "Anna");
  borisId = await newInstructor("boris-desk", "Boris");
  ownSlot = t.weekly[0]?.id ?? 0;
  otherSlot = t.weekly[1]?.id ?? 0;
  await t.db
    .update(scheduleSlots)
    .set({ weekday: weekdayOf(today()), instructorId: annaId })
    .where(eq(scheduleSlots.id, ownSlot));
  await t.db
    .update(scheduleSlots)
    .set({ weekday: weekdayOf(today()), instructorId: borisId })
    .where(eq(scheduleSlots.id, otherSlot));
  const parent = await t.parentWithCourse(0);
  await t.db.update(users).set({ phoneNumber: "+491701234567" }).where(eq(users.id, parent.id));
  const { id, order_id } = (await t.fulfil(parent.headers)).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  itemId = item?.id ?? 0;
  anna = await createParent(t.db);
  boris = await createParent(t.db);
}, 60_000);
afterAll(() => t?.close());

const lessons = (who: Member, locale = "de") =>
  t.call("GET", "/api/v2/instructor/lessons/", { headers: who.headers, query: { locale } });
const roster = (who: Member, slot: number, date = today()) =>
  t.call("GET", "/api/v2/instructor/roster/", { headers: who.headers, query: { slot: String(slot), date } });
const mark = (who: Member, body: unknown) =>
  t.call("PUT", "/api/v2/instructor/attendance/", { headers: who.headers, body });
const report = (who: Member, body: unknown) =>
  t.call("POST", "/api/v2/instructor/reports/", { headers: who.headers, body });

describe("the instructor role, granted like staff (D380)", () => {
  it("is granted by an admin with an instructor record, audited; staff cannot grant it", async () => {
    const missing = await setRole(anna.id, { role: "instructor" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_codes).toEqual({ instructor: ["required"] });
    expect((await setRole(anna.id, { role: "instructor", instructor: 999_999 })).json().error_codes).toEqual({
      instructor: ["invalid_choice"],
    });
    expect((await setRole(anna.id, { role: "instructor", instructor: annaId }, staff)).statusCode).toBe(403);
    const granted = await setRole(anna.id, { role: "instructor", instructor: annaId });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ role: "instructor", instructor: annaId });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "people"), eq(auditLog.recordId, anna.id)));
    expect(entry).toMatchObject({
      userId: admin.id,
      before: { role: "customer" },
      after: { role: "instructor", instructor: annaId },
    });
    expect((await setRole(boris.id, { role: "instructor", instructor: borisId })).statusCode).toBe(200);
    const me = await t.call("GET", "/api/v2/instructor/me/", {
      headers: anna.headers,
      query: { locale: "ru" },
    });
    expect(me.json().instructor).toEqual({ id: annaId, name: "Anna-ru Lehrer" });
  });

  it("takes the instructor's page away when an admin makes the account a customer again", async () => {
    const member = await createParent(t.db);
    expect((await setRole(member.id, { role: "instructor", instructor: annaId })).statusCode).toBe(200);
    expect((await lessons(member)).statusCode).toBe(200);
    expect((await setRole(member.id, { role: "customer" })).json().instructor).toBeNull();
    expect((await lessons(member)).statusCode).toBe(403);
  });
});

describe("the instructor's lessons and rosters (D381, D382)", () => {
  it("lists their own lessons of today and the six days after, never another instructor's", async () => {
    const res = await lessons(anna);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.today).toBe(today());
    expect(body.days.map((day: { date: string }) => day.date)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(today(), n)),
    );
    const slots = body.days.flatMap((day: { lessons: { slot: number }[] }) => day.lessons.map((l) => l.slot));
    expect(slots).toEqual([ownSlot]);
    expect(body.days[0].lessons[0]).toMatchObject({
      slot: ownSlot,
      date: today(),
      children: 1,
      reported: false,
    });
    const other = (await lessons(boris)).json();
    expect(
      other.days.flatMap((day: { lessons: { slot: number }[] }) => day.lessons.map((l) => l.slot)),
    ).toEqual([otherSlot]);
  });

  it("leaves out a day the house is closed, and has no roster for it", async () => {
    const [closure] = await t.db
      .insert(closures)
      .values({ name: { de: "Schließtag", ru: "Выходной" }, startsOn: today(), endsOn: today() })
      .returning({ id: closures.id });
    try {
      expect((await lessons(anna)).json().days[0].lessons).toEqual([]);
      expect((await roster(anna, ownSlot)).statusCode).toBe(404);
    } finally {
      await t.db.delete(closures).where(eq(closures.id, closure?.id ?? 0));
    }
  });

  it("shows the roster with children, age, parent's phone and trial visitors, but no order or e-mail", async () => {
    const [slotRow] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, ownSlot));
    await t.db.insert(visitRequests).values({
      kind: "trial",
      productPageId: slotRow?.productPageId ?? 0,
      children: [{ first_name: "Tim", last_name: "Probe", birth_date: "2019-01-01" }],
      adults: [
        { first_name: "Ute", last_name: "Probe", email: "ute@example.org", phone: "+4930999", relation: "" },
      ],
      date: today(),
      confirmedAt: new Date(),
      confirmedSlotId: ownSlot,
    });
    const res = await roster(anna, ownSlot);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.children).toHaveLength(1);
    expect(body.children[0]).toMatchObject({ order_item: itemId, age: 6, parent_phone: "+491701234567" });
    expect(body.children[0]).not.toHaveProperty("order");
    expect(body.children[0]).not.toHaveProperty("parent_email");
    expect(body.children[0]).not.toHaveProperty("purchase_option");
    expect(body.trial_visitors).toEqual([
      expect.objectContaining({
        visitor_name: "Tim Probe",
        parent_name: "Ute Probe",
        parent_phone: "+4930999",
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain("@");
    // The office's attendance of the same lesson lists the trial child too (D618).
    const office = await t.call("GET", "/api/v2/admin/attendance/", {
      headers: staff.headers,
      query: { slot: String(ownSlot), date: today() },
    });
    expect(office.statusCode, office.body).toBe(200);
    expect(office.json().trial_visitors).toEqual(body.trial_visitors);
  });

  it("answers 404 for another instructor's slot, and for a slot without a lesson that day", async () => {
    expect((await roster(anna, otherSlot)).statusCode).toBe(404);
    expect((await roster(boris, ownSlot)).statusCode).toBe(404);
    expect((await roster(anna, ownSlot, addDays(today(), 1))).statusCode).toBe(404);
    expect((await roster(anna, 999_999)).statusCode).toBe(404);
  });
});

describe("marks and reports (D382, D383)", () => {
  it("marks a child present then absent, as the back office's attendance shows, audited under the instructor", async () => {
    const present = await mark(anna, {
      slot: ownSlot,
      date: today(),
      order_item: itemId,
      attendance: "present",
    });
    expect(present.statusCode, present.body).toBe(200);
    const staffView = await t.call("GET", "/api/v2/admin/attendance/", {
      headers: staff.headers,
      query: { slot: String(ownSlot), date: today() },
    });
    expect(staffView.json().children[0].attendance).toBe("present");
    const absent = await mark(anna, {
      slot: ownSlot,
      date: today(),
      order_item: itemId,
      attendance: "absent",
    });
    expect(absent.json().attendance).toBe("absent");
    expect((await roster(anna, ownSlot)).json().children[0].attendance).toBe("absent");
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "attendance"), eq(auditLog.recordId, itemId)));
    expect(entries.map((entry) => entry.userId)).toEqual([anna.id, anna.id]);
  });

  it("refuses marks on another instructor's slot (404) and for a child not in the lesson (400)", async () => {
    const body = { slot: otherSlot, date: today(), order_item: itemId, attendance: "present" };
    expect((await mark(anna, body)).statusCode).toBe(404);
    expect((await mark(boris, { ...body, slot: ownSlot })).statusCode).toBe(404);
    const stranger = await mark(anna, { ...body, slot: ownSlot, order_item: 999_999 });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error_codes).toEqual({ order_item: ["invalid_choice"] });
  });

  it("reports a lesson they cannot give: staff see it, the lesson still stands; once per lesson", async () => {
    const date = addDays(today(), 7);
    const first = await report(anna, { slot: ownSlot, date, reason: "Krank" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ slot: ownSlot, date, reason: "Krank", status: "open" });
    const again = await report(anna, { slot: ownSlot, date, reason: "Krank, mit Attest" });
    expect(again.json().id).toBe(first.json().id);
    const list = await t.call("GET", "/api/v2/admin/instructor-reports/", { headers: staff.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: first.json().id,
        reason: "Krank, mit Attest",
        instructor_name: "Anna Lehrer",
      }),
    ]);
    const dashboard = await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers });
    expect(dashboard.json().open_instructor_reports).toBe(1);
    // Nothing is cancelled: the lesson is still on the roster with its child.
    expect((await roster(anna, ownSlot, date)).json().children).toHaveLength(1);
    expect((await roster(anna, ownSlot, date)).json().lesson.reported).toBe(true);
    const done = await t.call("PUT", `/api/v2/admin/instructor-reports/${first.json().id}/`, {
      headers: staff.headers,
      body: { status: "done" },
    });
    expect(done.json().status).toBe("done");
    expect(
      (await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers })).json(),
    ).toMatchObject({
      open_instructor_reports: 0,
    });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "instructor-reports"), eq(auditLog.recordId, first.json().id)));
    expect(audited.map((entry) => entry.userId)).toEqual([anna.id, anna.id, staff.id]);
  });

  it("refuses a report of another instructor's lesson, a past one, and one without a reason", async () => {
    expect((await report(anna, { slot: otherSlot, date: today(), reason: "x" })).statusCode).toBe(404);
    const past = await report(anna, { slot: ownSlot, date: addDays(today(), -7), reason: "x" });
    expect(past.json().error_codes).toEqual({ date: ["instructor_report_past"] });
    const empty = await report(anna, { slot: ownSlot, date: today(), reason: "  " });
    expect(empty.json().error_codes).toEqual({ reason: ["required"] });
  });
});

describe("access (issue 35: an instructor gets 403 on every staff and admin operation)", () => {
  it("keeps customers, staff and admins out of the instructor's routes", async () => {
    const parent = await createParent(t.db);
    for (const who of [parent, staff, admin]) expect((await lessons(who)).statusCode).toBe(403);
    expect((await t.call("GET", "/api/v2/instructor/lessons/")).statusCode).toBe(401);
  });

  it("answers 403 to an instructor on every operation of the back office and the check-in", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/v2/admin/") || path.startsWith("/api/v2/checkin/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(operations.length).toBeGreaterThanOrEqual(100);
    const answers: string[] = [];
    for (const { path, method } of operations) {
      const url = path.replace(/\{code\}/g, "ABCDEFGHIJKLMNOPQRST").replace(/\{[^}]+\}/g, "1");
      const res = await t.app.inject({
        method: method.toUpperCase() as "GET",
        url,
        headers: anna.headers,
        ...(method === "get" || method === "delete" ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403) answers.push(`${method} ${url}: ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  }, 120_000);
});
