import {
  berlinDate,
  berlinMidnight,
  billingPeriod,
  lastPaidDay,
  lengthenByCancelled,
  paidDays,
} from "@atelier/contract";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekOf } from "../admin/dashboard.service.ts";
import { createCheckinService } from "../checkin/checkin.service.ts";
import {
  auditLog,
  cancelledLessons,
  closures,
  lessonReminders,
  mailOutbox,
  makeupCredits,
  orderItems,
  orders,
  productPages,
  scheduleSlots,
  subscriptionPauses,
  subscriptions,
  users,
  visitRequests,
} from "../db/schema/index.ts";
import { recordPayment } from "../subscriptions/record-payment.ts";
import { startSubscriptions } from "../subscriptions/subscriptions.repository.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { addDays, berlinInstant } from "./lesson-time.ts";
import { createLessonsService } from "./lessons.service.ts";
import { createReminders } from "./reminders.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
const today = () => berlinDate(new Date());
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
const tomorrow = () => addDays(today(), 1);

beforeAll(async () => {
  t = await createCheckoutTestApp({ env: { DB_POOL_WAIT_MS: "60000", DB_LOCK_TIMEOUT_MS: "60000" } });
  staff = await createParent(t.db);
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  // The tests run on any day: no seeded holiday may fall on the lessons they book.
  await t.db.delete(closures);
  await t.db
    .update(productPages)
    .set({ makeupAllowed: true, whatToBring: { de: "Malkittel", ru: "Фартук" } })
    .where(eq(productPages.id, t.course.page.id));
  // Both weekly slots meet tomorrow, so the first lesson of a booking paid today is tomorrow.
  for (const slot of t.weekly.slice(0, 2))
    await t.db
      .update(scheduleSlots)
      .set({ weekday: weekdayOf(tomorrow()), start: "16:00", end: "17:30", seats: 100 })
      .where(eq(scheduleSlots.id, slot.id));
}, 60_000);
afterAll(() => t?.close());

/** A paid course booking in weekly slot `slot` (0 or 1), in the order's language `locale`, of option `kind`. */
async function paidBooking(slot: number, locale: "de" | "ru" = "de", kind = "Course (1 / week)") {
  const parent = await t.parentWithCourse(slot, 6, kind);
  const { id, order_id } = (await t.fulfil(parent.headers, { locale })).json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  if (!item) throw new Error("no item");
  const [user] = await t.db.select().from(users).where(eq(users.id, parent.id));
  return { parent, itemId: item.id, orderId: order_id as number, email: user?.email ?? "" };
}

