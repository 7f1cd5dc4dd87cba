import { addDays, todayInBerlin } from "@atelier/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, productPages, scheduleSlots, users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { createChild, createParent } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let admin: Awaited<ReturnType<typeof createParent>>;
let customer: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  [staff, admin, customer] = [await createParent(t.db), await createParent(t.db), await createParent(t.db)];
  await t.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
}, 60_000);
afterAll(() => t?.close());

/** A valid new workshop page; `overrides` change single fields. */
function newPage(overrides: Record<string, unknown> = {}) {
  const text = (de: string, ru: string) => ({ de, ru });
  return {
    slug: `linoldruck-${Math.random().toString(36).slice(2, 8)}`,
    product_type: "Workshop",
    name: text("Linoldruck für Kinder", "Линогравюра для детей"),
    summary: text("Wir schneiden und drucken.", "Режем и печатаем."),
    body: text("Ein Nachmittag mit Farbe.", "Вечер с красками."),
    program: text("- Entwurf\n- Druck", "- Эскиз\n- Печать"),
    seo_text: text("Linoldruck in Berlin", "Линогравюра в Берлине"),
    length: text("3 Stunden", "3 часа"),
    qna: [{ question: text("Was mitbringen?", "Что взять?"), answer: text("Nichts.", "Ничего.") }],
    age_group: "10+",
    language: "de-ru",
    category: null,
    location: "Haus Mitte",
    instructors: [],
    is_published: true,
    is_featured: false,
    sort_order: 5,
    ...overrides,
  };
}

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
const pageCount = async () => (await t.db.select({ n: count() }).from(productPages))[0]?.n ?? 0;
const auditOf = (resource: string, id: number) =>
  t.call("GET", "/api/v2/admin/audit/", {
    headers: admin.headers,
    query: { filter: JSON.stringify({ resource, record_id: id }) },
  });

