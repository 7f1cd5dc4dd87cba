import { todayInBerlin, weekdayOf } from "@atelier/contract";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  authTokens,
  contactRequests,
  giftCards,
  invoices,
  mailOutbox,
  orderItems,
  orders,
  partyRequests,
  paymentLinks,
  users,
  visitors,
  visitRequests,
} from "../db/schema/index.ts";
import { formatDate } from "../mail/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import {
  createChild,
  createParent,
  createStaff,
  GIFT_CARD,
  lessonDayIn,
  pageBySlug,
} from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";
import { createVisitAnswers } from "./visit-answers.service.ts";

/** The requests inbox and people of the back office (issue 21; D136-D139). */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let admin: Awaited<ReturnType<typeof createParent>>;
type Headers = Record<string, string>;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  // A day the course meets (D297): a trial is asked for on one of its lessons.
  trialDay = await lessonDayIn(t.db, t.course, 3);
  staff = await createParent(t.db);
  admin = await createParent(t.db);
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
}, 60_000);
afterAll(() => t?.close());

let trialDay: string;
const inDays = (days: number) => {
  const d = new Date(`${todayInBerlin()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The first day from three days on that falls on `weekday` (0 = Monday). */
const dayOfWeekday = (weekday: number) => {
  for (let days = 3; ; days++) if (weekdayOf(inDays(days)) === weekday) return inDays(days);
};

const emailOf = async (id: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? "";

let ip = 0;
/** A trial (or other) request as a parent's browser sends it, in `locale`. */
async function sendRequest(
  kind: "" | "out/" | "waiting/",
  options: { headers?: Headers; email?: string; locale?: "de" | "ru"; date?: string | null } = {},
) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v2/orders/visit_request/${kind}?locale=${options.locale ?? "de"}`,
    remoteAddress: `198.51.100.${++ip}`,
    ...(options.headers ? { headers: options.headers } : {}),
    payload: {
      product_page: t.course.page.id,
      children: [{ first_name: "Mila", last_name: "Petrova", birth_date: "2019-05-02" }],
      adults: [
        {
          first_name: "Olga",
          last_name: "Petrova",
          email: options.email ?? "olga@example.org",
          phone: "+4915112345678",
          relation: "Mutter",
        },
      ],
      date: options.date === undefined ? trialDay : options.date,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const getVisit = async (id: number) =>
  (await t.call("GET", `/api/v2/admin/visit-requests/${id}/`, { headers: staff.headers })).json();

const auditOf = (resource: string, recordId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, recordId)));

describe(`requests inbox (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("lists visit requests filtered by kind and status, newest first, with Content-Range", async () => {
    const trial = await sendRequest("");
    const out = await sendRequest("out/");
    const waiting = await sendRequest("waiting/", { date: null });
    const list = (filter: unknown) =>
      t.call("GET", "/api/v2/admin/visit-requests/", {
        headers: staff.headers,
        query: { filter: JSON.stringify(filter), range: "[0,99]", sort: '["created_at","DESC"]' },
      });
    const ids = async (filter: unknown) => {
      const res = await list(filter);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }[]).map((row) => row.id);
    };
    const trials = await ids({ kind: "trial" });
    expect(trials).toContain(trial);
    expect(trials).not.toContain(out);
    expect(await ids({ kind: ["out", "waiting"], id: [trial, out, waiting] })).toEqual([waiting, out]);
    const all = await list({ id: [trial, out, waiting] });
    expect(all.headers["content-range"]).toBe("visit-requests 0-2/3");
    expect(all.json()[0]).toMatchObject({
      status: "new",
      note: "",
      handler: null,
      product_name: expect.any(String),
    });

    const current = await getVisit(out);
    const saved = await t.call("PUT", `/api/v2/admin/visit-requests/${out}/`, {
      headers: staff.headers,
      body: {
        status: "done",
        note: "Termin telefonisch abgestimmt",
        handler: staff.id,
        version: current.version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: "done", handler: staff.id });
    expect(await ids({ status: "done", id: [trial, out, waiting] })).toEqual([out]);
    expect(await ids({ status: ["new"], kind: "trial", id: [trial, out] })).toEqual([trial]);
    // A status the inbox does not know is a 400 on `filter`, not an empty list.
    const bad = await list({ status: "archived" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ filter: ["invalid_choice"] });

    // The audit entry keeps what staff changed, not the family's names or addresses.
    const [entry] = await auditOf("visit-requests", out);
    expect(entry).toMatchObject({ userId: staff.id, action: "update" });
    expect(entry?.after).toMatchObject({ status: "done", note: "Termin telefonisch abgestimmt" });
    expect(JSON.stringify(entry)).not.toContain("olga@example.org");
    expect(JSON.stringify(entry)).not.toContain("Petrova");
  });

  it("refuses a stale version (409) and a handler who is not staff (400), writing nothing", async () => {
    const id = await sendRequest("");
    const current = await getVisit(id);
    const parent = await createParent(t.db);
    const asCustomer = await t.call("PUT", `/api/v2/admin/visit-requests/${id}/`, {
      headers: staff.headers,
      body: { status: "in_progress", note: "", handler: parent.id, version: current.version },
    });
    expect(asCustomer.statusCode).toBe(400);
    expect(asCustomer.json().error_codes).toEqual({ handler: ["invalid_choice"] });
    const stale = await t.call("PUT", `/api/v2/admin/visit-requests/${id}/`, {
      headers: staff.headers,
      body: { status: "in_progress", note: "", handler: null, version: "old" },
    });
    expect(stale.statusCode).toBe(409);
    expect(await getVisit(id)).toEqual(current);
    expect(await auditOf("visit-requests", id)).toEqual([]);
  });

  it("keeps a handler who has left the staff on their request: colleagues close it without reassigning (D521)", async () => {
    const id = await sendRequest("");
    const leaver = await createParent(t.db);
    await t.db.update(users).set({ role: "staff" }).where(eq(users.id, leaver.id));
    const assigned = await t.call("PUT", `/api/v2/admin/visit-requests/${id}/`, {
      headers: staff.headers,
      body: { status: "in_progress", note: "", handler: leaver.id, version: (await getVisit(id)).version },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await t.db.update(users).set({ role: "customer" }).where(eq(users.id, leaver.id));
    const closed = await t.call("PUT", `/api/v2/admin/visit-requests/${id}/`, {
      headers: staff.headers,
      body: { status: "done", note: "Erledigt", handler: leaver.id, version: assigned.json().version },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "done", handler: leaver.id });
    // Chosen anew for another request, they are refused.
    const other = await sendRequest("");
    const chosen = await t.call("PUT", `/api/v2/admin/visit-requests/${other}/`, {
      headers: staff.headers,
      body: { status: "in_progress", note: "", handler: leaver.id, version: (await getVisit(other)).version },
    });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().error_codes).toEqual({ handler: ["invalid_choice"] });
  });

  it("'confirm a date' mails the parent in the request's language and the parent sees it in the profile", async () => {
    const parent = await createParent(t.db);
    const email = await emailOf(parent.id);
    const id = await sendRequest("", { headers: parent.headers, email, locale: "ru" });
    const before = await t.call("GET", "/api/v2/users/visit_requests/", {
      headers: parent.headers,
      query: { locale: "ru" },
    });
    expect(before.json()).toEqual([
      expect.objectContaining({ id, kind: "trial", status: "new", confirmed: false, date: trialDay }),
    ]);

    const current = await getVisit(id);
    const lesson = t.course.slots.find((slot) => slot.weekday !== null);
    const day = dayOfWeekday(lesson?.weekday ?? 0);
    const confirmed = await t.call("POST", `/api/v2/admin/visit-requests/${id}/confirm/`, {
      headers: staff.headers,
      body: { date: day, slot: lesson?.id, version: current.version },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      date: day,
      status: "in_progress",
      handler: staff.id,
      confirmed_at: expect.any(String),
    });
    const mails = (await t.mailsTo(email)).filter((mail) => mail.template === "visit-request-confirmed");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: "ru", subject: "Пробное занятие подтверждено" });
    expect(mails[0]?.text).toContain(formatDate(day, "ru"));
    expect(mails[0]?.text).toContain("«История»");

    const mine = await t.call("GET", "/api/v2/users/visit_requests/", {
      headers: parent.headers,
      query: { locale: "ru" },
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({ id, status: "in_progress", confirmed: true, date: day }),
    ]);
    expect(mine.json()[0].product_page.name).toEqual(expect.any(String));
    // Another parent sees none of it; a guest is asked to sign in.
    const other = await createParent(t.db);
    expect((await t.call("GET", "/api/v2/users/visit_requests/", { headers: other.headers })).json()).toEqual(
      [],
    );
    expect((await t.call("GET", "/api/v2/users/visit_requests/")).statusCode).toBe(401);

    // A repeat at the old version (a double click) answers the request as it is (D271): one mail only.
    const again = await t.call("POST", `/api/v2/admin/visit-requests/${id}/confirm/`, {
      headers: staff.headers,
      body: { date: day, slot: lesson?.id, version: current.version },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(confirmed.json());
    expect(
      (await t.mailsTo(email)).filter((mail) => mail.template === "visit-request-confirmed"),
    ).toHaveLength(1);
    expect(await auditOf("visit-requests", id)).toHaveLength(1);
  });

  it("links the parent's profile on the web app (WEB_URL), in the request's language, not on the API's host", async () => {
    const parent = await createParent(t.db);
    const email = await emailOf(parent.id);
    const id = await sendRequest("", { headers: parent.headers, email, locale: "ru" });
    const lesson = t.course.slots.find((slot) => slot.weekday !== null);
    const answers = createVisitAnswers({
      db: t.db,
      publicUrl: "http://shop.test",
      webUrl: "https://web.example/",
    });
    await answers.confirmVisitDate({ id: staff.id, email: "staff@example.org", role: "staff" } as never, id, {
      date: dayOfWeekday(lesson?.weekday ?? 0),
      slot: lesson?.id,
      version: (await getVisit(id)).version,
    } as never);
    const [mail] = (await t.mailsTo(email)).filter((one) => one.template === "visit-request-confirmed");
    expect(mail?.text).toContain("https://web.example/profile?tab=sales&locale=ru");
    expect(mail?.text).not.toContain("http://shop.test/profile");
  });

  it("refuses to confirm a date for a waiting-list request or in the past, writing and mailing nothing", async () => {
    const waiting = await sendRequest("waiting/", { email: "wait@example.org", date: null });
    const trial = await sendRequest("", { email: "past@example.org" });
    const cases = [
      [waiting, inDays(2), { date: ["confirm_not_for_waiting"] }],
      [trial, "2020-01-01", { date: ["date_in_past"] }],
      [trial, "2031-02-30", { date: ["invalid_date"] }],
    ] as const;
    for (const [id, date, codes] of cases) {
      const current = await getVisit(id);
      const res = await t.call("POST", `/api/v2/admin/visit-requests/${id}/confirm/`, {
        headers: staff.headers,
        body: { date, version: current.version },
        query: { locale: "ru" },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual(codes);
      expect(res.json().date[0]).toEqual(expect.any(String));
      expect(await getVisit(id)).toEqual(current);
    }
    const confirmedMails = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "visit-request-confirmed"));
    const wrong = (await t.mailsTo("wait@example.org")).concat(await t.mailsTo("past@example.org"));
    expect(wrong.filter((mail) => mail.template === "visit-request-confirmed")).toEqual([]);
    expect(confirmedMails[0]?.n).toBeGreaterThanOrEqual(0);
  });

  it("lists contact requests by kind and status and keeps their status, note and handler", async () => {
    const [callback] = await t.db
      .insert(contactRequests)
      .values({
        kind: "callback",
        firstName: "Jana",
        lastName: "Wolf",
        email: "jana@example.org",
        phone: "+4930123456",
      })
      .returning();
    const [partner] = await t.db
      .insert(contactRequests)
      .values({
        kind: "partnership",
        firstName: "Paul",
        lastName: "Berg",
        email: "paul@example.org",
        phone: "+4930654321",
      })
      .returning();
    if (!callback || !partner) throw new Error("no rows");
    const list = async (filter: unknown) =>
      (
        await t.call("GET", "/api/v2/admin/contact-requests/", {
          headers: staff.headers,
          query: { filter: JSON.stringify({ id: [callback.id, partner.id], ...(filter as object) }) },
        })
      ).json() as { id: number }[];
    expect((await list({ kind: "callback" })).map((r) => r.id)).toEqual([callback.id]);
    const current = (
      await t.call("GET", `/api/v2/admin/contact-requests/${partner.id}/`, { headers: staff.headers })
    ).json();
    const saved = await t.call("PUT", `/api/v2/admin/contact-requests/${partner.id}/`, {
      headers: staff.headers,
      body: {
        status: "in_progress",
        note: "Rückruf Donnerstag",
        handler: staff.id,
        version: current.version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list({ status: "in_progress" })).map((r) => r.id)).toEqual([partner.id]);
    expect((await list({ status: "new" })).map((r) => r.id)).toEqual([callback.id]);
    expect(await auditOf("contact-requests", partner.id)).toHaveLength(1);
  });
});

describe(`people: roles (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("finds a parent by name, e-mail or phone and shows their children, orders and requests", async () => {
    const parent = await createParent(t.db);
    await t.db
      .update(users)
      .set({ firstName: "Swetlana", lastName: "Iwanowa", phoneNumber: "+4917612398765" })
      .where(eq(users.id, parent.id));
    await createChild(t.db, parent.id, 7, "Anja");
    const email = await emailOf(parent.id);
    await sendRequest("", { headers: parent.headers, email });
    const find = async (q: string) =>
      (
        (
          await t.call("GET", "/api/v2/admin/people/", {
            headers: staff.headers,
            query: { filter: JSON.stringify({ q }) },
          })
        ).json() as { id: number }[]
      ).map((p) => p.id);
    expect(await find("swetlana iwan")).toEqual([parent.id]);
    expect(await find("Iwanowa Swet")).toEqual([parent.id]);
    expect(await find(email.toUpperCase())).toEqual([parent.id]);
    expect(await find("0176 123 987")).toEqual([parent.id]);
    expect(await find("%")).not.toContain(-1);
    const detail = await t.call("GET", `/api/v2/admin/people/${parent.id}/`, { headers: staff.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      first_name: "Swetlana",
      children: [{ first_name: "Anja" }],
      orders: [],
      requests: [{ kind: "trial", status: "new" }],
    });
  });

  it("lets only admins grant and revoke the staff role, never their own", async () => {
    const parent = await createParent(t.db);
    const me = (headers: Headers) => t.call("GET", "/api/v2/admin/me/", { headers });
    expect((await me(parent.headers)).statusCode).toBe(403);
    const byStaff = await t.call("PUT", `/api/v2/admin/people/${parent.id}/role/`, {
      headers: staff.headers,
      body: { role: "staff" },
    });
    expect(byStaff.statusCode).toBe(403);
    const granted = await t.call("PUT", `/api/v2/admin/people/${parent.id}/role/`, {
      headers: admin.headers,
      body: { role: "staff" },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().role).toBe("staff");
    expect((await me(parent.headers)).statusCode).toBe(200);
    const revoked = await t.call("PUT", `/api/v2/admin/people/${parent.id}/role/`, {
      headers: admin.headers,
      body: { role: "customer" },
    });
    expect(revoked.json().role).toBe("customer");
    // The same sign-in loses the back office at once.
    expect((await me(parent.headers)).statusCode).toBe(403);
    const entries = await auditOf("people", parent.id);
    expect(entries.map((e) => [e.before, e.after])).toEqual(
      expect.arrayContaining([
        [{ role: "customer" }, { role: "staff" }],
        [{ role: "staff" }, { role: "customer" }],
      ]),
    );
    expect(entries).toHaveLength(2);

    const own = await t.call("PUT", `/api/v2/admin/people/${admin.id}/role/`, {
      headers: admin.headers,
      body: { role: "customer" },
      query: { locale: "ru" },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error_codes).toEqual({ role: ["own_role"] });
    expect(own.json().role[0]).toContain("администратора");
    expect((await t.db.select().from(users).where(eq(users.id, admin.id)))[0]?.role).toBe("admin");
  });
});

describe(`people: correcting a child (D549, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  const correct = (
    parent: number,
    child: number,
    body: unknown,
    headers: Headers = staff.headers,
    locale = "de",
  ) =>
    t.call("PATCH", `/api/v2/admin/people/${parent}/children/${child}/`, {
      headers,
      body,
      query: { locale },
    });

  it("staff correct a child's birth date and notes; the family's page and the roster read them; the audit names the fields only", async () => {
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 7, "Anja");
    const born = inDays(-9 * 365);
    const reply = await correct(parent.id, child, { birth_date: born, notes: "  Allergie: Nüsse  " });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      id: child,
      first_name: "Anja",
      last_name: "Muster",
      birth_date: born,
      notes: "Allergie: Nüsse",
    });
    const detail = (
      await t.call("GET", `/api/v2/admin/people/${parent.id}/`, { headers: staff.headers })
    ).json();
    expect(detail.children).toEqual([reply.json()]);
    // The parent's own list shows the corrected birth date, not the team's notes.
    const own = (await t.call("GET", "/api/v2/visitors/", { headers: parent.headers })).json();
    expect(own).toEqual([{ id: child, first_name: "Anja", last_name: "Muster", birth_date: born }]);
    const entries = await auditOf("people", parent.id);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["update", { child }, { child, corrected: ["birth_date", "notes"] }],
    ]);
    expect(JSON.stringify(entries)).not.toContain("Nüsse");
    // The same values again change and record nothing.
    expect((await correct(parent.id, child, { birth_date: born, notes: "Allergie: Nüsse" })).statusCode).toBe(
      200,
    );
    expect(await auditOf("people", parent.id)).toHaveLength(1);
  });

  it("refuses a birth date the shop never takes, at its field in the staff's language, and writes nothing", async () => {
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 7, "Anja");
    const [before] = await t.db.select().from(visitors).where(eq(visitors.id, child));
    const future = await correct(parent.id, child, { birth_date: inDays(3) }, staff.headers, "ru");
    expect(future.statusCode).toBe(400);
    expect(future.json().error_codes).toEqual({ birth_date: ["birth_date_in_future"] });
    expect(future.json().birth_date[0]).toMatch(/[а-я]/);
    const long = await correct(parent.id, child, { notes: "x".repeat(1001) });
    expect(long.json().error_codes).toEqual({ notes: ["too_long"] });
    const unknown = await correct(parent.id, child, { role: "admin" });
    expect(unknown.statusCode).toBe(400);
    const [after] = await t.db.select().from(visitors).where(eq(visitors.id, child));
    expect(after).toEqual(before);
    expect(await auditOf("people", parent.id)).toEqual([]);
  });

  it("finds only the family's own child, and only for staff", async () => {
    const parent = await createParent(t.db);
    const other = await createParent(t.db);
    const child = await createChild(t.db, other.id, 7, "Anja");
    expect((await correct(parent.id, child, { notes: "x" })).statusCode).toBe(404);
    expect((await correct(other.id, child, { notes: "x" }, other.headers)).statusCode).toBe(403);
    expect((await correct(other.id, child, { notes: "x" }, {})).statusCode).toBe(401);
    const [row] = await t.db.select().from(visitors).where(eq(visitors.id, child));
    expect(row?.notes).toBe("");
  });
});

describe(`people: correcting a parent (D576, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  const correct = (id: number, body: unknown, headers: Headers = staff.headers, locale = "de") =>
    t.call("PATCH", `/api/v2/admin/people/${id}/`, { headers, body, query: { locale } });
  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  it("staff correct a parent's name, phone and address; the parent's profile reads them; the audit names the fields only", async () => {
    const parent = await createParent(t.db);
    const reply = await correct(parent.id, {
      last_name: "Schmidt-Kusnezowa",
      phone_number: "+49 30 1234 5678",
      street: "Kastanienallee 12",
      post_code: "10435",
      city: "Berlin",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      id: parent.id,
      last_name: "Schmidt-Kusnezowa",
      phone_number: "+493012345678",
      street: "Kastanienallee 12",
      post_code: "10435",
      city: "Berlin",
    });
    const own = (await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).json();
    expect(own).toMatchObject({
      last_name: "Schmidt-Kusnezowa",
      street: "Kastanienallee 12",
      city: "Berlin",
    });
    const entries = await auditOf("people", parent.id);
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      ["update", { corrected: ["last_name", "phone_number", "street", "post_code", "city"] }],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Kastanienallee|Schmidt|12345678/);
    // The same values again change and record nothing.
    expect((await correct(parent.id, { city: "Berlin", street: "Kastanienallee 12" })).statusCode).toBe(200);
    expect(await auditOf("people", parent.id)).toHaveLength(1);
  });

  it("refuses what the parent's own profile refuses, at its field in the staff's language, and writes nothing", async () => {
    const parent = await createParent(t.db);
    const other = await createParent(t.db);
    expect((await correct(other.id, { phone_number: "+49 30 7654321" })).statusCode).toBe(200);
    const before = await rowOf(parent.id);
    const taken = await correct(parent.id, { phone_number: "+49 30 7654321" }, staff.headers, "ru");
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error_codes).toEqual({ phone_number: ["phone_unique"] });
    expect(taken.json().phone_number[0]).toMatch(/[а-я]/);
    const email = await correct(parent.id, { email: "neu@example.org" });
    expect(email.statusCode).toBe(400);
    const blank = await correct(parent.id, { first_name: "" });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().error_codes)).toEqual(["first_name"]);
    expect(await rowOf(parent.id)).toEqual(before);
    expect(await auditOf("people", parent.id)).toEqual([]);
  });

  it("corrects only families, and only for staff", async () => {
    const parent = await createParent(t.db);
    const colleague = await createStaff(t.db);
    const own = await correct(colleague.id, { first_name: "Karl" });
    expect(own.statusCode).toBe(400);
    expect(own.json().error_codes).toEqual({ non_field_errors: ["correct_staff_account"] });
    expect(own.json().non_field_errors[0]).toContain("Mein Profil");
    expect((await correct(2_000_000_000, { first_name: "Karl" })).statusCode).toBe(404);
    expect((await correct(parent.id, { first_name: "Karl" }, parent.headers)).statusCode).toBe(403);
    expect((await correct(parent.id, { first_name: "Karl" }, {})).statusCode).toBe(401);
    expect((await rowOf(parent.id))?.firstName).not.toBe("Karl");
    expect((await rowOf(colleague.id))?.firstName).not.toBe("Karl");
  });
});

