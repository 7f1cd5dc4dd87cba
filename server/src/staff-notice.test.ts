import { todayInBerlin } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffNoticeRecipients } from "./config/index.ts";
import { mailOutbox, orderItems, users, waitingListEntries } from "./db/schema/index.ts";
import { createCheckoutTestApp } from "./test/checkout-fixtures.ts";
import { ACADEMY_8_11, createChild, createParent, pageBySlug } from "./test/shop-fixtures.ts";

/** Told at once (D110): the school's addresses hear of every booking, cancellation, withdrawal and entry. */
const STAFF = ["buero@atelier-test.example", "leitung@atelier-test.example"];

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
beforeAll(async () => {
  t = await createCheckoutTestApp({ env: { STAFF_NOTIFY_EMAILS: STAFF.join(", ") } });
}, 60_000);
afterAll(() => t?.close());

const notices = async () =>
  (await t.db.select().from(mailOutbox)).filter((m) => m.template === "staff-notice");

/** The notices of one kind about one order or child, by address. */
async function noticesAbout(subject: string, needle: string) {
  return (await notices()).filter((m) => m.subject.startsWith(subject) && m.text.includes(needle));
}

async function emailOf(userId: number) {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  return user?.email ?? "";
}

async function paidCourse(slot = 0) {
  const parent = await t.parentWithCourse(slot);
  const fulfilled = await t.fulfil(parent.headers);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const { id, order_id } = fulfilled.json();
  t.standIn.approve(id);
  expect((await t.capture(parent.headers, id)).statusCode).toBe(200);
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  if (!item) throw new Error("no item");
  return { ...parent, orderId: order_id as number, itemId: item.id, paypalId: id as string };
}