describe(`absences and makeup credits (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("lists the coming lessons; a reported absence gives a credit valid 8 weeks, once however often it is sent", async () => {
    const { parent, itemId } = await paidBooking(0);
    const list = await t.call("GET", "/api/v2/lessons/", { headers: parent.headers });
    expect(list.statusCode, list.body).toBe(200);
    const booking = list.json().find((one: { order_item: number }) => one.order_item === itemId);
    expect(booking.rules).toMatchObject({
      makeup_allowed: true,
      absence_cutoff_minutes: 120,
      credit_valid_days: 56,
    });
    expect(booking.lessons[0]).toMatchObject({ date: tomorrow(), status: "coming", can_report: true });

    const body = { order_item: itemId, dates: [tomorrow()] };
    const first = await t.call("POST", "/api/v2/lessons/absences/", { headers: parent.headers, body });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().credits).toEqual([{ id: expect.any(Number), expires_on: addDays(tomorrow(), 56) }]);
    expect(first.json().lessons[0]).toMatchObject({ date: tomorrow(), status: "absent", can_report: false });
    const again = await t.call("POST", "/api/v2/lessons/absences/", { headers: parent.headers, body });
    expect(again.statusCode).toBe(200);
    expect(again.json().credits).toEqual([]);

    const credits = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    expect(credits).toMatchObject([
      { status: "open", reason: "absence", source_date: tomorrow(), makeup: null },
    ]);
  });

  it("refuses another family's booking (404), a day without a lesson and a lesson past the cut-off", async () => {
    const { parent, itemId } = await paidBooking(0);
    const other = await createParent(t.db);
    const foreign = await t.call("POST", "/api/v2/lessons/absences/", {
      headers: other.headers,
      body: { order_item: itemId, dates: [tomorrow()] },
    });
    expect(foreign.statusCode).toBe(404);
    const noLesson = await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [addDays(tomorrow(), 1)] },
    });
    expect(noLesson.statusCode).toBe(400);
    expect(noLesson.json().error_codes).toEqual({ dates: ["absence_not_a_lesson"] });
    expect(noLesson.json().dates[0]).toContain("keinen Unterricht");

    await t.db
      .update(productPages)
      .set({ absenceCutoffMinutes: 7 * 24 * 60 })
      .where(eq(productPages.id, t.course.page.id));
    try {
      const late = await t.call("POST", "/api/v2/lessons/absences/", {
        headers: parent.headers,
        body: { order_item: itemId, dates: [tomorrow()] },
        query: { locale: "ru" },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error_codes).toEqual({ dates: ["absence_too_late"] });
      expect(late.json().dates[0]).toContain("слишком поздно");
    } finally {
      await t.db
        .update(productPages)
        .set({ absenceCutoffMinutes: 120 })
        .where(eq(productPages.id, t.course.page.id));
    }
  });

  it("offers a cancelled subscription's lessons up to its end only, and refuses a day after it", async () => {
    const { parent, itemId } = await paidBooking(0);
    const cancel = await t.call("PATCH", `/api/v2/orders/items/${itemId}/cancel/`, {
      headers: parent.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const lastDay = lastPaidDay(cancel.json().ends_at);
    // The course's first weekday after the end, still within the weeks a parent sees ahead.
    let after = addDays(lastDay, 1);
    while (weekdayOf(after) !== weekdayOf(tomorrow())) after = addDays(after, 1);
    expect(after <= addDays(today(), 56)).toBe(true);

    const list = await t.call("GET", "/api/v2/lessons/", { headers: parent.headers });
    const booking = list.json().find((one: { order_item: number }) => one.order_item === itemId);
    const dates: string[] = booking.lessons.map((lesson: { date: string }) => lesson.date);
    expect(dates[0]).toBe(tomorrow());
    expect(dates.filter((date) => date > lastDay)).toEqual([]);
    expect(dates).not.toContain(after);

    for (const [locale, text] of [
      ["de", "Das Abo ist gekündigt"],
      ["ru", "Абонемент расторгнут"],
    ] as const) {
      const refused = await t.call("POST", "/api/v2/lessons/absences/", {
        headers: parent.headers,
        body: { order_item: itemId, dates: [after] },
        query: { locale },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error_codes).toEqual({ dates: ["absence_after_contract_end"] });
      expect(refused.json().dates[0]).toContain(text);
    }
    // A lesson before the end is still reported.
    const taken = await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [tomorrow()] },
    });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it("shows a day the course pauses as paused, as the roster does, and takes no absence for it", async () => {
    const { parent, itemId } = await paidBooking(0);
    const slot = t.weekly[0];
    if (!slot) throw new Error("no slot");
    const pausedOn = addDays(tomorrow(), 7);
    const [pause] = await t.db
      .insert(subscriptionPauses)
      .values({ productPageId: t.course.page.id, startsOn: pausedOn, endsOn: pausedOn, note: "Herbstpause" })
      .returning();
    try {
      const lessonsOf = async (locale: "de" | "ru") => {
        const list = await t.call("GET", "/api/v2/lessons/", { headers: parent.headers, query: { locale } });
        expect(list.statusCode, list.body).toBe(200);
        return list.json().find((one: { order_item: number }) => one.order_item === itemId).lessons;
      };
      const lessons = await lessonsOf("de");
      expect(lessons.find((lesson: { date: string }) => lesson.date === pausedOn)).toMatchObject({
        status: "paused",
        can_report: false,
      });
      expect(lessons.find((lesson: { date: string }) => lesson.date === tomorrow())).toMatchObject({
        status: "coming",
      });
      const roster = await t.call("GET", "/api/v2/admin/attendance/", {
        headers: staff.headers,
        query: { slot: String(slot.id), date: pausedOn },
      });
      expect(roster.json().lesson.closed, roster.body).toBe(true);
      const refused = await t.call("POST", "/api/v2/lessons/absences/", {
        headers: parent.headers,
        body: { order_item: itemId, dates: [pausedOn] },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error_codes).toEqual({ dates: ["absence_not_a_lesson"] });
      expect(await t.db.select().from(makeupCredits).where(eq(makeupCredits.orderItemId, itemId))).toEqual(
        [],
      );
    } finally {
      if (pause) await t.db.delete(subscriptionPauses).where(eq(subscriptionPauses.id, pause.id));
    }
  });

  it("gives at most the page's credits per month", async () => {
    const { parent, itemId } = await paidBooking(0);
    await t.db.update(productPages).set({ creditsPerMonth: 0 }).where(eq(productPages.id, t.course.page.id));
    try {
      const reply = await t.call("POST", "/api/v2/lessons/absences/", {
        headers: parent.headers,
        body: { order_item: itemId, dates: [tomorrow()] },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().credits).toEqual([]);
      expect(reply.json().lessons[0].status).toBe("absent");
    } finally {
      await t.db
        .update(productPages)
        .set({ creditsPerMonth: 2 })
        .where(eq(productPages.id, t.course.page.id));
    }
  });

  it("a credit books a makeup in another slot of the course once; a full date is refused", async () => {
    const { parent, itemId } = await paidBooking(0);
    await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [tomorrow()] },
    });
    const [credit] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    const other = t.weekly[1];
    if (!other) throw new Error("no second slot");
    const date = addDays(tomorrow(), 7);
    const options = (
      await t.call("GET", `/api/v2/lessons/credits/${credit.id}/options/`, { headers: parent.headers })
    ).json();
    expect(options).toContainEqual(expect.objectContaining({ slot: other.id, date }));

    await t.setSeats(other.id, 0);
    const full = await t.call("POST", "/api/v2/lessons/makeups/", {
      headers: parent.headers,
      body: { credit: credit.id, slot: other.id, date },
    });
    expect(full.statusCode).toBe(400);
    expect(full.json().error_codes).toEqual({ date: ["makeup_full"] });
    await t.setSeats(other.id, 100);

    const booked = await t.call("POST", "/api/v2/lessons/makeups/", {
      headers: parent.headers,
      body: { credit: credit.id, slot: other.id, date },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const twice = await t.call("POST", "/api/v2/lessons/makeups/", {
      headers: parent.headers,
      body: { credit: credit.id, slot: other.id, date },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error_codes).toEqual({ credit: ["credit_used"] });
    const [used] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    expect(used).toMatchObject({ status: "used", makeup: { slot: other.id, date } });
  });
});

describe("one seat per child in a lesson (D517)", () => {
  it("refuses a make-up in the child's own group and a second make-up in a lesson it made up already", async () => {
    const { parent, itemId } = await paidBooking(0);
    const reported = await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [tomorrow(), addDays(tomorrow(), 7)] },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const credits = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    expect(credits).toHaveLength(2);
    const [first, second] = credits;
    const own = t.weekly[0];
    const other = t.weekly[1];
    if (!own || !other) throw new Error("no slots");
    const date = addDays(tomorrow(), 14);
    const book = (credit: number, slot: number) =>
      t.call("POST", "/api/v2/lessons/makeups/", {
        headers: parent.headers,
        body: { credit, slot, date },
      });
    // Its own group meets that day with the child in it: not offered, and refused.
    const options = (
      await t.call("GET", `/api/v2/lessons/credits/${first.id}/options/`, { headers: parent.headers })
    ).json();
    expect(options).not.toContainEqual(expect.objectContaining({ slot: own.id }));
    expect(options).toContainEqual(expect.objectContaining({ slot: other.id, date }));
    const ownGroup = await book(first.id, own.id);
    expect(ownGroup.statusCode).toBe(400);
    expect(ownGroup.json().error_codes).toEqual({ date: ["makeup_child_attends"] });
    expect(ownGroup.json().date[0]).toContain("bereits");

    expect((await book(first.id, other.id)).statusCode).toBe(201);
    const again = await book(second.id, other.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().error_codes).toEqual({ date: ["makeup_child_attends"] });
    const left = (
      await t.call("GET", `/api/v2/lessons/credits/${second.id}/options/`, { headers: parent.headers })
    ).json();
    expect(left).not.toContainEqual(expect.objectContaining({ slot: other.id, date }));
  });
});

/** A meeting card of ten weekly meetings in slot 0, paid nine weeks ago: without closures its last is tomorrow. */
async function cardPaidNineWeeksAgo() {
  const { parent, itemId, orderId } = await paidBooking(0, "de", "TERMINKARTEN");
  await t.db
    .update(orders)
    .set({ paidAt: new Date(Date.now() - 63 * 86_400_000) })
    .where(eq(orders.id, orderId));
  return { parent, itemId };
}

/** The parent reports tomorrow's lesson and asks for a make-up with its credit in slot 0 on `date`. */
async function makeupInOwnGroup(parent: { headers: Record<string, string> }, itemId: number, date: string) {
  const reported = await t.call("POST", "/api/v2/lessons/absences/", {
    headers: parent.headers,
    body: { order_item: itemId, dates: [tomorrow()] },
  });
  expect(reported.statusCode, reported.body).toBe(200);
  const [credit] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
  const own = t.weekly[0];
  if (!credit || !own) throw new Error("no credit");
  return t.call("POST", "/api/v2/lessons/makeups/", {
    headers: parent.headers,
    body: { credit: credit.id, slot: own.id, date },
  });
}

describe("one seat per child in a lesson: the own group only while the booking gives lessons (D517)", () => {
  it("takes a make-up in the child's group once its meeting card's weeks are over", async () => {
    // Its ten weekly meetings end tomorrow: the week after, its own group takes a make-up.
    const { parent, itemId } = await cardPaidNineWeeksAgo();
    const booked = await makeupInOwnGroup(parent, itemId, addDays(tomorrow(), 7));
    expect(booked.statusCode, booked.body).toBe(201);
  });
});

describe("a meeting card across the school's holidays (D548)", () => {
  it("goes on past them: its last meeting is in the parent's list, and the child's own group takes no make-up then", async () => {
    // Its ten meetings would end tomorrow; the house was closed a week before, so the tenth is a week after.
    const { parent, itemId } = await cardPaidNineWeeksAgo();
    const closed = addDays(tomorrow(), -7);
    await t.db
      .insert(closures)
      .values({ startsOn: closed, endsOn: closed, name: { de: "Zu", ru: "Закрыто" } });
    try {
      const last = addDays(tomorrow(), 7);
      const list = await t.call("GET", "/api/v2/lessons/", { headers: parent.headers });
      const booking = list.json().find((one: { order_item: number }) => one.order_item === itemId);
      expect(booking.lessons).toContainEqual(expect.objectContaining({ date: last, status: "coming" }));
      const booked = await makeupInOwnGroup(parent, itemId, last);
      expect(booked.statusCode, booked.body).toBe(400);
      expect(booked.json().error_codes).toMatchObject({ date: ["makeup_child_attends"] });
      // Staff cancelling that last meeting make it good for the card's child too.
      const cancelled = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
        headers: staff.headers,
        body: { slot: t.weekly[0]?.id, date: last, reason_de: "Krank", reason_ru: "Болезнь" },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(201);
      const made = await t.db.select().from(makeupCredits).where(eq(makeupCredits.orderItemId, itemId));
      expect(made).toContainEqual(expect.objectContaining({ reason: "cancelled", sourceDate: last }));
    } finally {
      await t.db.delete(closures);
      await t.db.delete(cancelledLessons).where(eq(cancelledLessons.lessonDate, addDays(tomorrow(), 7)));
    }
  });
});

describe("a slot staff delete that holds a make-up lesson (D516)", () => {
  it("is archived, not deleted: the child's make-up and its credit stay as booked", async () => {
    const { parent, itemId } = await paidBooking(0);
    await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [tomorrow()] },
    });
    const [credit] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    // A new group of the course, booked by nobody: only the make-up names it.
    const [fresh] = await t.db
      .insert(scheduleSlots)
      .values({
        productPageId: t.course.page.id,
        weekday: weekdayOf(tomorrow()),
        start: "18:00",
        end: "19:30",
        seats: 10,
      })
      .returning();
    if (!fresh) throw new Error("no slot");
    const date = addDays(tomorrow(), 7);
    const booked = await t.call("POST", "/api/v2/lessons/makeups/", {
      headers: parent.headers,
      body: { credit: credit.id, slot: fresh.id, date },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const removed = await t.call("DELETE", `/api/v2/admin/slots/${fresh.id}/`, { headers: staff.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const [slot] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, fresh.id));
    expect(slot?.archivedAt).toBeInstanceOf(Date);
    const [still] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    expect(still).toMatchObject({ status: "used", makeup: { slot: fresh.id, date } });
  });
});

describe("a lesson the school cancels", () => {
  it("refuses a lesson on a day the house is closed: it does not take place, and subscriptions are lengthened for it (D610)", async () => {
    const slot = t.weekly[1];
    if (!slot) throw new Error("no slot");
    await paidBooking(1, "de");
    const date = addDays(tomorrow(), 49);
    const [closure] = await t.db
      .insert(closures)
      .values({ startsOn: date, endsOn: date, name: { de: "Wasserschaden", ru: "Потоп" } })
      .returning();
    try {
      const reply = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
        headers: staff.headers,
        body: { slot: slot.id, date, reason_de: "Krank" },
      });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().error_codes).toEqual({ date: ["lesson_closed"] });
    } finally {
      await t.db.delete(closures).where(eq(closures.id, closure?.id ?? 0));
    }
  });

  it("takes a German reason alone: families who read Russian get it in German (D614)", async () => {
    const slot = t.weekly[1];
    if (!slot) throw new Error("no slot");
    const date = addDays(tomorrow(), 35);
    const ru = await paidBooking(1, "ru");
    const reply = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
      headers: staff.headers,
      body: { slot: slot.id, date, reason_de: "Wasserrohrbruch im Haus." },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const [ruMail] = (await t.mailsTo(ru.email)).filter((mail) => mail.template === "lesson-cancelled");
    expect(ruMail?.locale).toBe("ru");
    expect(ruMail?.text).toContain("Wasserrohrbruch im Haus.");
  });

  it("mails every booked family in its language, gives each child a credit, is audited and refused twice", async () => {
    const slot = t.weekly[1];
    if (!slot) throw new Error("no slot");
    const date = addDays(tomorrow(), 14);
    const de = await paidBooking(1, "de");
    const ru = await paidBooking(1, "ru");
    const body = {
      slot: slot.id,
      date,
      reason_de: "Die Lehrerin ist krank.",
      reason_ru: "Преподаватель заболел.",
    };
    const parentTry = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
      headers: de.parent.headers,
      body,
    });
    expect(parentTry.statusCode).toBe(403);
    const reply = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
      headers: staff.headers,
      body,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().credits).toBeGreaterThanOrEqual(2);

    const [deMail] = (await t.mailsTo(de.email)).filter((mail) => mail.template === "lesson-cancelled");
    const [ruMail] = (await t.mailsTo(ru.email)).filter((mail) => mail.template === "lesson-cancelled");
    expect(deMail?.locale).toBe("de");
    expect(deMail?.text).toContain("Die Lehrerin ist krank.");
    expect(ruMail?.locale).toBe("ru");
    expect(ruMail?.text).toContain("Преподаватель заболел.");
    expect(ruMail?.text).toContain("/profile?tab=workshops&locale=ru");
    for (const family of [de, ru]) {
      const credits = await t.db
        .select()
        .from(makeupCredits)
        .where(eq(makeupCredits.orderItemId, family.itemId));
      expect(credits).toMatchObject([
        { reason: "cancelled", sourceDate: date, expiresOn: addDays(date, 56) },
      ]);
    }
    const lessons = (await t.call("GET", "/api/v2/lessons/", { headers: de.parent.headers })).json();
    expect(lessons[0].lessons).toContainEqual(
      expect.objectContaining({ date, status: "cancelled", can_report: false }),
    );

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, "cancelled_lesson"), eq(auditLog.recordId, reply.json().id)));
    expect(audit).toHaveLength(1);
    const twice = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
      headers: staff.headers,
      body,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error_codes).toEqual({ date: ["lesson_already_cancelled"] });
    await cancellationShown(de, { slot: slot.id, date });
  });
});

/**
 * A cancelled date where parents look (D391): the child's `.ics` keeps the weekly rule and tells the date
 * apart as cancelled, in the file's language; the product page's coming cancellations name it with the
 * reason; the product page says its rules.
 */
async function cancellationShown(
  family: Awaited<ReturnType<typeof paidBooking>>,
  { slot, date }: { slot: number; date: string },
) {
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, family.itemId));
  const compact = date.replace(/-/g, "");
  for (const [locale, word, reason] of [
    ["de", "Abgesagt", "Die Lehrerin ist krank."],
    ["ru", "Отменено", "Преподаватель заболел."],
  ] as const) {
    const ics = await t.call("GET", `/api/v2/visitors/${item?.visitorId}/calendar.ics`, {
      headers: family.parent.headers,
      query: { locale },
    });
    expect(ics.statusCode, ics.body).toBe(200);
    const events = ics.body.replace(/\r\n /g, "").split("BEGIN:VEVENT").slice(1);
    const rule = events.find(
      (event) => event.includes("RRULE:FREQ=WEEKLY") && event.includes(`-slot-${slot}@`),
    );
    const cancelled = events.find((event) =>
      event.includes(`RECURRENCE-ID;TZID=Europe/Berlin:${compact}T160000`),
    );
    expect(rule, ics.body).toBeDefined();
    expect(rule).not.toContain("STATUS:CANCELLED");
    expect(cancelled, ics.body).toContain("STATUS:CANCELLED");
    expect(cancelled).toContain(`DTSTART;TZID=Europe/Berlin:${compact}T160000`);
    expect(cancelled).toContain(`SUMMARY:${word}: `);
    expect(cancelled).toContain(reason.replace(/,/g, "\\,"));
    // The same UID: a calendar replaces that one date of the rule.
    expect(cancelled?.match(/UID:(.*)/)?.[1]).toBe(rule?.match(/UID:(.*)/)?.[1]);

    const listed = await t.call("GET", "/api/v2/lessons/cancellations/", {
      query: { product_page: String(t.course.page.id), locale },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toContainEqual({ date, slot, start: "16:00", end: "17:30", reason });
  }
  const page = (
    await t.call("GET", `/api/v2/products/${t.course.page.id}/`, { query: { locale: "ru" } })
  ).json();
  expect(page.lesson_rules).toEqual({
    makeup_allowed: true,
    absence_cutoff_minutes: 120,
    credit_valid_days: 56,
    credits_per_month: 2,
    cancelled_lesson_outcome: "credit",
    what_to_bring: { de: "Malkittel", ru: "Фартук" },
  });
  const unknown = await t.call("GET", "/api/v2/lessons/cancellations/", { query: { product_page: "x" } });
  expect(unknown.statusCode).toBe(400);
}

describe("reminders", () => {
  it("the day before a first lesson: once across two instances and a restart, in the family's language, with the absence link", async () => {
    const family = await paidBooking(0, "ru");
    // A second instance on the same database, and a third made after both ran (a restart).
    const instance = () => {
      const lessons = createLessonsService({
        db: t.db,
        recordAudit: async () => {
          throw new Error("reminders write no audit entry");
        },
        webUrl: "http://shop.example",
        publicUrl: "http://shop.example",
      });
      return createReminders({
        db: t.db,
        createAbsenceLink: lessons.createAbsenceLink,
        publicUrl: "http://shop.example",
      });
    };
    const rounds = await Promise.all([t.app.lessonReminders.runOnce(), instance().runOnce()]);
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBeGreaterThanOrEqual(1);
    await t.app.lessonReminders.runOnce();
    expect(await instance().runOnce()).toEqual({ sent: 0 });
    const mails = (await t.mailsTo(family.email)).filter((mail) => mail.template === "lesson-reminder");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.locale).toBe("ru");
    expect(mails[0]?.text).toContain("Фартук");
    const link = /\/absence\/([A-Za-z0-9_-]+)\?locale=ru/.exec(mails[0]?.text ?? "")?.[1];
    expect(link).toBeTruthy();
    const viaLink = await t.call("GET", `/api/v2/lessons/absence-links/${link}/`);
    expect(viaLink.statusCode, viaLink.body).toBe(200);
    expect(viaLink.json()).toMatchObject({ order_item: family.itemId });
    const reported = await t.call("POST", `/api/v2/lessons/absence-links/${link}/`, {
      body: { dates: [tomorrow()] },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().credits).toHaveLength(1);
    const bad = await t.call("GET", "/api/v2/lessons/absence-links/not-a-real-token-0000/");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ token: ["absence_link_invalid"] });
  });

  it("the day before a confirmed trial visit, worded as the trial it is, in the request's language", async () => {
    const email = `trial-${Date.now()}@example.org`;
    const slot = t.weekly[0];
    if (!slot) throw new Error("no slot");
    await t.db.insert(visitRequests).values({
      kind: "trial",
      productPageId: t.course.page.id,
      children: [{ first_name: "Lina", last_name: "Muster" }],
      adults: [{ first_name: "Eva", last_name: "Muster", email, phone: "+4930123456", relation: "Mutter" }],
      date: tomorrow(),
      locale: "ru",
      confirmedAt: new Date(),
      confirmedSlotId: slot.id,
      confirmedStart: "16:00",
      confirmedEnd: "17:30",
    });
    await t.app.lessonReminders.runOnce();
    const [mail] = (await t.mailsTo(email)).filter((one) => one.template === "lesson-reminder");
    expect(mail?.locale).toBe("ru");
    expect(mail?.subject).toContain("пробное занятие");
    expect(mail?.text).not.toContain("первое занятие");
  });

  it("paid after that day's lesson began, the reminder comes before next week's, the first one bought (D546)", async () => {
    const late = await paidBooking(0);
    // Paid a week before tomorrow at 23:00 Berlin, after that day's lesson.
    await t.db
      .update(orders)
      .set({ paidAt: berlinInstant(addDays(tomorrow(), -7), "23:00") })
      .where(eq(orders.id, late.orderId));
    await t.app.lessonReminders.runOnce();
    const mails = (await t.mailsTo(late.email)).filter((mail) => mail.template === "lesson-reminder");
    expect(mails).toHaveLength(1);
  });

  it("none for a first lesson after a cancelled subscription's last paid day (D647)", async () => {
    const ended = await paidBooking(0);
    // Its last paid day is today, before the item's first lesson tomorrow; the worker has not ended it yet.
    await t.db
      .update(subscriptions)
      .set({ cancelAt: berlinMidnight(tomorrow()) })
      .where(eq(subscriptions.orderItemId, ended.itemId));
    await t.app.lessonReminders.runOnce();
    expect((await t.mailsTo(ended.email)).filter((mail) => mail.template === "lesson-reminder")).toEqual([]);
    expect(
      await t.db
        .select()
        .from(lessonReminders)
        .where(eq(lessonReminders.key, `first:${ended.itemId}`)),
    ).toEqual([]);
  });

  it("paid after that day's lesson began, the first month starts with next week's lesson and costs the full month (D250)", async () => {
    const parent = await t.parentWithCourse(0, 6, "Course (1 / week)");
    const { order_id } = (await t.fulfil(parent.headers)).json();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, order_id));
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
    if (!order || !item) throw new Error("no order");
    // The payment is recorded at 16:30 Berlin on the day of the 16:00 lesson (PayPal's capture or
    // Stripe's first charge come late): that lesson is over, next week's is the first one bought.
    await t.db.transaction((tx) => startSubscriptions(tx, order_id, berlinInstant(tomorrow(), "16:30")));
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.orderItemId, item.id));
    if (!sub) throw new Error("no subscription");
    expect(paidDays(sub.periodStart, sub.periodEnd)).toEqual(billingPeriod(addDays(tomorrow(), 7), []));
    // The month is a whole one from that lesson, so it is charged in full: no part of a month is sold.
    expect(order.totalCheckoutCents).toBe(item.recurrentPriceCents - item.recurrentDiscountCents);
  });

  it("none for a first lesson on a day the course pauses", async () => {
    const [pause] = await t.db
      .insert(subscriptionPauses)
      .values({ productPageId: t.course.page.id, startsOn: tomorrow(), endsOn: tomorrow() })
      .returning();
    try {
      const paused = await paidBooking(0);
      await t.app.lessonReminders.runOnce();
      expect((await t.mailsTo(paused.email)).filter((mail) => mail.template === "lesson-reminder")).toEqual(
        [],
      );
    } finally {
      if (pause) await t.db.delete(subscriptionPauses).where(eq(subscriptionPauses.id, pause.id));
    }
  });

  it("none for a first lesson the school cancelled or a closure, and none when staff turned the kind off", async () => {
    const slot = t.weekly[0];
    if (!slot) throw new Error("no slot");
    await t.db
      .insert(closures)
      .values({ startsOn: tomorrow(), endsOn: tomorrow(), name: { de: "Zu", ru: "Закрыто" } });
    try {
      const closed = await paidBooking(0);
      await t.app.lessonReminders.runOnce();
      expect((await t.mailsTo(closed.email)).filter((mail) => mail.template === "lesson-reminder")).toEqual(
        [],
      );
    } finally {
      await t.db.delete(closures);
    }
    const off = await t.call("PUT", "/api/v2/admin/lessons/reminders/", {
      headers: staff.headers,
      body: { reminders_off: ["first_lesson"] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const silent = await paidBooking(0);
    await t.app.lessonReminders.runOnce();
    expect((await t.mailsTo(silent.email)).filter((mail) => mail.template === "lesson-reminder")).toEqual([]);
    await t.call("PUT", "/api/v2/admin/lessons/reminders/", {
      headers: staff.headers,
      body: { reminders_off: [] },
    });

    const cancelled = await paidBooking(0);
    const reply = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
      headers: staff.headers,
      body: { slot: slot.id, date: tomorrow(), reason_de: "Krank", reason_ru: "Болезнь" },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await t.app.lessonReminders.runOnce();
    const reminders = (await t.mailsTo(cancelled.email)).filter(
      (mail) => mail.template === "lesson-reminder",
    );
    expect(reminders).toEqual([]);
    expect(
      await t.db
        .select()
        .from(lessonReminders)
        .where(eq(lessonReminders.key, `first:${cancelled.itemId}`)),
    ).toEqual([]);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "lesson-cancelled")),
    ).not.toEqual([]);
  });
});

describe("on the roster, at the door and on the dashboard (D372)", () => {
  it("the roster shows a reported absence and a makeup child; the dashboard counts the week's makeups", async () => {
    const [absentSlot, makeupSlot] = t.weekly;
    if (!absentSlot || !makeupSlot) throw new Error("no slots");
    const { parent, itemId } = await paidBooking(0);
    // Tomorrow's lesson of slot 0 was cancelled by an earlier test: the child misses the week after.
    const absentOn = addDays(tomorrow(), 7);
    const reported = await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [absentOn] },
    });
    expect(reported.json().credits, reported.body).toHaveLength(1);
    const [credit] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    const before = (await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers })).json();
    const booked = await t.call("POST", "/api/v2/lessons/makeups/", {
      headers: parent.headers,
      body: { credit: credit.id, slot: makeupSlot.id, date: tomorrow() },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const roster = async (slot: number, date: string) =>
      (
        await t.call("GET", "/api/v2/admin/attendance/", {
          headers: staff.headers,
          query: { slot: String(slot), date },
        })
      ).json();
    const absentRoster = await roster(absentSlot.id, absentOn);
    expect(
      absentRoster.children.find((child: { order_item: number }) => child.order_item === itemId),
    ).toMatchObject({ reported_absent: true, makeup: false });
    expect(absentRoster.lesson.reported_absent).toBeGreaterThanOrEqual(1);
    const makeupRoster = await roster(makeupSlot.id, tomorrow());
    expect(
      makeupRoster.children.find((child: { order_item: number }) => child.order_item === itemId),
    ).toMatchObject({ makeup: true });
    expect(makeupRoster.lesson.makeups).toBeGreaterThanOrEqual(1);

    const after = (await t.call("GET", "/api/v2/admin/dashboard/", { headers: staff.headers })).json();
    const inThisWeek = tomorrow() <= weekOf(today()).to;
    expect(after.makeups_this_week - before.makeups_this_week).toBe(inThisWeek ? 1 : 0);
  });

  it("a credit is used in a page staff marked equivalent (same makeup group), not in any other", async () => {
    const { parent, itemId, email } = await paidBooking(0);
    // Tomorrow's lesson of slot 0 was cancelled by an earlier test: the child misses the week after.
    const absentOn = addDays(tomorrow(), 7);
    const date = addDays(tomorrow(), 3);
    const dated = t.dated[0];
    if (!dated) throw new Error("no dated slot");
    await t.db.update(scheduleSlots).set({ date, seats: 10 }).where(eq(scheduleSlots.id, dated.id));
    const reported = await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [absentOn] },
    });
    expect(reported.json().credits, reported.body).toHaveLength(1);
    const [credit] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    const body = { credit: credit.id, slot: dated.id, date };
    const refused = await t.call("POST", "/api/v2/lessons/makeups/", { headers: parent.headers, body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ slot: ["makeup_slot_not_allowed"] });

    const pages = [t.course.page.id, t.workshop.page.id];
    await t.db.update(productPages).set({ makeupGroup: "art-5-7" }).where(inArray(productPages.id, pages));
    try {
      const options = (
        await t.call("GET", `/api/v2/lessons/credits/${credit.id}/options/`, { headers: parent.headers })
      ).json();
      expect(options).toContainEqual(
        expect.objectContaining({ slot: dated.id, date, product_page: t.workshop.page.id }),
      );
      const booked = await t.call("POST", "/api/v2/lessons/makeups/", { headers: parent.headers, body });
      expect(booked.statusCode, booked.body).toBe(201);
      // Staff cancel that lesson: the family is told of the lesson the makeup was in, not its own course.
      const cancelled = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
        headers: staff.headers,
        body: { slot: dated.id, date, reason_de: "Krank", reason_ru: "Болезнь" },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(201);
      const [told] = (await t.mailsTo(email)).filter((mail) => mail.template === "lesson-cancelled");
      expect(told?.subject).toContain(t.workshop.page.name.de);
      expect(told?.subject).not.toContain(t.course.page.name.de);
    } finally {
      await t.db.update(productPages).set({ makeupGroup: null }).where(inArray(productPages.id, pages));
      await t.db.delete(cancelledLessons).where(eq(cancelledLessons.scheduleSlotId, dated.id));
    }
  });

  it("the door says the lesson is cancelled on that date and refuses the check-in", async () => {
    const slot = t.weekly[0];
    if (!slot) throw new Error("no slot");
    const date = addDays(tomorrow(), 21);
    const { itemId } = await paidBooking(0);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    const door = createCheckinService(t.db, {
      recordAudit: async () => {},
      now: () => berlinInstant(date, "15:30"),
    });
    expect((await door.view(item?.checkinCode ?? "", "de")).status).toBe("ready");
    const cancel = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
      headers: staff.headers,
      body: { slot: slot.id, date, reason_de: "Wasserschaden", reason_ru: "Протечка" },
    });
    expect(cancel.statusCode, cancel.body).toBe(201);
    expect((await door.view(item?.checkinCode ?? "", "de")).status).toBe("lesson_cancelled");
    await expect(
      door.checkIn(
        { id: staff.id, email: "s@example.org", role: "staff" } as never,
        item?.checkinCode ?? "",
        "ru",
      ),
    ).rejects.toMatchObject({ code: "checkin_lesson_cancelled", status: 400 });
    const roster = (
      await t.call("GET", "/api/v2/admin/attendance/", {
        headers: staff.headers,
        query: { slot: String(slot.id), date, locale: "ru" },
      })
    ).json();
    expect(roster.lesson).toMatchObject({ cancelled: true, cancel_reason: "Протечка" });
  });
});

describe("the rules in the back office's product form (D374)", () => {
  it("staff set the rules and makeup group with the page; the parent reads them; bad values are field errors", async () => {
    const url = `/api/v2/admin/products/${t.course.page.id}/`;
    const page = (await t.call("GET", url, { headers: staff.headers })).json();
    expect(page.lesson_rules).toMatchObject({
      makeup_allowed: true,
      absence_cutoff_minutes: 120,
      makeup_group: null,
    });
    const { id: _id, updated_at: _updated, ...fields } = page;
    const rules = {
      ...page.lesson_rules,
      absence_cutoff_minutes: 180,
      credits_per_month: 3,
      makeup_group: "",
    };
    const saved = await t.call("PUT", url, {
      headers: staff.headers,
      body: { ...fields, lesson_rules: rules },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lesson_rules).toMatchObject({ absence_cutoff_minutes: 180, makeup_group: null });
    const { parent } = await paidBooking(0);
    const [booking] = (await t.call("GET", "/api/v2/lessons/", { headers: parent.headers })).json();
    expect(booking.rules).toMatchObject({ absence_cutoff_minutes: 180, credits_per_month: 3 });

    const bad = await t.call("PUT", url, {
      headers: staff.headers,
      body: { ...fields, version: saved.json().version, lesson_rules: { ...rules, credit_valid_days: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error_codes)).toContain("too_small");
    await t.db
      .update(productPages)
      .set({ absenceCutoffMinutes: 120, creditsPerMonth: 2 })
      .where(eq(productPages.id, t.course.page.id));
  });
});

describe("a cancelled lesson on a page that lengthens the paid period (D393)", () => {
  it("moves the month's end by a lesson, says so, gives no credit, and a later month gains it when paid", async () => {
    const slot = t.weekly[0];
    if (!slot) throw new Error("no slot");
    await t.db
      .update(productPages)
      .set({ cancelledLessonOutcome: "lengthen" })
      .where(eq(productPages.id, t.course.page.id));
    try {
      // In a week, inside the first month; the tests above cancel tomorrow and in three weeks (this one runs last).
      const date = addDays(tomorrow(), 7);
      const longer = await paidBooking(0);
      const absent = await paidBooking(0, "ru");
      const subscriptionOf = async (itemId: number) => {
        const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.orderItemId, itemId));
        if (!row) throw new Error("no subscription");
        return row;
      };
      const before = await subscriptionOf(longer.itemId);
      const paid = paidDays(before.periodStart, before.periodEnd);
      // The child reported absent on that day holds a credit for it already.
      const report = await t.call("POST", "/api/v2/lessons/absences/", {
        headers: absent.parent.headers,
        body: { order_item: absent.itemId, dates: [date] },
      });
      expect(report.statusCode, report.body).toBe(200);

      const reply = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
        headers: staff.headers,
        body: { slot: slot.id, date, reason_de: "Fortbildung", reason_ru: "Курсы повышения" },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json().lengthened).toBeGreaterThanOrEqual(1);

      // One weekly lesson more: the month now ends on the first lesson after its old end.
      const weekday = weekdayOf(tomorrow());
      const expected = lengthenByCancelled(paid, [weekday], [], [date]);
      expect(expected.to).not.toBe(paid.to);
      const after = await subscriptionOf(longer.itemId);
      expect(paidDays(after.periodStart, after.periodEnd)).toEqual(expected);
      expect(after.periodStart).toEqual(before.periodStart);
      const credits = await t.db
        .select()
        .from(makeupCredits)
        .where(eq(makeupCredits.orderItemId, longer.itemId));
      expect(credits).toEqual([]);
      const [mail] = (await t.mailsTo(longer.email)).filter((one) => one.template === "lesson-cancelled");
      expect(mail?.text).toContain("Ihr bezahlter Zeitraum verlängert sich um diesen Termin");

      // The absent child keeps its credit, now for the cancellation, and its month stays as it was.
      const absentBefore = paidDays(
        (await subscriptionOf(absent.itemId)).periodStart,
        (await subscriptionOf(absent.itemId)).periodEnd,
      );
      expect(absentBefore.to).toBe(paid.to);
      const kept = await t.db
        .select()
        .from(makeupCredits)
        .where(eq(makeupCredits.orderItemId, absent.itemId));
      expect(kept).toMatchObject([{ reason: "cancelled", sourceDate: date }]);

      // A lesson cancelled in the coming month lengthens that month when it is paid.
      const nextDate = addDays(expected.to, 14);
      const later = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
        headers: staff.headers,
        body: { slot: slot.id, date: nextDate, reason_de: "Fortbildung", reason_ru: "Курсы повышения" },
      });
      expect(later.statusCode, later.body).toBe(201);
      expect(paidDays(after.periodStart, (await subscriptionOf(longer.itemId)).periodEnd)).toEqual(expected);
      const log = { error: () => {}, warn: () => {}, info: () => {} };
      const recorded = await recordPayment(
        // The month's invoice (D556) is not this test's: none is issued.
        {
          db: t.db,
          gateway: { name: "paypal" },
          log,
          issueMonthInvoice: async () => null,
        } as unknown as Parameters<typeof recordPayment>[0],
        after.id,
        { reference: `renewal-${after.id}`, kind: "renewal_order", amountCents: 7900 },
      );
      expect(recorded).toBe("recorded");
      const renewed = await subscriptionOf(longer.itemId);
      const month = billingPeriod(addDays(expected.to, 1), []);
      expect(paidDays(renewed.periodStart, renewed.periodEnd)).toEqual(
        lengthenByCancelled(month, [weekday], [], [nextDate]),
      );
      expect(paidDays(renewed.periodStart, renewed.periodEnd).to).not.toBe(month.to);
    } finally {
      await t.db
        .update(productPages)
        .set({ cancelledLessonOutcome: "credit" })
        .where(eq(productPages.id, t.course.page.id));
    }
  });
});

describe("a cancelled subscription's child has no lesson after its last paid day, for staff either (D635)", () => {
  // The weeks are fixed (the last paid day is set below), on the slots' weekday and clear of the other tests' dates.
  const lastDay = () => addDays(tomorrow(), 36);
  const before = () => addDays(tomorrow(), 28);
  const after = () => addDays(tomorrow(), 42);

  /** A booking in weekly slot `slot`, cancelled through the parent's route, whose last paid day is `lastDay()`. */
  async function cancelledBooking(slot: number) {
    const booking = await paidBooking(slot);
    const cancel = await t.call("PATCH", `/api/v2/orders/items/${booking.itemId}/cancel/`, {
      headers: booking.parent.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.db
      .update(subscriptions)
      .set({ cancelAt: berlinMidnight(addDays(lastDay(), 1)) })
      .where(eq(subscriptions.orderItemId, booking.itemId));
    return booking;
  }

  it("is on a roster up to its end only, and a lesson cancelled after it neither mails the family nor credits it", async () => {
    const slot = t.weekly[1];
    if (!slot) throw new Error("no slot");
    const booking = await cancelledBooking(1);
    const listed = async (date: string) => {
      const roster = await t.call("GET", "/api/v2/admin/attendance/", {
        headers: staff.headers,
        query: { slot: String(slot.id), date },
      });
      expect(roster.statusCode, roster.body).toBe(200);
      return roster
        .json()
        .children.some((child: { order_item: number }) => child.order_item === booking.itemId);
    };
    expect(await listed(before())).toBe(true);
    expect(await listed(after())).toBe(false);

    const reply = await t.call("POST", "/api/v2/admin/lessons/cancellations/", {
      headers: staff.headers,
      body: {
        slot: slot.id,
        date: after(),
        reason_de: "Die Lehrerin ist krank.",
        reason_ru: "Преподаватель заболел.",
      },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const credits = await t.db
      .select()
      .from(makeupCredits)
      .where(eq(makeupCredits.orderItemId, booking.itemId));
    expect(credits).toEqual([]);
    const mails = (await t.mailsTo(booking.email)).filter((mail) => mail.template === "lesson-cancelled");
    expect(mails).toEqual([]);
  });

  it("takes a make-up in the child's own group on a day after its end", async () => {
    const { parent, itemId } = await cancelledBooking(0);
    // A lesson before the end reported absent gives the credit (tomorrow's may be cancelled by the tests above).
    const reported = await t.call("POST", "/api/v2/lessons/absences/", {
      headers: parent.headers,
      body: { order_item: itemId, dates: [before()] },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const [credit] = (await t.call("GET", "/api/v2/lessons/credits/", { headers: parent.headers })).json();
    const own = t.weekly[0];
    if (!credit || !own) throw new Error("no credit");
    const reply = await t.call("POST", "/api/v2/lessons/makeups/", {
      headers: parent.headers,
      body: { credit: credit.id, slot: own.id, date: after() },
    });
    expect(reply.statusCode, reply.body).toBe(201);
  });
});