async function pay(headers: Headers): Promise<number> {
  const fulfilled = await t.fulfil(headers);
  expect(fulfilled.statusCode, fulfilled.body).toBe(200);
  const { id, order_id } = fulfilled.json();
  t.standIn.approve(id);
  const captured = await t.capture(headers, id);
  expect(captured.statusCode, captured.body).toBe(200);
  return order_id;
}

describe(`people: erasing a family (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  const erase = (id: number, body: unknown, headers = admin.headers) =>
    t.call("POST", `/api/v2/admin/people/${id}/erase/`, { headers, body });

  it("erases the account, children, sign-ins, requests and mails; keeps the invoice as printed and the order's amounts", async () => {
    const parent = await createParent(t.db);
    const email = await emailOf(parent.id);
    const lev = await createChild(t.db, parent.id, 11, "Lev");
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.option("Ticket").id,
        visitor: lev,
        schedule_slots: [t.dated[0]?.id],
        comment: "Lev ist allergisch gegen Nüsse",
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const orderId = await pay(parent.headers);
    const requestId = await sendRequest("", { headers: parent.headers, email });
    const guestRequest = await sendRequest("out/", { email: email.toUpperCase() });
    await t.db
      .insert(contactRequests)
      .values({ kind: "callback", firstName: "Eva", lastName: "Muster", email, phone: "+4930111222" });
    const current = await getVisit(requestId);
    await t.call("PUT", `/api/v2/admin/visit-requests/${requestId}/`, {
      headers: staff.headers,
      body: {
        status: "in_progress",
        note: "Eva Muster ruft zurück",
        handler: staff.id,
        version: current.version,
      },
    });
    const [invoiceBefore] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoiceBefore).toBeDefined();
    expect((await t.mailsTo(email)).length).toBeGreaterThan(0);

    const mismatch = await erase(parent.id, { confirm_email: "someone@example.org" });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error_codes).toEqual({ confirm_email: ["erase_confirm_mismatch"] });
    expect((await t.db.select().from(users).where(eq(users.id, parent.id))).length).toBe(1);
    expect((await erase(parent.id, { confirm_email: email }, staff.headers)).statusCode).toBe(403);

    const res = await erase(parent.id, { confirm_email: ` ${email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: parent.id, erased: true, kept_invoices: 1, kept_orders: 1 });

    // Gone: the account, its sign-ins, the children, the requests (also the guest's with the address), the mails.
    expect(await t.db.select().from(users).where(eq(users.id, parent.id))).toEqual([]);
    expect(await t.db.select().from(authTokens).where(eq(authTokens.userId, parent.id))).toEqual([]);
    expect((await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).statusCode).toBe(401);
    expect(await t.db.select().from(visitors).where(eq(visitors.id, lev))).toEqual([]);
    expect(await t.db.select().from(visitRequests).where(eq(visitRequests.id, requestId))).toEqual([]);
    expect(await t.db.select().from(visitRequests).where(eq(visitRequests.id, guestRequest))).toEqual([]);
    expect((await t.db.select().from(contactRequests)).filter((r) => r.email === email)).toEqual([]);
    expect(await t.mailsTo(email)).toEqual([]);

    // Kept: the order's amounts without billing data, comment or child; the invoice exactly as issued.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId: null,
      billing: null,
      payerFirstName: "",
      payerLastName: "",
      status: "paid",
    });
    expect(order?.totalCheckoutCents).toBeGreaterThan(0);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(item).toMatchObject({ visitorId: null, comment: "" });
    const [invoiceAfter] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoiceAfter).toEqual(invoiceBefore);
    expect(invoiceAfter?.data.buyer.last_name).toBe("Muster");

    // The audit log says an admin erased person #id, and keeps none of the erased data.
    const entries = await auditOf("people", parent.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: admin.id, action: "delete", before: { role: "customer" } });
    expect(entries[0]?.after).toMatchObject({ erased: true, kept_orders: 1, kept_invoices: 1 });
    const [requestAudit] = await auditOf("visit-requests", requestId);
    expect(requestAudit).toMatchObject({ userId: staff.id, action: "update", before: null, after: null });
    const everything = JSON.stringify(await t.db.select().from(auditLog));
    expect(everything).not.toContain(email);
    expect(everything).not.toContain("Eva Muster ruft zurück");
  });

  it("erases a gift card's recipient and message with the family who bought it; the card keeps its value", async () => {
    const parent = await createParent(t.db);
    const email = await emailOf(parent.id);
    const page = await pageBySlug(t.db, GIFT_CARD);
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: page.page.id,
        purchase_option: page.options[0]?.id,
        gift_card: { amount_cents: 4_000, recipient_name: "Lukas Becker", message: "Für Oma Becker" },
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const orderId = await pay(parent.headers);
    const [before] = await t.db.select().from(giftCards).where(eq(giftCards.buyerUserId, parent.id));
    expect(before).toMatchObject({
      recipientName: "Lukas Becker",
      message: "Für Oma Becker",
      balanceCents: 4_000,
    });

    const res = await erase(parent.id, { confirm_email: email });
    expect(res.statusCode, res.body).toBe(200);
    const [card] = await t.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.id, before?.id ?? 0));
    expect(card).toMatchObject({ recipientName: null, message: "", balanceCents: 4_000, code: before?.code });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(item?.giftCardDetails).toBeNull();
    expect(
      JSON.stringify(await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))),
    ).not.toContain("Lukas Becker");
  });

  it("erases the family's party requests (ages, comment, days, the staff note) and the payment link; the paid party order stays", async () => {
    const parent = await createParent(t.db);
    const email = await emailOf(parent.id);
    const party = await pageBySlug(t.db, "roboter-geburtstag");
    const ask = async (comment: string, days: number[]) => {
      const res = await t.call("POST", "/api/v2/party_requests/", {
        headers: parent.headers,
        body: {
          product_page: party.page.id,
          purchase_option: party.options[0]?.id,
          dates: days.map(inDays),
          children_count: 6,
          ages: [7, 8],
          comment,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const paidId = await ask("Mila wird acht, bitte ohne Nüsse", [20, 21]);
    const openId = await ask("Oder doch im Mai bei Petrovs", [40]);
    const shown = (
      await t.call("GET", `/api/v2/admin/party-requests/${paidId}/`, { headers: staff.headers })
    ).json();
    const confirmed = await t.call("POST", `/api/v2/admin/party-requests/${paidId}/confirm/`, {
      headers: staff.headers,
      body: { version: shown.version, date: inDays(21) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const orderId = confirmed.json().order as number;
    const shownOpen = (
      await t.call("GET", `/api/v2/admin/party-requests/${openId}/`, { headers: staff.headers })
    ).json();
    const noted = await t.call("PUT", `/api/v2/admin/party-requests/${openId}/`, {
      headers: staff.headers,
      body: {
        status: "in_progress",
        note: "Frau Petrova ruft Montag an",
        handler: staff.id,
        version: shownOpen.version,
      },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const link = (await t.mailsTo(email)).find((m) => m.template === "payment-link");
    const token = /\/pay\/([A-Za-z0-9_-]+)/.exec(link?.text ?? "")?.[1] ?? "";
    const opened = await t.call("POST", `/api/v2/orders/payment_link/${token}/pay/`, {
      headers: parent.headers,
      query: { payment_gateway: "paypal" },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    t.standIn.approve(opened.json().id);
    expect((await t.capture(parent.headers, opened.json().id)).statusCode).toBe(200);
    expect(await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId))).toHaveLength(1);
    expect(await t.db.select().from(partyRequests).where(eq(partyRequests.userId, parent.id))).toHaveLength(
      2,
    );

    const res = await erase(parent.id, { confirm_email: email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ erased: true, kept_orders: 1, kept_invoices: 1 });

    // Gone: both requests with the children's ages, comments and days, and the order's payment link.
    for (const id of [paidId, openId])
      expect(await t.db.select().from(partyRequests).where(eq(partyRequests.id, id))).toEqual([]);
    expect(await t.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId))).toEqual([]);
    const everywhere = JSON.stringify(await t.db.select().from(partyRequests));
    expect(everywhere).not.toContain("ohne Nüsse");
    expect(everywhere).not.toContain("bei Petrovs");
    // Kept: the paid party order, anonymised, for its invoice.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, status: "paid", billing: null });
    // The audit of their handling keeps no note of the family's.
    for (const id of [paidId, openId])
      for (const entry of await auditOf("party-requests", id))
        expect(entry).toMatchObject({ before: null, after: null });
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain("Frau Petrova ruft Montag an");
    expect((await auditOf("people", parent.id))[0]?.after).toMatchObject({ removed_requests: 2 });
  });

  it("refuses while a subscription runs, for staff accounts and for oneself, writing nothing", async () => {
    const parent = await t.parentWithCourse(0);
    await pay(parent.headers);
    const email = await emailOf(parent.id);
    const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
    const auditBefore = await audits();
    const running = await erase(parent.id, { confirm_email: email });
    expect(running.statusCode).toBe(409);
    expect(running.json().error_codes).toEqual({ detail: "erase_running_subscription" });
    expect(await t.db.select().from(visitors).where(eq(visitors.id, parent.child))).toHaveLength(1);
    expect((await t.call("GET", "/api/v2/users/me/", { headers: parent.headers })).statusCode).toBe(200);

    const ofStaff = await erase(staff.id, { confirm_email: await emailOf(staff.id) });
    expect(ofStaff.statusCode).toBe(400);
    expect(ofStaff.json().error_codes).toEqual({ non_field_errors: ["erase_staff_account"] });
    const self = await erase(admin.id, { confirm_email: await emailOf(admin.id) });
    expect(self.statusCode).toBe(400);
    expect(await audits()).toBe(auditBefore);
  });

  it("refuses while an order waits for payment", async () => {
    const parent = await t.parentWithCourse(1);
    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const res = await erase(parent.id, { confirm_email: await emailOf(parent.id) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_codes).toEqual({ detail: "erase_unpaid_order" });
  });
});