describe("the school is told at once", () => {
  it("of a paid booking: each configured address, in German, with the child, the offer and the order", async () => {
    const before = (await notices()).length;
    const c = await paidCourse(0);
    const sent = await noticesAbout("Neue Buchung bezahlt: Mila Muster", `Nr. ${c.orderId}`);
    expect(sent.map((m) => m.to).sort()).toEqual(STAFF);
    for (const mail of sent) {
      expect(mail.locale).toBe("de");
      expect(mail.text).toContain("Kind: Mila Muster");
      expect(mail.text).toContain("Angebot: Kleine Maler – Abo: 1 × pro Woche, monatlich");
      expect(mail.text).toContain(`E-Mail der Eltern: ${await emailOf(c.id)}`);
    }
    // The parent's return page capturing again tells no one again.
    expect((await t.capture(c.headers, c.paypalId)).statusCode).toBe(200);
    expect((await notices()).length).toBe(before + 2);
  });

  it("of a staged order that was never paid: nothing", async () => {
    const parent = await t.parentWithCourse(1);
    const staged = await t.fulfil(parent.headers);
    expect(staged.statusCode).toBe(200);
    expect(await noticesAbout("Neue Buchung bezahlt", `Nr. ${staged.json().order_id}`)).toHaveLength(0);
  });

  it("of a withdrawal", async () => {
    const c = await paidCourse(1);
    const res = await t.call("POST", `/api/v2/orders/items/${c.itemId}/withdraw/`, { headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await noticesAbout("Widerruf: Mila Muster", `Nr. ${c.orderId}`);
    expect(sent.map((m) => m.to).sort()).toEqual(STAFF);
  });

  it("of a cancelled course subscription", async () => {
    const c = await paidCourse(2);
    const res = await t.call("PATCH", `/api/v2/orders/items/${c.itemId}/cancel/`, {
      headers: c.headers,
      body: { reason: "Umzug" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await noticesAbout("Kündigung: Mila Muster", `Nr. ${c.orderId}`);
    expect(sent.map((m) => m.to).sort()).toEqual(STAFF);
  });

  it("of a new waiting-list entry, once however often the parent joins", async () => {
    const slot = t.weekly[3] ?? t.weekly[0];
    if (!slot) throw new Error("no slot");
    await t.setSeats(slot.id, 0);
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 6);
    const join = () =>
      t.call("POST", "/api/v2/orders/waiting_list/", {
        headers: parent.headers,
        body: {
          purchase_option: t.course.option("Course (1 / week)").id,
          visitor: child,
          schedule_slot: slot.id,
          academy_week: null,
        },
      });
    const first = await join();
    expect(first.statusCode, first.body).toBe(201);
    await join();
    const [entry] = await t.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.visitorId, child));
    expect(entry).toBeTruthy();
    const sent = await noticesAbout(
      "Neu auf der Warteliste: Mila Muster",
      `E-Mail der Eltern: ${await emailOf(parent.id)}`,
    );
    expect(sent.map((m) => m.to).sort()).toEqual(STAFF);
  });
});

describe("requests reach every configured address too", () => {
  it("a callback request and a trial request", async () => {
    const callback = await t.call("POST", "/api/v2/contact_us/callback/", {
      body: { first_name: "Anna", last_name: "Schmidt", email: "anna@example.org", phone: "+4915112345678" },
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const trial = await t.call("POST", "/api/v2/orders/visit_request/", {
      body: {
        product_page: t.course.page.id,
        children: [{ first_name: "Mila", last_name: "Petrova", birth_date: "2019-05-02" }],
        adults: [
          { first_name: "Olga", last_name: "Petrova", email: "olga@example.org", phone: "+4915112345678" },
        ],
        date: null,
      },
    });
    expect(trial.statusCode, trial.body).toBe(201);
    const mails = await t.db.select().from(mailOutbox);
    for (const template of ["contact-request", "visit-request-notification"]) {
      expect(
        mails
          .filter((m) => m.template === template)
          .map((m) => m.to)
          .sort(),
      ).toEqual(STAFF);
    }
  });
  it("a birthday-party request: each address at once, in German, with the request, the days and the parent (D158)", async () => {
    const party = await pageBySlug(t.db, "roboter-geburtstag");
    const parent = await createParent(t.db);
    const day = new Date(`${todayInBerlin()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 30);
    const res = await t.call("POST", "/api/v2/party_requests/", {
      headers: parent.headers,
      query: { locale: "ru" },
      body: {
        product_page: party.page.id,
        purchase_option: party.options[0]?.id,
        dates: [day.toISOString().slice(0, 10)],
        children_count: 7,
        ages: [6, 7],
        comment: "Allergie: Nüsse",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = (await t.db.select().from(mailOutbox)).filter(
      (m) => m.template === "party-request-notification" && m.subject.includes(`Nr. ${res.json().id}`),
    );
    expect(sent.map((m) => m.to).sort()).toEqual(STAFF);
    for (const mail of sent) {
      expect(mail.locale).toBe("de");
      expect(mail.subject).toBe(`Neue Anfrage für eine Geburtstagsfeier (Nr. ${res.json().id})`);
      expect(mail.text).toContain("Allergie: Nüsse");
      expect(mail.text).toContain(await emailOf(parent.id));
    }
    // The parent is told too, in the request's language: what was asked and what happens next (D293).
    const own = (await t.db.select().from(mailOutbox)).filter(
      (m) => m.template === "party-request-received" && m.subject.includes(`№ ${res.json().id}`),
    );
    expect(own.map((m) => m.to)).toEqual([await emailOf(parent.id)]);
    expect(own[0]?.locale).toBe("ru");
    expect(own[0]?.subject).toBe(`Ваша заявка на день рождения (№ ${res.json().id}) получена`);
    expect(own[0]?.text).toContain("Количество детей: 7");
    expect(own[0]?.text).toContain("Что дальше?");
    expect(own[0]?.text).toContain("ответим по электронной почте в течение двух рабочих дней");
  });

  it("of an academy booking: the week's dates and the day part (issue 32 item 13, D294)", async () => {
    const academy = await pageBySlug(t.db, ACADEMY_8_11);
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 9, "Lev");
    const week = academy.weeks[0];
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: academy.page.id,
        purchase_option: academy.option("Academy (1st half)").id,
        visitor: child,
        academy_weeks: [week?.id],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    t.standIn.approve(fulfilled.json().id);
    expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);
    const [sent] = await noticesAbout("Neue Buchung bezahlt: Lev Muster", `Nr. ${fulfilled.json().order_id}`);
    const long = new Intl.DateTimeFormat("de", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const day = (iso: string | undefined) => long.format(new Date(`${iso}T00:00:00Z`));
    expect(sent?.text).toContain(`Woche: ${day(week?.startsOn)} – ${day(week?.endsOn)}`);
    expect(sent?.text).toContain("Betreuung: halbtags, vormittags");
  });
});

describe("who is told", () => {
  it("SCHOOL_EMAIL alone unless a list is configured", () => {
    expect(staffNoticeRecipients({ SCHOOL_EMAIL: "info@x.example", STAFF_NOTIFY_EMAILS: [] })).toEqual([
      "info@x.example",
    ]);
    expect(staffNoticeRecipients({ SCHOOL_EMAIL: "info@x.example", STAFF_NOTIFY_EMAILS: STAFF })).toEqual(
      STAFF,
    );
  });
});
