import {
  addDays,
  isLessonDay,
  todayInBerlin,
  trialDates,
  VisitRequestReplySchema,
  weekdayOf,
} from "@atelier/contract";
import { and, asc, count, eq, gte, lte } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findClosedRangesOfPage } from "../catalogue/index.ts";
import { closures, mailOutbox, scheduleSlots, visitRequests } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { COURSE_5_7, createChild, createParent, pageBySlug } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { createVisitRequestsService } from "./visit-requests.service.ts";

const SCHOOL = "schule@atelier-test.example";
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pageId: number;
let ipCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { SCHOOL_EMAIL: SCHOOL } });
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  const course = await pageBySlug(ctx.database.db, COURSE_5_7);
  pageId = course.page.id;
  // The course's first lesson day from tomorrow on (D297: a trial is asked for on a day the course meets).
  const from = new Date(`${todayInBerlin()}T12:00:00Z`);
  from.setUTCDate(from.getUTCDate() + 1);
  from.setUTCHours(0, 0);
  closed = await findClosedRangesOfPage(ctx.database.db, pageId, todayInBerlin());
  weeklySlots = course.slots;
  const first = trialDates(course.slots, closed, from, 8)[0];
  if (!first) throw new Error("the course has no lesson in the next weeks");
  lessonDay = first.date;
}, 60_000);
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.database.db.delete(visitRequests);
  await ctx.database.db.delete(mailOutbox);
});

let lessonDay: string;
let closed: { startsOn: string; endsOn: string }[];
let weeklySlots: { id: number; weekday: number | null; date: string | null; start: string; end: string }[];
/** A coming day the course meets, after today. */
const tomorrow = () => lessonDay;

