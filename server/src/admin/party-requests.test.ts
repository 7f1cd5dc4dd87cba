import { AdminPartyRequestSchema, PartyRequestListSchema, todayInBerlin } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueAuthToken } from "../accounts/auth-tokens.service.ts";
import { auditLog, mailOutbox, orders, purchaseOptions, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let party: Awaited<ReturnType<typeof pageBySlug>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  staff = await createStaff(t.db);
  party = await pageBySlug(t.db, "roboter-geburtstag");
}, 300_000);
afterAll(() => t?.close());

type Headers = Record<string, string>;

const inDays = (days: number) => {
  const day = new Date(`${todayInBerlin()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

const emailOf = async (id: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? "";

const ask = (headers: Headers, body: Record<string, unknown>) =>
  t.call("POST", "/api/v2/party_requests/", { headers, body });

const requestBody = (overrides: Record<string, unknown> = {}) => ({
  product_page: party.page.id,
  purchase_option: party.options[0]?.id,
  dates: [inDays(20), inDays(21), inDays(27)],
  children_count: 8,
  ages: [8, 9],
  comment: "Kuchen bringen wir mit",
  ...overrides,
});

const confirm = (id: number, body: Record<string, unknown>, headers: Headers = staff.headers) =>
  t.call("POST", `/api/v2/admin/party-requests/${id}/confirm/`, { headers, body });

/** A party request a parent sent in Russian (their account is German), as staff see it. */
async function russianRequest() {
  const parent = await createParent(t.db);
  const sent = (
    await t.call("POST", "/api/v2/party_requests/", {
      headers: parent.headers,
      body: requestBody(),
      query: { locale: "ru" },
    })
  ).json();
  const shown = AdminPartyRequestSchema.parse(
    (await t.call("GET", `/api/v2/admin/party-requests/${sent.id}/`, { headers: staff.headers })).json(),
  );
  return { parent, sent, shown };
}

describe(`birthday parties as requests confirmed by staff (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("a parent asks with up to three days; the school is mailed; bad input is a 400 that stores nothing", async () => {
    const parent = await createParent(t.db);
    expect((await ask({}, requestBody())).statusCode).toBe(401);
    const past = await ask(parent.headers, requestBody({ dates: [inDays(0)] }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error_codes).toEqual({ "dates.0": ["party_date_past"] });
    const four = await ask(
      parent.headers,
      requestBody({ dates: [inDays(5), inDays(6), inDays(7), inDays(8)] }),
    );
    expect(four.statusCode).toBe(400);
    const ages = await ask(parent.headers, requestBody({ children_count: 1, ages: [7, 8] }));
    expect(ages.json().error_codes).toEqual({ ages: ["party_ages_mismatch"] });
    // The number of children left empty is required, not "too small" (D619).
    const noCount = await ask(parent.headers, requestBody({ children_count: undefined }));
    expect(noCount.json().error_codes).toMatchObject({ children_count: ["required"] });
    const course = await ask(
      parent.headers,
      requestBody({ product_page: t.course.page.id, purchase_option: t.course.options[0]?.id }),
    );
    expect(course.json().error_codes).toEqual({ product_page: ["not_a_party"] });
    expect(
      PartyRequestListSchema.parse(
        (await t.call("GET", "/api/v2/party_requests/", { headers: parent.headers })).json(),
      ),
    ).toEqual([]);

    const before = (await t.db.select().from(mailOutbox)).filter(
      (m) => m.template === "party-request-notification",
    ).length;
    const sent = await ask(parent.headers, requestBody());
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ state: "sent", children_count: 8, ages: [8, 9], order: null });
    const notices = (await t.db.select().from(mailOutbox)).filter(
      (m) => m.template === "party-request-notification",
    );
    expect(notices.length - before).toBe(1);
    expect(notices.at(-1)?.text).toContain("Kuchen bringen wir mit");
    // The parent's profile has no phone (stored as "+"): the notice has no phone line rather than "+".
    expect(notices.at(-1)?.text).not.toMatch(/Telefon/);
  });

  it("an option a party request names cannot be deleted: staff are told it was asked for (D522)", async () => {
    const [room] = await t.db
      .insert(purchaseOptions)
      .values({
        productPageId: party.page.id,
        scheduleType: "BirthdayPackage",
        name: { de: "Kleiner Raum", ru: "Малый зал" },
        basePriceCents: 19_900,
      })
      .returning();
    if (!room) throw new Error("no option");
    const parent = await createParent(t.db);
    const asked = await ask(parent.headers, requestBody({ purchase_option: room.id }));
    expect(asked.statusCode, asked.body).toBe(201);
    const removed = await t.call("DELETE", `/api/v2/admin/purchase-options/${room.id}/`, {
      headers: staff.headers,
    });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error_codes).toEqual({ non_field_errors: ["option_booked"] });
    expect(await t.db.select().from(purchaseOptions).where(eq(purchaseOptions.id, room.id))).toHaveLength(1);
  });

  it("staff confirm one day: the order at the catalogue price, the link mailed once, paid by the parent, the profile follows", async () => {
    const parent = await createParent(t.db);
    const sent = (await ask(parent.headers, requestBody())).json();
    expect(
      (await t.call("GET", "/api/v2/admin/party-requests/", { headers: parent.headers })).statusCode,
    ).toBe(403);
    expect((await confirm(sent.id, { version: "x", date: inDays(20) }, {})).statusCode).toBe(401);

    const shown = AdminPartyRequestSchema.parse(
      (await t.call("GET", `/api/v2/admin/party-requests/${sent.id}/`, { headers: staff.headers })).json(),
    );
    // Staff call the family about the day and the room: its profile's phone, none while the profile has none.
    expect(shown).toMatchObject({ parent_email: await emailOf(parent.id), parent_phone: "" });
    await t.db.update(users).set({ phoneNumber: "+4917612345678" }).where(eq(users.id, parent.id));
    const withPhone = AdminPartyRequestSchema.parse(
      (await t.call("GET", `/api/v2/admin/party-requests/${sent.id}/`, { headers: staff.headers })).json(),
    );
    expect(withPhone.parent_phone).toBe("+4917612345678");
    const wrongDay = await confirm(sent.id, { version: withPhone.version, date: inDays(22) });
    expect(wrongDay.json().error_codes).toEqual({ date: ["party_date_not_requested"] });

    const res = await confirm(sent.id, { version: withPhone.version, date: inDays(21) });
    expect(res.statusCode, res.body).toBe(200);
    const confirmed = AdminPartyRequestSchema.parse(res.json());
    expect(confirmed).toMatchObject({
      state: "confirmed",
      confirmed_date: inDays(21),
      status: "in_progress",
    });
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, confirmed.order ?? 0));
    expect(order).toMatchObject({ userId: parent.id, status: "awaiting_payment" });
    expect(order?.totalCheckoutCents).toBe(party.options[0]?.basePriceCents);

    // A double click (old or new version) builds nothing more and mails nothing more.
    const again = await confirm(sent.id, { version: shown.version, date: inDays(21) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order).toBe(confirmed.order);
    const linkMails = (await t.mailsTo(await emailOf(parent.id))).filter(
      (m) => m.template === "payment-link",
    );
    expect(linkMails).toHaveLength(1);
    expect(linkMails[0]?.subject).toContain("Geburtstagsfeier");
    const audit = (await t.db.select().from(auditLog).where(eq(auditLog.resource, "party-requests"))).filter(
      (a) => a.recordId === sent.id,
    );
    expect(audit).toHaveLength(1);

    const mine = async () =>
      PartyRequestListSchema.parse(
        (await t.call("GET", "/api/v2/party_requests/", { headers: parent.headers })).json(),
      );
    expect((await mine())[0]?.state).toBe("confirmed");

    const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(linkMails[0]?.text ?? "")?.[1] ?? "";
    const opened = await t.call("POST", `/api/v2/orders/payment_link/${token}/pay/`, {
      headers: parent.headers,
      query: { payment_gateway: "paypal" },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    t.standIn.approve(opened.json().id);
    expect((await t.capture(parent.headers, opened.json().id)).statusCode).toBe(200);
    expect((await mine())[0]?.state).toBe("paid");
  });

  it("a request sent in Russian from a German account is confirmed and billed in Russian (D552)", async () => {
    const { parent, sent, shown } = await russianRequest();
    const res = await confirm(sent.id, { version: shown.version, date: inDays(20) });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = (await t.mailsTo(await emailOf(parent.id))).filter((m) => m.template === "payment-link");
    expect(mail?.locale).toBe("ru");
    expect(mail?.subject).toBe("День рождения подтверждён: ожидает оплаты");
    expect(mail?.text).toMatch(/\/pay\/[A-Za-z0-9_-]+\?locale=ru/);
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, res.json().order ?? 0));
    expect(order?.locale).toBe("ru");
  });

  it("staff decline a request: the parent is mailed once, in the request's language; a declined request cannot be confirmed", async () => {
    const { parent, sent, shown } = await russianRequest();
    const declined = await t.call("POST", `/api/v2/admin/party-requests/${sent.id}/decline/`, {
      headers: staff.headers,
      body: { version: shown.version },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ state: "declined", status: "done" });
    const again = await t.call("POST", `/api/v2/admin/party-requests/${sent.id}/decline/`, {
      headers: staff.headers,
      body: { version: declined.json().version },
    });
    expect(again.statusCode, again.body).toBe(200);
    const answers = (await t.mailsTo(await emailOf(parent.id))).filter(
      (m) => m.template === "party-declined",
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]?.subject).toBe("Ваша заявка на детский день рождения");
    expect(answers[0]?.text).toContain(party.options[0]?.name.ru ?? "?");
    const late = await confirm(sent.id, { version: declined.json().version, date: inDays(20) });
    expect(late.json().error_codes).toEqual({ non_field_errors: ["party_request_closed"] });
    expect(await t.db.select().from(orders).where(eq(orders.userId, parent.id))).toEqual([]);
  });

  it("a parent's cart refuses a party option (signed in or guest, de and ru): parties are asked for (D180)", async () => {
    const parent = await createParent(t.db);
    const partyItem = {
      product_page: party.page.id,
      purchase_option: party.options[0]?.id,
      visitor: null,
      schedule_slots: [],
      academy_weeks: [],
      comment: "",
    };
    const refused = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: partyItem,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error_codes).toEqual({ product_page: ["party_by_request"] });
    expect(refused.json().product_page).toEqual([
      "Kindergeburtstage werden angefragt, nicht direkt gebucht.",
    ]);

    const { cart_id } = (await t.call("POST", "/api/v2/orders/init/")).json();
    const guest = await t.call("POST", "/api/v2/orders/items/", {
      query: { cart_id, locale: "ru" },
      body: partyItem,
    });
    expect(guest.statusCode, guest.body).toBe(400);
    expect(guest.json().product_page).toEqual([
      "День рождения нельзя забронировать напрямую: отправьте, пожалуйста, заявку.",
    ]);
    const current = await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers });
    expect(current.json().items).toEqual([]);
  });

  it("one room, one day (D191): staff see that another party holds the day and confirm a second only knowingly; two confirms at once for one day give it once", async () => {
    const option = party.options[0]?.id;
    const day = inDays(44);
    const requestOf = async () => {
      const parent = await createParent(t.db);
      const sent = await ask(
        parent.headers,
        requestBody({ purchase_option: option, dates: [day, inDays(45)] }),
      );
      expect(sent.statusCode, sent.body).toBe(201);
      return sent.json().id as number;
    };
    const shown = async (id: number) =>
      AdminPartyRequestSchema.parse(
        (await t.call("GET", `/api/v2/admin/party-requests/${id}/`, { headers: staff.headers })).json(),
      );
    const [first, second, third] = [await requestOf(), await requestOf(), await requestOf()];

    // Two staff confirm two requests for the same room and day at once: one gets it, the other is told.
    const [a, b] = await Promise.all([
      confirm(first, { version: (await shown(first)).version, date: day }),
      confirm(second, { version: (await shown(second)).version, date: day }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const [won, lost] = a.statusCode === 200 ? [first, second] : [second, first];
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().error_codes).toEqual({ date: ["party_day_taken"] });
    expect(refused.json().date[0]).toMatch(/Raum/);

    // The inbox says it beside the day, for every open request of that room; the other day is free.
    expect((await shown(lost)).days_taken).toEqual([{ date: day, requests: [won] }]);
    expect((await shown(third)).days_taken).toEqual([{ date: day, requests: [won] }]);
    expect((await shown(won)).days_taken).toEqual([]);
    const listed = (
      await t.call("GET", "/api/v2/admin/party-requests/", { headers: staff.headers })
    ).json() as { id: number; days_taken: unknown }[];
    expect(listed.find((row) => row.id === third)?.days_taken).toEqual([{ date: day, requests: [won] }]);

    // Staff who know both parties can take place confirm anyway; another free day needs nothing.
    const knowingly = await confirm(lost, {
      version: (await shown(lost)).version,
      date: day,
      allow_same_day: true,
    });
    expect(knowingly.statusCode, knowingly.body).toBe(200);
    const free = await confirm(third, { version: (await shown(third)).version, date: inDays(45) });
    expect(free.statusCode, free.body).toBe(200);
  });
});

describe("a party request's limit per minute", () => {
  it("counts the account, not its sign-in: a new token per request does not get round it (D527)", async () => {
    const parent = await createParent(t.db);
    const signIn = async () => ({ authorization: `Token ${await issueAuthToken(t.db, parent.id)}` });
    for (let n = 0; n < 10; n++) {
      const asked = await ask(await signIn(), requestBody());
      expect(asked.statusCode, asked.body).not.toBe(429);
    }
    const limited = await ask(await signIn(), requestBody());
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().error_codes).toEqual({ detail: "throttled" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});