describe(`the admin API's guard (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("gives every admin operation of the OpenAPI document 401 for a guest and 403 for a customer", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith("/api/v2/admin/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    // The document must list the operations this test is about; an empty table would prove nothing.
    expect(operations.length).toBeGreaterThanOrEqual(12);
    const before = await auditCount();
    for (const { path, method } of operations) {
      const url = path.replace(/\{[^}]+\}/g, "1");
      const verb = method.toUpperCase() as "GET";
      const body = method === "get" || method === "delete" ? undefined : newPage();
      const guest = await t.call(verb, url, { body });
      expect(guest.statusCode, `${method} ${path} as a guest`).toBe(401);
      const refused = await t.call(verb, url, { headers: customer.headers, body });
      expect(refused.statusCode, `${method} ${path} as a customer`).toBe(403);
      expect(refused.json().error_codes).toEqual({ detail: "permission_denied" });
    }
    expect(await auditCount()).toBe(before);
  });

  it("lets staff in, keeps the audit log for admins, and tells the back office who is signed in", async () => {
    const me = await t.call("GET", "/api/v2/admin/me/", { headers: staff.headers });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: staff.id, role: "staff" });
    expect((await t.call("GET", "/api/v2/admin/audit/", { headers: staff.headers })).statusCode).toBe(403);
    expect((await t.call("GET", "/api/v2/admin/audit/", { headers: admin.headers })).statusCode).toBe(200);
  });

  it("gives staff 403 on every admin-only operation before its body or query is read, invalid ones too (D138, D200)", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json();
    const adminOnly = Object.entries(doc.paths as Record<string, Record<string, { summary?: string }>>)
      .filter(([path]) => path.startsWith("/api/v2/admin/"))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => operation.summary?.endsWith("(admins only)"))
          .map(([method]) => ({ path, method })),
      );
    // The audit log, role changes and erasure at least; an empty table would prove nothing.
    expect(adminOnly.length).toBeGreaterThanOrEqual(3);
    const target = await createParent(t.db);
    const invalid: unknown[] = [{ role: "root" }, { confirm_email: 42 }, [1, 2, 3], { "": null }, "x"];
    const before = await auditCount();
    for (const { path, method } of adminOnly) {
      const url = path.replace(/\{[^}]+\}/g, String(target.id));
      const verb = method.toUpperCase() as "GET";
      const bodies = method === "get" || method === "delete" ? [undefined] : invalid;
      for (const body of bodies) {
        const refused = await t.call(verb, url, {
          headers: staff.headers,
          body,
          query: { range: "[not,a,range]", sort: "{" },
        });
        expect(refused.statusCode, `${method} ${path} as staff with ${JSON.stringify(body)}`).toBe(403);
        expect(refused.json().error_codes).toEqual({ detail: "permission_denied" });
      }
      // The same invalid input from an admin reaches validation, so the 403 above was the guard's.
      if (bodies[0] !== undefined) {
        const checked = await t.call(verb, url, { headers: admin.headers, body: { role: "root" } });
        expect(checked.statusCode, `${method} ${path} as an admin`).toBe(400);
      }
    }
    expect(await auditCount()).toBe(before);
    const [role] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, target.id));
    expect(role?.role).toBe("customer");
  });
});

describe("product pages in the back office", () => {
  it("lists with the simple REST convention: sort, range, filter and search on the server, total in Content-Range", async () => {
    const res = await t.call("GET", "/api/v2/admin/products/", {
      headers: staff.headers,
      query: {
        sort: JSON.stringify(["slug", "DESC"]),
        range: JSON.stringify([0, 1]),
        filter: JSON.stringify({ product_type: ["Course", "Workshop"] }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { slug: string; product_type: string }[];
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => ["Course", "Workshop"].includes(row.product_type))).toBe(true);
    expect(rows[0]?.slug.localeCompare(rows[1]?.slug ?? "")).toBeGreaterThan(0);
    const [, total] = /^products 0-1\/(\d+)$/.exec(String(res.headers["content-range"])) ?? [];
    expect(Number(total)).toBeGreaterThan(2);

    const searched = await t.call("GET", "/api/v2/admin/products/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ q: "TÖPFERN" }) },
    });
    expect((searched.json() as { slug: string }[]).map((row) => row.slug)).toContain("toepfern-eigene-tasse");

    const badSort = await t.call("GET", "/api/v2/admin/products/", {
      headers: staff.headers,
      query: { sort: JSON.stringify(["password_hash", "ASC"]) },
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error_codes).toEqual({ sort: ["invalid_choice"] });
  });

  it("creates a page with one audit entry, and the shop shows it on the next request", async () => {
    const listed = await t.call("GET", "/api/v2/products/", { query: { product_type: "Workshop" } });
    expect(listed.statusCode).toBe(200);
    const before = await auditCount();
    const body = newPage();
    const created = await t.call("POST", "/api/v2/admin/products/", { headers: staff.headers, body });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json();
    expect(page).toMatchObject({ slug: body.slug, name: body.name, qna: body.qna });
    expect(await auditCount()).toBe(before + 1);
    const audit = (await auditOf("products", page.id)).json();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", user: staff.id, before: null });
    expect(audit[0].after).toMatchObject({ slug: body.slug, name: body.name });

    // The catalogue's reply cache was filled before the write; the staff commit ends its epoch.
    const shop = await t.call("GET", "/api/v2/products/", { query: { product_type: "Workshop" } });
    const slugs = (shop.json().results as { slug: string }[]).map((row) => row.slug);
    expect(slugs).toContain(body.slug);
  });

  it("keeps a booked page's type (D554), and an unbooked one's only where its options fit (D594)", async () => {
    await t.parentWithCourse(0);
    const page = (
      await t.call("GET", `/api/v2/admin/products/${t.course.page.id}/`, { headers: staff.headers })
    ).json();
    const { id, updated_at: _u, ...fields } = page;
    const changed = await t.call("PUT", `/api/v2/admin/products/${id}/`, {
      headers: staff.headers,
      body: { ...fields, product_type: "Event" },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error_codes).toEqual({ product_type: ["product_type_booked"] });
    expect(changed.json().product_type[0]).toMatch(/schon \d+-mal gebucht/);
    const [row] = await t.db.select().from(productPages).where(eq(productPages.id, id));
    expect(row?.productType).toBe("Course");
    // A page nobody booked changes its type.
    const fresh = (
      await t.call("POST", "/api/v2/admin/products/", { headers: staff.headers, body: newPage() })
    ).json();
    const { id: freshId, updated_at: _f, ...freshFields } = fresh;
    // Its ticket must fit the new type (D594): a course sells no tickets, an event does.
    const ticket = await t.call("POST", "/api/v2/admin/purchase-options/", {
      headers: staff.headers,
      body: {
        product_page: freshId,
        schedule_type: "Ticket",
        is_recurring: false,
        name: { de: "Einzelticket", ru: "Разовый билет" },
        base_price_cents: 3_500,
        number_of_meetings: null,
        meetings_per_week: null,
        sort_order: 0,
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const toCourse = await t.call("PUT", `/api/v2/admin/products/${freshId}/`, {
      headers: staff.headers,
      body: { ...freshFields, product_type: "Course" },
    });
    expect(toCourse.statusCode).toBe(400);
    expect(toCourse.json().error_codes).toEqual({ product_type: ["options_not_for_type"] });
    expect(toCourse.json().product_type[0]).toMatch(/^1 Kaufoption\(en\) dieses Angebots passen nicht/);
    const free = await t.call("PUT", `/api/v2/admin/products/${freshId}/`, {
      headers: staff.headers,
      body: { ...freshFields, product_type: "Event" },
    });
    expect(free.statusCode, free.body).toBe(200);
  });

  it("sets a workshop's refund policy, keeps it on a save that leaves it out, and the shop shows it", async () => {
    const body = newPage({ refund_days_before: 7 });
    const created = await t.call("POST", "/api/v2/admin/products/", { headers: staff.headers, body });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().refund_days_before).toBe(7);
    const { id, version } = created.json();
    const saved = await t.call("PUT", `/api/v2/admin/products/${id}/`, {
      headers: staff.headers,
      body: { ...newPage({ slug: body.slug, sort_order: 3 }), version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().refund_days_before).toBe(7);
    const shop = await t.call("GET", `/api/v2/products/${body.slug}/`);
    expect(shop.json().refund_days_before).toBe(7);
    const tooLong = await t.call("PUT", `/api/v2/admin/products/${id}/`, {
      headers: staff.headers,
      body: { ...newPage({ slug: body.slug, refund_days_before: 400 }), version: saved.json().version },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error_codes).toEqual({ refund_days_before: ["too_big"] });
  });

  it("saves an edit made on the current version with before and after in the audit log; a stale save is a 409 that changes nothing", async () => {
    const created = (
      await t.call("POST", "/api/v2/admin/products/", { headers: staff.headers, body: newPage() })
    ).json();
    const { id, version, updated_at: _u, ...fields } = created;
    const first = await t.call("PUT", `/api/v2/admin/products/${id}/`, {
      headers: staff.headers,
      body: { ...fields, version, name: { de: "Linoldruck am Samstag", ru: "Линогравюра в субботу" } },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).not.toBe(version);
    const audit = (await auditOf("products", id)).json();
    expect(audit[0]).toMatchObject({ action: "update", user: staff.id });
    // Who, by name beside the e-mail (D288): the log is read by people, not by account numbers.
    await t.db.update(users).set({ firstName: "Olga", lastName: "Büro" }).where(eq(users.id, staff.id));
    expect((await auditOf("products", id)).json()[0]).toMatchObject({ user_name: "Olga Büro" });
    expect(audit[0].before.name.de).toBe("Linoldruck für Kinder");
    expect(audit[0].after.name.de).toBe("Linoldruck am Samstag");

    // A second member of staff still holds the page as first read.
    const stale = await t.call("PUT", `/api/v2/admin/products/${id}/`, {
      headers: admin.headers,
      query: { locale: "ru" },
      body: { ...fields, version, summary: { de: "Überschrieben?", ru: "Перезаписано?" } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_codes).toEqual({ detail: "stale_version" });
    expect(stale.json().detail).toMatch(/Кто-то уже изменил/);
    const now = (await t.call("GET", `/api/v2/admin/products/${id}/`, { headers: staff.headers })).json();
    expect(now.name.de).toBe("Linoldruck am Samstag");
    expect(now.summary.de).toBe("Wir schneiden und drucken.");
    expect((await auditOf("products", id)).json()).toHaveLength(2);
  });

  it("answers bad input with field errors in the staff member's language and writes nothing", async () => {
    const taken = (await t.call("GET", "/api/v2/admin/products/", { headers: staff.headers })).json()[0].slug;
    const [pages, audits] = [await pageCount(), await auditCount()];
    const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [{ slug: "Mit Leerzeichen" }, "de", { slug: ["invalid_slug"] }],
      [{ name: { de: "", ru: "Имя" } }, "ru", { "name.de": ["required"] }],
      [{ product_type: "Kochkurs" }, "de", { product_type: ["invalid_choice"] }],
      [{ slug: taken }, "ru", { slug: ["slug_taken"] }],
      [{ category: 999_999 }, "de", { category: ["invalid_choice"] }],
      [{ instructors: [999_999] }, "de", { instructors: ["invalid_choice"] }],
    ];
    for (const [change, locale, codes] of cases) {
      const res = await t.call("POST", "/api/v2/admin/products/", {
        headers: staff.headers,
        query: { locale },
        body: newPage(change),
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error_codes).toEqual(codes);
      const [field] = Object.keys(codes);
      const message = res.json()[field ?? ""][0] as string;
      expect(message, field).toMatch(locale === "ru" ? /[а-я]/ : /^[^а-я]*$/);
    }
    expect([await pageCount(), await auditCount()]).toEqual([pages, audits]);
  });
});

describe("the schedule in the back office", () => {
  /** A parent who paid for the workshop session: one seat taken. */
  async function bookSession(sessionId: number) {
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 11);
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.options[0]?.id,
        visitor: child,
        schedule_slots: [sessionId],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const fulfilled = await t.fulfil(parent.headers);
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    return { ...parent, paymentId: fulfilled.json().id as string };
  }

  /** Approves the booking on the demo gateway's page and captures it: the order is paid. */
  async function pay(booking: Awaited<ReturnType<typeof bookSession>>) {
    const approved = await t.app.inject({
      method: "POST",
      url: `/payments/demo/${booking.paymentId}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(approved.statusCode).toBe(303);
    const captured = await t.capture(booking.headers, booking.paymentId);
    expect(captured.statusCode, captured.body).toBe(200);
  }

  /** Puts the session in a new parent's cart; returns the parent and the add's reply. */
  async function addToCart(sessionId: number) {
    const parent = await createParent(t.db);
    const child = await createChild(t.db, parent.id, 11);
    const reply = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.options[0]?.id,
        visitor: child,
        schedule_slots: [sessionId],
      },
    });
    return { parent, reply };
  }

  it("never sets seats below the seats taken: a 400 at seats that says how many are taken", async () => {
    const session = t.dated[0];
    if (!session) throw new Error("no dated session");
    await bookSession(session.id);
    const slot = (
      await t.call("GET", `/api/v2/admin/slots/${session.id}/`, { headers: staff.headers })
    ).json();
    expect(slot.seats_taken).toBe(1);
    const { id: _id, product_page: _p, seats_taken: _t, archived_at: _a, ...fields } = slot;
    const audits = await auditCount();
    for (const locale of ["de", "ru"] as const) {
      const refused = await t.call("PUT", `/api/v2/admin/slots/${session.id}/`, {
        headers: staff.headers,
        query: { locale },
        body: { ...fields, seats: 0 },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_codes).toEqual({ seats: ["seats_below_taken"] });
      expect(refused.json().seats[0]).toBe(
        locale === "de"
          ? "Bereits vergeben: 1. Weniger Plätze sind nicht möglich."
          : "Уже занято мест: 1. Меньше поставить нельзя.",
      );
    }
    const [row] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, session.id));
    expect(row?.seats).toBe(slot.seats);
    expect(await auditCount()).toBe(audits);

    const lowered = await t.call("PUT", `/api/v2/admin/slots/${session.id}/`, {
      headers: staff.headers,
      body: { ...fields, seats: 1 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const audit = (await auditOf("slots", session.id)).json();
    expect(audit[0]).toMatchObject({ action: "update", before: { seats: slot.seats }, after: { seats: 1 } });
  });

  it("archives a slot with bookings instead of deleting it: the shop and the cart no longer offer it, its bookings stay", async () => {
    const created = await t.call("POST", "/api/v2/admin/slots/", {
      headers: staff.headers,
      body: {
        product_page: t.workshop.page.id,
        weekday: null,
        date: "2031-07-05",
        start: "14:00",
        end: "17:00",
        seats: 5,
        instructor: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().archived_at).toBeNull();
    const booker = await bookSession(id);
    await pay(booker);
    const waiting = await addToCart(id);
    expect(waiting.reply.statusCode, waiting.reply.body).toBe(201);
    const offered = async () =>
      (
        (await t.call("GET", `/api/v2/products/${t.workshop.page.id}/`)).json().schedule_slots as {
          id: number;
        }[]
      ).map((slot) => slot.id);
    expect(await offered()).toContain(id);

    const archived = await t.call("DELETE", `/api/v2/admin/slots/${id}/`, { headers: staff.headers });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().archived_at).toEqual(expect.any(String));
    const [row] = await t.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const audit = (await auditOf("slots", id)).json();
    expect(audit[0]).toMatchObject({
      action: "archive",
      user: staff.id,
      before: { archived_at: null, seats: 5 },
      after: { archived_at: archived.json().archived_at, seats: 5 },
    });

    // The shop's page no longer lists it (its cache ended with the staff commit), nobody can add it, and a
    // cart that held it is refused at checkout, as for any slot no longer on the page.
    expect(await offered()).not.toContain(id);
    const late = await addToCart(id);
    expect(late.reply.statusCode).toBe(400);
    expect(late.reply.json().error_codes).toEqual({ schedule_slots: ["slot_not_on_page"] });
    const checkout = await t.fulfil(waiting.parent.headers);
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().error_codes).toEqual({ schedule_slots: ["slot_not_on_page"] });

    // The booking stays valid and in the parent's history, with its date.
    const history = await t.call("GET", "/api/v2/orders/items/history/", { headers: booker.headers });
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json() as { schedule_slots: { id: number }[] }[];
    expect(items.flatMap((item) => item.schedule_slots.map((slot) => slot.id))).toContain(id);

    // Staff find it with the archived filter; a second delete changes and records nothing.
    const listed = async (filter: Record<string, unknown>) =>
      (
        (
          await t.call("GET", "/api/v2/admin/slots/", {
            headers: staff.headers,
            query: { filter: JSON.stringify({ product_page: t.workshop.page.id, ...filter }) },
          })
        ).json() as { id: number }[]
      ).map((slot) => slot.id);
    expect(await listed({ archived: true })).toEqual([id]);
    expect(await listed({ archived: false })).not.toContain(id);
    expect(await listed({})).toContain(id);
    const audits = await auditCount();
    const again = await t.call("DELETE", `/api/v2/admin/slots/${id}/`, { headers: staff.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().archived_at).toBe(archived.json().archived_at);
    expect(await auditCount()).toBe(audits);
  });

  it("adds and removes a session nobody booked, each with its audit entry", async () => {
    const body = {
      product_page: t.workshop.page.id,
      weekday: null,
      date: "2031-03-15",
      start: "10:00",
      end: "13:00",
      seats: 8,
      instructor: null,
    };
    const created = await t.call("POST", "/api/v2/admin/slots/", { headers: staff.headers, body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const removed = await t.call("DELETE", `/api/v2/admin/slots/${id}/`, { headers: staff.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const audit = (await auditOf("slots", id)).json();
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(["delete", "create"]);
    expect(audit[0]).toMatchObject({ before: { seats: 8 }, after: null });

    const both = await t.call("POST", "/api/v2/admin/slots/", {
      headers: staff.headers,
      body: { ...body, weekday: 2, end: "09:00" },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error_codes).toEqual({ weekday: ["weekday_or_date"], end: ["end_before_start"] });

    // A time the shop could not book is refused at its field, in words (D623), and nothing is stored.
    const refusals = [
      [{ ...body, weekday: 2, date: null }, { date: ["slot_dated_only"] }],
      [{ ...body, product_page: t.course.page.id }, { weekday: ["slot_weekly_only"] }],
    ] as const;
    for (const [refused, codes] of refusals) {
      const res = await t.call("POST", "/api/v2/admin/slots/", { headers: staff.headers, body: refused });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error_codes).toEqual(codes);
    }
    // A session turned into a weekly time is refused too; its seats and hours still change.
    const kept = await t.call("POST", "/api/v2/admin/slots/", { headers: staff.headers, body });
    const {
      id: keptId,
      version,
      product_page: _page,
      seats_taken: _taken,
      archived_at: _archived,
      ...fields
    } = kept.json();
    const weekly = await t.call("PUT", `/api/v2/admin/slots/${keptId}/`, {
      headers: staff.headers,
      body: { ...fields, weekday: 4, date: null, version },
    });
    expect(weekly.json().error_codes).toEqual({ date: ["slot_dated_only"] });
    const longer = await t.call("PUT", `/api/v2/admin/slots/${keptId}/`, {
      headers: staff.headers,
      body: { ...fields, end: "14:00", version },
    });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(
      (await t.call("DELETE", `/api/v2/admin/slots/${keptId}/`, { headers: staff.headers })).statusCode,
    ).toBe(200);
  });
});

describe("the phone booking's pickers (D531)", () => {
  it("list with `offered` only the sessions the shop still offers: not a past one, nor an archived one", async () => {
    const template = t.dated[0];
    if (!template) throw new Error("no dated session");
    const yesterday = addDays(todayInBerlin(), -1);
    const { id: _id, ...copy } = template;
    const [past] = await t.db
      .insert(scheduleSlots)
      .values({ ...copy, date: yesterday })
      .returning({ id: scheduleSlots.id });
    const slots = async (filter: Record<string, unknown>) =>
      (
        (
          await t.call("GET", "/api/v2/admin/slots/", {
            headers: staff.headers,
            query: { filter: JSON.stringify({ product_page: t.workshop.page.id, ...filter }) },
          })
        ).json() as { id: number }[]
      ).map((slot) => slot.id);
    expect(await slots({ archived: false })).toContain(past?.id);
    const offered = await slots({ offered: true });
    expect(offered).not.toContain(past?.id);
    expect(offered.length).toBeGreaterThan(0);
    const weeks = async (filter: Record<string, unknown>) =>
      (
        await t.call("GET", "/api/v2/admin/academy-weeks/", {
          headers: staff.headers,
          query: { filter: JSON.stringify(filter) },
        })
      ).json() as { ends_on: string }[];
    const today = todayInBerlin();
    expect((await weeks({ offered: true })).every((week) => week.ends_on >= today)).toBe(true);
  });
});