/** Each test posts from its own address, so the per-IP limit only bites where a test wants it to. */
function post(
  path: "" | "out/" | "waiting/",
  payload: unknown,
  options: { ip?: string; locale?: string; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/v2/orders/visit_request/${path}?locale=${options.locale ?? "de"}`,
    remoteAddress: options.ip ?? `203.0.113.${++ipCounter}`,
    ...(options.headers ? { headers: options.headers } : {}),
    payload: payload as Record<string, unknown>,
  });
}

const adult = {
  first_name: "Olga",
  last_name: "Petrova",
  email: " Olga@Example.org ",
  // As the existing client's input mask sends it.
  phone: "+49 (151) 1234-5678",
  relation: "Mutter",
};
const child = { id: 1, first_name: "Mila", last_name: "Petrova", birth_date: "2019-05-02" };
const payload = () => ({ product_page: pageId, children: [child], adults: [adult], date: tomorrow() });

const counts = async () => {
  const [requests] = await ctx.database.db.select({ n: count() }).from(visitRequests);
  const [mails] = await ctx.database.db.select({ n: count() }).from(mailOutbox);
  return { requests: requests?.n ?? 0, mails: mails?.n ?? 0 };
};

describe("POST /api/v2/orders/visit_request/ (trial, out, waiting)", () => {
  it("stores a guest's trial request and queues the parent's confirmation and the school's notification", async () => {
    const date = tomorrow();
    const res = await post("", payload(), { locale: "ru" });
    expect(res.statusCode, res.body).toBe(201);
    const reply = VisitRequestReplySchema.parse(res.json());
    expect(reply).toMatchObject({
      kind: "trial",
      product_page: pageId,
      user: null,
      date,
      status: "new",
      // A guest's local child number means nothing on the server.
      children: [{ id: null, first_name: "Mila", last_name: "Petrova", birth_date: "2019-05-02" }],
      adults: [{ ...adult, email: "olga@example.org", phone: "+4915112345678" }],
    });
    const [row] = await ctx.database.db.select().from(visitRequests);
    expect(row).toMatchObject({ id: reply.id, kind: "trial", productPageId: pageId, date });

    const mails = await ctx.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => [mail.to, mail.template, mail.locale])).toEqual([
      ["olga@example.org", "visit-request-confirmation", "ru"],
      [SCHOOL, "visit-request-notification", "de"],
    ]);
    expect(mails[0]?.subject).toBe("Ваша заявка на пробное занятие");
    expect(mails[0]?.text).toContain("Здравствуйте, Olga!");
    expect(mails[1]?.subject).toContain("Probestunde: ");
    expect(mails[1]?.text).toContain("+49 151 12345678");
    expect(mails[1]?.text).toContain("ohne Anmeldung");
  });

  it("refuses a trial on a day the course does not meet, at the date field, in de and ru (D297)", async () => {
    // The first coming day that is no lesson day of the course (e.g. a Wednesday of a Tue/Thu/Sat course).
    let day = addDays(todayInBerlin(), 1);
    while (isLessonDay(day, weeklySlots, closed)) day = addDays(day, 1);
    expect(weeklySlots.some((slot) => slot.weekday === weekdayOf(day))).toBe(false);
    const before = await counts();
    const de = await post("", { ...payload(), date: day });
    expect(de.statusCode, de.body).toBe(400);
    expect(de.json()).toMatchObject({
      date: ["An diesem Tag findet der Kurs nicht statt. Bitte wählen Sie einen seiner Termine."],
      error_codes: { date: ["not_a_lesson_day"] },
    });
    const ru = await post("", { ...payload(), date: day }, { locale: "ru" });
    expect(ru.json().date).toEqual([
      "В этот день занятий по курсу нет. Пожалуйста, выберите одну из его дат.",
    ]);
    expect(await counts()).toEqual(before);
    // The days the form offers are taken.
    const offered = trialDates(weeklySlots, closed, new Date());
    expect(offered.length).toBeGreaterThan(0);
    const ok = await post("", { ...payload(), date: offered.at(-1)?.date });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("keeps the group the family chose for a trial and names its time in both mails (D329)", async () => {
    const chosen = trialDates(weeklySlots, closed, new Date()).at(-1);
    if (!chosen) throw new Error("no trial date");
    const res = await post(
      "",
      { ...payload(), date: chosen.date, schedule_slot: chosen.slot },
      { locale: "ru" },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(VisitRequestReplySchema.parse(res.json()).schedule_slot).toBe(chosen.slot);
    const [row] = await ctx.database.db.select().from(visitRequests);
    expect(row?.requestedSlotId).toBe(chosen.slot);
    const time = `${chosen.start.slice(0, 5)}–${chosen.end.slice(0, 5)}`;
    const mails = await ctx.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(mails[0]?.text).toContain(time);
    expect(mails[1]?.text).toContain(`${time} Uhr`);
    // Without a group, the day alone is kept, as the existing client sends it.
    const dayOnly = await post("", { ...payload(), date: chosen.date });
    expect(dayOnly.json().schedule_slot).toBeNull();
  });

  it("refuses a group that does not meet on the chosen day, or is another offer's, and keeps nothing", async () => {
    const chosen = trialDates(weeklySlots, closed, new Date())[0];
    const other = weeklySlots.find((slot) => slot.weekday !== weekdayOf(chosen?.date ?? ""));
    if (!chosen || !other) throw new Error("the course needs two weekdays");
    const before = await counts();
    const wrongDay = await post("", { ...payload(), date: chosen.date, schedule_slot: other.id });
    expect(wrongDay.statusCode, wrongDay.body).toBe(400);
    expect(wrongDay.json()).toMatchObject({
      schedule_slot: [
        "Diese Gruppe trifft sich an dem gewählten Tag nicht. Bitte wählen Sie einen Termin aus der Liste.",
      ],
      error_codes: { schedule_slot: ["trial_slot_not_that_day"] },
    });
    const unknown = await post(
      "",
      { ...payload(), date: chosen.date, schedule_slot: 999_999 },
      { locale: "ru" },
    );
    expect(unknown.json().schedule_slot).toEqual([
      "Эта группа в выбранный день не занимается. Пожалуйста, выберите дату из списка.",
    ]);
    const noDay = await post("", { ...payload(), date: null, schedule_slot: chosen.slot });
    expect(noDay.json().error_codes).toEqual({ date: ["required"] });
    expect(await counts()).toEqual(before);
  });

  it("refuses today's lesson once it has begun, as the form no longer offers it (D524)", async () => {
    const today = todayInBerlin();
    // A group of the course meeting today from midnight: begun whatever the hour. Today's closures are
    // set aside for the test, so that a holiday does not answer first.
    const db = ctx.database.db;
    const away = await db
      .delete(closures)
      .where(and(lte(closures.startsOn, today), gte(closures.endsOn, today)))
      .returning();
    const [slot] = await db
      .insert(scheduleSlots)
      .values({ productPageId: pageId, weekday: weekdayOf(today), start: "00:00", end: "00:30", seats: 5 })
      .returning();
    try {
      if (!slot) throw new Error("no slot");
      const before = await counts();
      const res = await post("", { ...payload(), date: today, schedule_slot: slot.id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual({ date: ["trial_lesson_begun"] });
      expect(res.json().date[0]).toContain("schon begonnen");
      expect(await counts()).toEqual(before);
      // Its next lesson the form offers is still to come.
      const coming = trialDates([slot], closed, new Date())[0];
      expect(coming?.date).not.toBe(today);
      const next = await post("", { ...payload(), date: coming?.date, schedule_slot: slot.id });
      expect(next.statusCode, next.body).toBe(201);
    } finally {
      if (slot) {
        await db.delete(visitRequests).where(eq(visitRequests.requestedSlotId, slot.id));
        await db.delete(scheduleSlots).where(eq(scheduleSlots.id, slot.id));
      }
      if (away.length) await db.insert(closures).values(away);
    }
  });

  it("takes the existing client's date, a JavaScript Date in UTC, as that day in Berlin (D95)", async () => {
    const day = tomorrow();
    // The client's date picker chose `day`, just after midnight in Berlin: still the day before in UTC.
    const instant = new Date(`${day}T12:00:00Z`);
    instant.setUTCDate(instant.getUTCDate() - 1);
    instant.setUTCHours(23, 30);
    expect(instant.toISOString().slice(0, 10)).not.toBe(day);
    const res = await post("", { ...payload(), date: instant.toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().date).toBe(day);
    const [row] = await ctx.database.db
      .select()
      .from(visitRequests)
      .where(eq(visitRequests.id, res.json().id));
    expect(row?.date).toBe(day);
  });

  it("checks a trial child's age as a booking does: same rule, codes and texts, judged on the trial's day", async () => {
    // The course is for 5 to 7: a child of four is refused under its birth date, naming it; nothing is kept.
    const young = { first_name: "Lev", last_name: "Petrova", birth_date: addDays(todayInBerlin(), -4 * 366) };
    const refused = await post("", { ...payload(), children: [child, young] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      "children.1.birth_date": [
        "Lev ist am Tag des Termins 4 Jahre alt; das Angebot ist für die Altersgruppe 5–7.",
      ],
      error_codes: { "children.1.birth_date": ["child_age_date"] },
    });
    const ru = await post("", { ...payload(), children: [young], date: undefined }, { locale: "ru" });
    expect(ru.json()).toEqual({
      "children.0.birth_date": ["Lev: возраст — 4, а это предложение — для детей 5–7 лет."],
      error_codes: { "children.0.birth_date": ["child_age_today"] },
    });
    expect(await counts()).toEqual({ requests: 0, mails: 0 });

    // A signed-in parent's saved child is judged by the birth date saved, not one sent beside its id.
    const parent = await createParent(ctx.database.db);
    const older = await createChild(ctx.database.db, parent.id, 9, "Anja");
    const saved = await post(
      "",
      { ...payload(), children: [{ ...child, id: older, first_name: "Anja" }] },
      { headers: parent.headers },
    );
    expect(saved.json().error_codes).toEqual({ "children.0.birth_date": ["child_age_date"] });
    expect(saved.json()["children.0.birth_date"][0]).toMatch(/^Anja ist am Tag des Termins 9 Jahre alt/);

    // A waiting list or an off-site visit is not a lesson of this group; a child without a birth date is the school's.
    expect((await post("waiting/", { ...payload(), children: [young] })).statusCode).toBe(201);
    const noBirthDate = { first_name: "Lev", last_name: "Petrova" };
    expect((await post("", { ...payload(), children: [noBirthDate] })).statusCode).toBe(201);
  });

  it("takes a trial request without a date, and ignores the null children of the special-offer form", async () => {
    const { date: _date, ...noDate } = payload();
    const res = await post("", { ...noDate, children: [null] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: "trial", date: null, children: [] });
    const mixed = await post("", { ...payload(), children: [null, child] });
    expect(mixed.statusCode, mixed.body).toBe(201);
    expect(mixed.json().children).toEqual([{ ...child, id: null }]);
  });

  // Issue 31 item 9 (D222): a guest's children live in the existing client's browser; its trial form
  // sends `children: []`. The request is taken with the adults' contact, on each of the three paths.
  it.each(["", "out/", "waiting/"] as const)(
    "takes a guest's request to %s with children: [], keeping the adults' contact",
    async (path) => {
      const { date: _date, ...noDate } = payload();
      const res = await post(path, { ...noDate, children: [] });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        user: null,
        children: [],
        adults: [{ first_name: "Olga", email: "olga@example.org", phone: "+4915112345678" }],
      });
      const mails = await ctx.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
      expect(mails.map((mail) => mail.to)).toEqual(["olga@example.org", SCHOOL]);
      // The school's notice names how to reach the family and leaves out the empty children row.
      expect(mails[1]?.text).toContain("+49 151 12345678");
      expect(mails[1]?.text).not.toMatch(/Kinder/);
    },
  );

  it("stores each kind; a waiting list needs no date", async () => {
    const out = await post("out/", payload());
    expect(out.statusCode, out.body).toBe(201);
    const { date: _date, ...noDate } = payload();
    const waiting = await post("waiting/", noDate);
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json()).toMatchObject({ kind: "waiting", date: null });
    const kinds = (await ctx.database.db.select().from(visitRequests).orderBy(asc(visitRequests.id))).map(
      (row) => row.kind,
    );
    expect(kinds).toEqual(["out", "waiting"]);
    const mails = await ctx.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Ihre Anfrage für einen Besuch außer Haus",
      expect.stringContaining("Besuch außer Haus: "),
      "Ihr Eintrag auf der Warteliste",
      expect.stringContaining("Warteliste: "),
    ]);
  });

  it("notes a signed-in parent's account and keeps the ids of their own children only", async () => {
    const parent = await createParent(ctx.database.db);
    const mila = await createChild(ctx.database.db, parent.id, 6);
    const res = await post(
      "",
      {
        ...payload(),
        children: [
          { ...child, id: mila },
          { first_name: "Lev", last_name: "Petrova" },
        ],
      },
      { headers: parent.headers },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      user: parent.id,
      children: [{ id: mila }, { id: null, first_name: "Lev", birth_date: null }],
    });

    const stranger = await createParent(ctx.database.db);
    const foreign = await post(
      "",
      { ...payload(), children: [{ ...child, id: mila }] },
      { headers: stranger.headers },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_codes).toEqual({ "children.0.id": ["visitor_not_found"] });
    expect(await counts()).toEqual({ requests: 1, mails: 2 });
  });

  it.each([
    ["", { ...payload(), date: "2020-01-01" }, { date: "date_in_past" }],
    ["", { ...payload(), date: "2030-01-01T25:00:00.000Z" }, { date: "invalid_date" }],
    ["", { ...payload(), date: 20300101 }, { date: "invalid_date" }],
    ["out/", { ...payload(), date: "2030-02-30" }, { date: "invalid_date" }],
    ["waiting/", { ...payload(), date: "2020-01-01" }, { date: "date_in_past" }],
    ["", { ...payload(), product_page: 99999999 }, { product_page: "product_not_found" }],
    ["", { ...payload(), product_page: "abc" }, { product_page: "invalid" }],
    // A request without a child is taken (D222), but never one without a way to reach the family.
    ["", { ...payload(), children: [], adults: [] }, { adults: "required" }],
    [
      "waiting/",
      { ...payload(), children: [], adults: [{ ...adult, email: undefined }] },
      { "adults.0.email": "required" },
    ],
    [
      "out/",
      { ...payload(), children: [], adults: [{ ...adult, phone: "0" }] },
      { "adults.0.phone": "invalid_phone" },
    ],
    ["", { ...payload(), children: "Mila" }, { children: "required" }],
    ["", { ...payload(), adults: [] }, { adults: "required" }],
    ["", { ...payload(), children: Array.from({ length: 11 }, () => child) }, { children: "too_long" }],
    ["", { ...payload(), adults: Array.from({ length: 5 }, () => adult) }, { adults: "too_long" }],
    [
      "",
      { ...payload(), adults: [{ ...adult, email: "olga@", phone: "0151 1234", first_name: " " }] },
      {
        "adults.0.email": "invalid_email",
        "adults.0.phone": "invalid_phone",
        "adults.0.first_name": "required",
      },
    ],
    [
      "",
      { ...payload(), children: [{ ...child, last_name: "x".repeat(65), birth_date: "2999-01-01" }] },
      { "children.0.last_name": "too_long", "children.0.birth_date": "birth_date_in_future" },
    ],
    ["", {}, { product_page: "required", adults: "required" }],
  ])(
    "POST %s with a bad payload is 400 naming the field, and writes nothing",
    async (path, body, expected) => {
      const res = await post(path as "" | "out/" | "waiting/", body, { locale: "ru" });
      expect(res.statusCode, res.body).toBe(400);
      const json = res.json();
      for (const [field, code] of Object.entries(expected)) {
        expect(json.error_codes[field], field).toEqual([code]);
        expect(json[field][0]).toEqual(expect.any(String));
      }
      expect(await counts()).toEqual({ requests: 0, mails: 0 });
    },
  );

  it("limits each client address to 5 requests a minute (429 with Retry-After), over all three kinds", async () => {
    const ip = "198.51.100.77";
    const paths = ["", "out/", "waiting/", "", "out/"] as const;
    for (const path of paths) expect((await post(path, payload(), { ip })).statusCode).toBe(201);
    const limited = await post("waiting/", payload(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error_codes).toEqual({ detail: "throttled" });
    expect((await post("", payload(), { ip: "198.51.100.78" })).statusCode).toBe(201);
  });
});

describe("a signed-in route's limit counts a guest too (D493)", () => {
  it("a party request with a token nobody has is 401, and the eleventh within the minute 429", async () => {
    const send = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v2/party_requests/?locale=de",
        headers: { authorization: "Token nobody-has-this-key" },
        payload: { anything: true },
      });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(401);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_codes).toEqual({ detail: "throttled" });
  });

  it("one token spelled another way is the same account: no way round the limit (D510)", async () => {
    const send = (authorization: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v2/party_requests/?locale=de",
        headers: { authorization },
        payload: { anything: true },
      });
    const spellings = ["Token other-key", "token other-key", "TOKEN  other-key", "Token other-key  "];
    for (let i = 0; i < 10; i++) expect((await send(spellings[i % 4] ?? "")).statusCode).toBe(401);
    for (const spelling of spellings) expect((await send(spelling)).statusCode).toBe(429);
  });
});

describe("visit requests service", () => {
  it("stores nothing when a mail cannot be queued (one transaction)", async () => {
    const service = createVisitRequestsService({
      db: ctx.database.db,
      schoolEmails: async () => ["not-an-address"],
      publicUrl: "http://shop.test",
    });
    const body = {
      product_page: pageId,
      children: [{ first_name: "Mila", last_name: "Petrova", birth_date: null }],
      adults: [{ ...adult, email: "olga@example.org", phone: "+4915112345678" }],
      date: tomorrow(),
      schedule_slot: null,
    };
    await expect(service.submit("trial", body, { userId: null, locale: "de" })).rejects.toThrow();
    expect(await counts()).toEqual({ requests: 0, mails: 0 });
  });
});
