import { todayInBerlin, weekdayOf } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  locations,
  productPages,
  scheduleSlots,
  users,
  visitRequestMessages,
  visitRequests,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, lessonDayIn } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * Issue 29's requests (D270–D272): a trial confirmation names the course, day, time and house, is sent once
 * however often it is clicked (also twice at once), and staff write to the family from the request.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let house: { name: string; street: string; postCode: string; city: string };

beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createParent(t.db);
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  const [row] = await t.db
    .select({
      name: locations.name,
      street: locations.street,
      postCode: locations.postCode,
      city: locations.city,
    })
    .from(productPages)
    .innerJoin(locations, eq(locations.id, productPages.locationId))
    .where(eq(productPages.id, t.course.page.id));
  if (!row) throw new Error("the demo course has no house");
  house = { ...row, name: row.name.de };
}, 60_000);
afterAll(() => t?.close());

const inDays = (days: number) => {
  const d = new Date(`${todayInBerlin()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const dayOfWeekday = (weekday: number, from = 3) => {
  for (let days = from; ; days++) if (weekdayOf(inDays(days)) === weekday) return inDays(days);
};

let ip = 0;
let mailNo = 0;
async function sendTrial(locale: "de" | "ru" = "de") {
  const email = `family${++mailNo}-${Date.now()}@example.org`;
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v2/orders/visit_request/?locale=${locale}`,
    remoteAddress: `198.51.100.${++ip}`,
    payload: {
      product_page: t.course.page.id,
      children: [{ first_name: "Mila", last_name: "Petrova", birth_date: "2019-05-02" }],
      adults: [
        { first_name: "Olga", last_name: "Petrova", email, phone: "+4915112345678", relation: "Mutter" },
      ],
      // A day the course meets: the trial form refuses any other (D297).
      date: await lessonDayIn(t.db, t.course, 3),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, email };
}

const getVisit = async (id: number) =>
  (await t.call("GET", `/api/v2/admin/visit-requests/${id}/`, { headers: staff.headers })).json();
const confirm = (id: number, body: Record<string, unknown>, locale = "de") =>
  t.call("POST", `/api/v2/admin/visit-requests/${id}/confirm/`, {
    headers: staff.headers,
    body,
    query: { locale },
  });
const confirmedMails = async (email: string) =>
  (await t.mailsTo(email)).filter((mail) => mail.template === "visit-request-confirmed");
const auditOf = (recordId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, "visit-requests"), eq(auditLog.recordId, recordId)));

const weeklyLesson = () => {
  const lesson = t.weekly[0];
  if (!lesson || lesson.weekday === null) throw new Error("no weekly slot");
  return lesson;
};

describe(`confirming a trial (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("mails course, weekday and date, time and house; the request page shows them", async () => {
    const { id, email } = await sendTrial("de");
    const lesson = weeklyLesson();
    const day = dayOfWeekday(lesson.weekday as number);
    const current = await getVisit(id);
    expect(current).toMatchObject({ product_name: t.course.page.name.de, confirmed_start: null });
    const res = await confirm(id, { date: day, slot: lesson.id, version: current.version });
    expect(res.statusCode, res.body).toBe(200);
    const start = lesson.start.slice(0, 5);
    const end = lesson.end.slice(0, 5);
    expect(res.json()).toMatchObject({
      date: day,
      confirmed_start: start,
      confirmed_end: end,
      house: expect.stringContaining(house.street),
    });
    const [mail] = await confirmedMails(email);
    const weekday = new Intl.DateTimeFormat("de", { weekday: "long", timeZone: "UTC" }).format(
      new Date(`${day}T12:00:00Z`),
    );
    for (const text of [mail?.text ?? "", mail?.html ?? ""]) {
      expect(text).toContain(t.course.page.name.de);
      expect(text).toContain(weekday);
      expect(text).toContain(`${start}–${end} Uhr`);
      expect(text).toContain(house.street);
      expect(text).toContain(`${house.postCode} ${house.city}`);
      expect(text).toContain(house.name);
    }
  });

  it("sends one mail however often it is clicked: a repeat read at the new version, and two at once", async () => {
    const { id, email } = await sendTrial("ru");
    const lesson = weeklyLesson();
    const day = dayOfWeekday(lesson.weekday as number);
    const first = await getVisit(id);
    // Two clicks at once (on PostgreSQL they meet at the request's row lock).
    const both = await Promise.all([
      confirm(id, { date: day, slot: lesson.id, version: first.version }),
      confirm(id, { date: day, slot: lesson.id, version: first.version }),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    // A third click after the page re-read the request (its new version): still no second mail.
    const reread = await getVisit(id);
    const third = await confirm(id, { date: day, slot: lesson.id, version: reread.version });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toEqual(reread);
    const mails = await confirmedMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.locale).toBe("ru");
    expect(mails[0]?.text).toContain(`${lesson.start.slice(0, 5)}–${lesson.end.slice(0, 5)}`);
    expect(await auditOf(id)).toHaveLength(1);

    // Another day is a new confirmation with its own mail.
    const later = dayOfWeekday(lesson.weekday as number, 10);
    const moved = await confirm(id, { date: later, slot: lesson.id, version: reread.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await confirmedMails(email)).toHaveLength(2);
  });

  it("asks which time when the day has no single lesson, and refuses a lesson of another day", async () => {
    const { id, email } = await sendTrial();
    const lesson = weeklyLesson();
    const current = await getVisit(id);
    const [other] = await t.db
      .select()
      .from(scheduleSlots)
      .where(eq(scheduleSlots.productPageId, t.course.page.id));
    const noLessonDay = (() => {
      const weekdays = new Set(t.weekly.map((slot) => slot.weekday));
      for (let wd = 0; wd < 7; wd++) if (!weekdays.has(wd)) return dayOfWeekday(wd);
      return null;
    })();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { date: dayOfWeekday(lesson.weekday as number), slot: 99_999_999 },
        { slot: ["confirm_slot_not_that_day"] },
      ],
      [{ date: dayOfWeekday(lesson.weekday as number), start: "25:00" }, { start: ["invalid_time"] }],
      [{ date: dayOfWeekday(lesson.weekday as number), slot: "x" }, { slot: ["invalid"] }],
    ];
    if (noLessonDay) {
      cases.push([{ date: noLessonDay }, { slot: ["confirm_time_required"] }]);
      cases.push([{ date: noLessonDay, slot: other?.id }, { slot: ["confirm_slot_not_that_day"] }]);
    }
    for (const [body, codes] of cases) {
      const res = await confirm(id, { ...body, version: current.version }, "ru");
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual(codes);
      for (const field of Object.keys(codes)) expect(res.json()[field][0]).toEqual(expect.any(String));
    }
    expect(await getVisit(id)).toEqual(current);
    expect(await confirmedMails(email)).toEqual([]);

    // A visit at a time staff type (no lesson named): the time stands in the mail, the house too.
    if (noLessonDay) {
      const typed = await confirm(id, { date: noLessonDay, start: "15:30", version: current.version });
      expect(typed.statusCode, typed.body).toBe(200);
      expect(typed.json()).toMatchObject({ confirmed_start: "15:30", confirmed_end: null });
      const [mail] = await confirmedMails(email);
      expect(mail?.text).toContain("15:30 Uhr");
      expect(mail?.text).toContain(house.street);
    }
  });

  it("takes the group the family chose when staff confirm its day without naming a lesson (D329)", async () => {
    const lesson = weeklyLesson();
    const day = dayOfWeekday(lesson.weekday as number);
    // A second group on the same weekday: without the family's choice the day would need a time.
    const [later] = await t.db
      .insert(scheduleSlots)
      .values({
        productPageId: t.course.page.id,
        weekday: lesson.weekday,
        start: "18:30",
        end: "19:30",
        seats: 6,
      })
      .returning();
    if (!later) throw new Error("no slot inserted");
    try {
      const email = `family-group-${Date.now()}@example.org`;
      const sent = await t.app.inject({
        method: "POST",
        url: "/api/v2/orders/visit_request/?locale=de",
        remoteAddress: `198.51.100.${++ip}`,
        payload: {
          product_page: t.course.page.id,
          children: [{ first_name: "Mila", last_name: "Petrova", birth_date: "2019-05-02" }],
          adults: [{ first_name: "Olga", last_name: "Petrova", email, phone: "+4915112345678" }],
          date: day,
          schedule_slot: later.id,
        },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const current = await getVisit(sent.json().id);
      expect(current).toMatchObject({ date: day, requested_slot: later.id, confirmed_at: null });
      const res = await confirm(current.id, { date: day, version: current.version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ confirmed_start: "18:30", confirmed_end: "19:30" });
      const [mail] = await confirmedMails(email);
      expect(mail?.text).toContain("18:30–19:30 Uhr");
    } finally {
      await t.db.delete(scheduleSlots).where(eq(scheduleSlots.id, later.id));
    }
  });
});

describe(`writing to the family from a request (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  const write = (id: number, body: unknown, headers = staff.headers, locale = "de") =>
    t.call("POST", `/api/v2/admin/visit-requests/${id}/messages/`, { headers, body, query: { locale } });

  it("mails the first adult in the request's language, keeps the message with the request, audits it", async () => {
    const { id, email } = await sendTrial("ru");
    const res = await write(id, {
      subject: "  Пробное занятие во вторник ",
      text: "Возьмите, пожалуйста, фартук.\nДо встречи!",
    });
    expect(res.statusCode, res.body).toBe(201);
    const staffEmail = (await t.db.select().from(users).where(eq(users.id, staff.id)))[0]?.email;
    expect(res.json()).toMatchObject({
      author: staffEmail,
      to: email,
      subject: "Пробное занятие во вторник",
      text: "Возьмите, пожалуйста, фартук.\nДо встречи!",
      created_at: expect.any(String),
    });
    const mails = (await t.mailsTo(email)).filter((mail) => mail.template === "visit-request-message");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: "ru", subject: "Пробное занятие во вторник" });
    expect(mails[0]?.text).toContain("Здравствуйте, Olga!");
    expect(mails[0]?.text).toContain("Возьмите, пожалуйста, фартук.\nДо встречи!");
    expect(mails[0]?.text).toContain(String(id));

    const listed = await t.call("GET", `/api/v2/admin/visit-requests/${id}/messages/`, {
      headers: staff.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([res.json()]);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: staff.id, action: "update" });
    expect(audit[0]?.after).toMatchObject({ message: res.json().id });
  });

  it("refuses bad input in DRF shape, a parent and a missing request, writing and mailing nothing", async () => {
    const { id, email } = await sendTrial();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ subject: "Hallo\nIhr Konto", text: "x" }, { subject: ["control_characters"] }],
      [
        { subject: " ", text: " " },
        { subject: ["required"], text: ["required"] },
      ],
      [
        { subject: "x".repeat(151), text: "x".repeat(5_001) },
        { subject: ["too_long"], text: ["too_long"] },
      ],
      [{}, { subject: ["required"], text: ["required"] }],
    ];
    for (const [body, codes] of cases) {
      const res = await write(id, body, staff.headers, "ru");
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual(codes);
      for (const field of Object.keys(codes)) expect(res.json()[field][0]).toEqual(expect.any(String));
    }
    const parent = await createParent(t.db);
    expect((await write(id, { subject: "a", text: "b" }, parent.headers)).statusCode).toBe(403);
    expect((await write(99_999_999, { subject: "a", text: "b" })).statusCode).toBe(404);
    expect(
      (
        await t.call("GET", `/api/v2/admin/visit-requests/${id}/messages/`, { headers: staff.headers })
      ).json(),
    ).toEqual([]);
    expect((await t.mailsTo(email)).filter((mail) => mail.template === "visit-request-message")).toEqual([]);
    expect(await auditOf(id)).toEqual([]);
  });

  it("erasing the request erases its messages", async () => {
    const { id } = await sendTrial();
    expect((await write(id, { subject: "Hallo", text: "Text" })).statusCode).toBe(201);
    await t.db.delete(visitRequests).where(eq(visitRequests.id, id));
    expect(
      await t.db.select().from(visitRequestMessages).where(eq(visitRequestMessages.visitRequestId, id)),
    ).toEqual([]);
  });
});
