import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  academyWeeks,
  auditLog,
  categories,
  instructors,
  orderItemAcademyWeeks,
  orderItems,
  orders,
  productPages,
  type purchaseOptions,
} from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { ACADEMY_8_11, type createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * The catalogue's staff resources (issue 20, D116–D120): instructors, categories, purchase options and
 * prices, academy seasons and weeks. Each write leaves one audit entry with before and after, a stale
 * save is a 409, a refused one writes nothing, and the shop shows every change on its next request (the
 * shop is read before each write, so its epoch cache holds the old reply and the staff commit must end it).
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const admin = (
  method: Method,
  path: string,
  body?: unknown,
  locale = "de",
  query: Record<string, string> = {},
) =>
  t.call(method, `/api/v2/admin/${path}`, {
    headers: staff.headers,
    query: { locale, ...query },
    ...(body === undefined ? {} : { body }),
  });
const shop = async (path: string, locale = "de") => (await t.call("GET", path, { query: { locale } })).json();

const auditOf = async (resource: string, id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, id)))
  ).map((entry) => ({ action: entry.action, before: entry.before, after: entry.after }));
const rows = async (
  table: typeof instructors | typeof categories | typeof purchaseOptions | typeof auditLog,
) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** Every field of a record that its edit form sends back (not the derived ones). */
const editable = (record: Record<string, unknown>, derived: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => key !== "id" && !derived.includes(key)));

describe(`the catalogue's staff resources (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("instructors: added, renamed and deleted by staff show in the shop at once, each write audited; a stale save is a 409", async () => {
    const names = async (locale = "de") =>
      ((await shop("/api/v2/instructors/", locale)) as { first_name: string; last_name: string }[]).map(
        (i) => `${i.first_name} ${i.last_name}`,
      );
    expect(await names()).not.toContain("Jana Vogel");

    const body = {
      slug: "jana-vogel",
      first_name: "Jana",
      last_name: "Vogel",
      first_name_ru: "Яна",
      last_name_ru: "",
      job: { de: "Keramikerin", ru: "Керамист" },
      subject: { de: "Töpfern", ru: "Гончарное дело" },
      bio: { de: "Jana dreht seit 15 Jahren.", ru: "Яна работает на гончарном круге 15 лет." },
      photo: "/media/team/jana.jpg",
      sort_order: 5,
      is_published: true,
    };
    const created = await admin("POST", "instructors/", body);
    expect(created.statusCode, created.body).toBe(201);
    const jana = created.json();
    expect(jana).toMatchObject({ label: "Jana Vogel", pages: 0, first_name_ru: "Яна", last_name_ru: null });
    expect(await names()).toContain("Jana Vogel");
    expect(await names("ru")).toContain("Яна Vogel");

    const same = await admin("POST", "instructors/", { ...body, first_name: "Anna" });
    expect(same.statusCode).toBe(400);
    expect(same.json().error_codes).toEqual({ slug: ["slug_taken"] });

    const fields = editable(jana, ["label", "pages"]);
    const renamed = await admin("PUT", `instructors/${jana.id}/`, { ...fields, last_name: "Fink" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names()).toContain("Jana Fink");
    const stale = await admin("PUT", `instructors/${jana.id}/`, { ...fields, last_name: "Star" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_codes).toEqual({ detail: "stale_version" });
    expect(await names()).toContain("Jana Fink");

    const hidden = await admin("PUT", `instructors/${jana.id}/`, {
      ...editable(renamed.json(), ["label", "pages"]),
      is_published: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await names()).not.toContain("Jana Fink");

    const removed = await admin("DELETE", `instructors/${jana.id}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await admin("GET", `instructors/${jana.id}/`)).statusCode).toBe(404);

    const audit = await auditOf("instructors", jana.id);
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update", "update", "delete"]);
    expect(audit[1]).toMatchObject({ before: { last_name: "Vogel" }, after: { last_name: "Fink" } });
    expect(audit[3]).toMatchObject({ before: { slug: "jana-vogel", is_published: false }, after: null });
    expect(audit[0]?.after).not.toHaveProperty("version");
  });

  it("houses: a phone staff enter is checked by the phone rule, kept as typed and listed by the shop; a wrong one is a 400 at the field (D177)", async () => {
    const phoneOf = async (id: number, locale = "de") =>
      ((await shop("/api/v2/locations/", locale)) as { id: number; phone: string | null }[]).find(
        (house) => house.id === id,
      )?.phone;
    const body = {
      name: { de: "Atelier Neukölln", ru: "«Ателье» в Нойкёльне" },
      street: "Weserstraße 58",
      post_code: "12045",
      city: "Berlin",
      map_url: null,
      phone: "+49 30 5550123",
      sort_order: 40,
      is_active: true,
    };
    const created = await admin("POST", "locations/", body);
    expect(created.statusCode, created.body).toBe(201);
    const house = created.json();
    expect(house.phone).toBe("+49 30 5550123");
    expect(await phoneOf(house.id)).toBe("+49 30 5550123");
    expect(await phoneOf(house.id, "ru")).toBe("+49 30 5550123");

    const auditBefore = await rows(auditLog);
    for (const [locale, message] of [
      ["de", "Geben Sie eine gültige Telefonnummer mit Ländervorwahl ein"],
      ["ru", "Введите правильный номер телефона с кодом страны"],
    ] as const) {
      for (const phone of ["030 5550123", "+49 30 55", "Anrufen!"]) {
        const wrong = await admin("POST", "locations/", { ...body, phone }, locale);
        expect(wrong.statusCode, phone).toBe(400);
        expect(wrong.json().error_codes).toEqual({ phone: ["invalid_phone"] });
        expect(wrong.json().phone[0]).toContain(message);
      }
    }
    const fields = editable(house, ["label", "pages", "closures"]);
    const wrongSave = await admin("PUT", `locations/${house.id}/`, { ...fields, phone: "12345" });
    expect(wrongSave.statusCode).toBe(400);
    expect(wrongSave.json().error_codes).toEqual({ phone: ["invalid_phone"] });
    expect(await rows(auditLog)).toBe(auditBefore);
    expect(await phoneOf(house.id)).toBe("+49 30 5550123");

    // Read before the write, so the epoch cache holds the old reply: the staff commit must end it.
    const moved = await admin("PUT", `locations/${house.id}/`, { ...fields, phone: "+49 (30) 555-0199" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await phoneOf(house.id)).toBe("+49 (30) 555-0199");
    const cleared = await admin("PUT", `locations/${house.id}/`, {
      ...editable(moved.json(), ["label", "pages", "closures"]),
      phone: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await phoneOf(house.id)).toBeNull();
    const audit = await auditOf("locations", house.id);
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update", "update"]);
    expect(audit[1]).toMatchObject({
      before: { phone: "+49 30 5550123" },
      after: { phone: "+49 (30) 555-0199" },
    });
    await admin("DELETE", `locations/${house.id}/`);
  });

  it("an instructor or category a page uses is not deleted: a 400 that says by how many pages, nothing written", async () => {
    const [link] = await t.db
      .select({ instructor: instructors.id })
      .from(instructors)
      .innerJoin(productPages, eq(productPages.isPublished, true))
      .limit(1);
    const used = (await admin("GET", "instructors/")).json() as {
      id: number;
      pages: number;
    }[];
    const instructor = used.find((i) => i.pages > 0);
    expect(instructor, JSON.stringify(link)).toBeDefined();
    const [page] = await t.db.select({ category: productPages.categoryId }).from(productPages).limit(1);
    const category = page?.category as number;
    const before = {
      instructors: await rows(instructors),
      categories: await rows(categories),
      audit: await rows(auditLog),
    };

    const refused = await admin("DELETE", `instructors/${instructor?.id}/`, undefined, "ru");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["in_use_by_pages"] });
    expect(refused.json().non_field_errors[0]).toContain(`Используется в предложениях: ${instructor?.pages}`);

    const categoryRefused = await admin("DELETE", `categories/${category}/`);
    expect(categoryRefused.statusCode).toBe(400);
    const pagesInCategory = (await admin("GET", `categories/${category}/`)).json().pages;
    expect(pagesInCategory).toBeGreaterThan(0);
    expect(categoryRefused.json().non_field_errors[0]).toContain(
      `Wird noch von ${pagesInCategory} Angebot(en)`,
    );

    expect({
      instructors: await rows(instructors),
      categories: await rows(categories),
      audit: await rows(auditLog),
    }).toEqual(before);
  });

  it("categories: added and renamed in German and Russian show in the shop's filter at once", async () => {
    const names = async (locale = "de") =>
      ((await shop("/api/v2/products/categories/", locale)) as { name: string }[]).map((c) => c.name);
    expect(await names()).not.toContain("Druckgrafik");
    const created = await admin("POST", "categories/", {
      slug: "druckgrafik",
      name: { de: "Druckgrafik", ru: "Печатная графика" },
      sort_order: 9,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ label: "Druckgrafik", pages: 0 });
    const { id } = created.json();
    const categoryNames = await names();
    const ruNames = await names("ru");
    // An empty category may be hidden by the shop; the admin list always has it.
    if (categoryNames.includes("Druckgrafik")) expect(ruNames).toContain("Печатная графика");
    const listed = await admin("GET", "categories/", undefined, "de", { filter: '{"q":"druck"}' });
    expect(listed.headers["content-range"]).toBe("categories 0-0/1");

    const noName = await admin("PUT", `categories/${id}/`, {
      ...editable(created.json(), ["label", "pages"]),
      name: { de: "", ru: "Гравюра" },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error_codes).toEqual({ "name.de": ["required"] });
    // A key the form has no business sending is named at its own place, in the message too (D497).
    const stray = await admin(
      "PUT",
      `categories/${id}/`,
      {
        ...editable(created.json(), ["label", "pages"]),
        pages: 0,
        name: { de: "Druck", ru: "", en: "Print" },
      },
      "ru",
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toEqual({
      pages: ["Неизвестное поле «pages»."],
      error_codes: { pages: ["unknown_field"] },
    });

    const removed = await admin("DELETE", `categories/${id}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await auditOf("categories", id)).map((entry) => entry.action)).toEqual(["create", "delete"]);
  });

  it("a new price shows in the shop at once and applies to new bookings; an item booked before keeps its price", async () => {
    const parent = await t.parentWithCourse(0);
    const option = t.course.option("Course (1 / week)");
    const [booked] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.purchaseOptionId, option.id)))
      .limit(1);
    expect(booked).toBeDefined();
    const pricesOnPage = async () =>
      (
        (await shop(`/api/v2/products/${t.course.page.id}/`)).purchase_options as {
          id: number;
          base_price_cents: number;
        }[]
      )
        .filter((o) => o.id === option.id)
        .map((o) => o.base_price_cents);
    expect(await pricesOnPage()).toEqual([option.basePriceCents]);

    const read = (await admin("GET", `purchase-options/${option.id}/`)).json();
    expect(read.bookings).toBeGreaterThan(0);
    const raised = option.basePriceCents + 1_250;
    const saved = await admin("PUT", `purchase-options/${option.id}/`, {
      ...editable(read, ["product_page", "schedule_type", "is_recurring", "bookings"]),
      base_price_cents: raised,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await pricesOnPage()).toEqual([raised]);

    // The item booked before keeps what it was added at (its subscription's months are priced from it).
    const [kept] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, booked?.id as number));
    expect(kept?.calculatedPriceCents).toBe(booked?.calculatedPriceCents);
    expect(kept?.recurrentPriceCents).toBe(booked?.recurrentPriceCents);
    // A new booking pays the new price.
    const other = await t.parentWithCourse(1);
    const [fresh] = await t.db
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.userId, other.id));
    expect(fresh?.order_items.recurrentPriceCents).toBe(raised);
    expect(parent.id).not.toBe(other.id);

    const notCents = await admin("PUT", `purchase-options/${option.id}/`, {
      ...editable(saved.json(), ["product_page", "schedule_type", "is_recurring", "bookings"]),
      base_price_cents: 12.5,
    });
    expect(notCents.statusCode).toBe(400);
    expect(notCents.json().error_codes).toEqual({ base_price_cents: ["invalid"] });

    const auditBefore = await rows(auditLog);
    const refused = await admin("DELETE", `purchase-options/${option.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_codes).toEqual({ non_field_errors: ["option_booked"] });
    expect(await rows(auditLog)).toBe(auditBefore);
    expect(await auditOf("purchase-options", option.id)).toEqual([
      {
        action: "update",
        before: expect.objectContaining({ base_price_cents: option.basePriceCents }),
        after: expect.objectContaining({ base_price_cents: raised }),
      },
    ]);
  });

  it("an option must be of a kind the offer sells, and only a course's subscription renews monthly (D587)", async () => {
    const option = (pageId: number, scheduleType: string, isRecurring: boolean) => ({
      product_page: pageId,
      schedule_type: scheduleType,
      is_recurring: isRecurring,
      name: { de: "Einzelticket", ru: "Разовый билет" },
      base_price_cents: 3_500,
      number_of_meetings: null,
      meetings_per_week: null,
      sort_order: 60,
    });
    const auditBefore = await rows(auditLog);
    const offered = async () =>
      ((await shop(`/api/v2/products/${t.workshop.page.id}/`)).purchase_options as { id: number }[]).length;
    const before = await offered();
    const subscription = await admin(
      "POST",
      "purchase-options/",
      option(t.workshop.page.id, "Course (2 / week)", true),
    );
    expect(subscription.statusCode, subscription.body).toBe(400);
    expect(subscription.json().error_codes).toEqual({ schedule_type: ["schedule_type_not_for_offer"] });
    expect(subscription.json().schedule_type[0]).toMatch(/^Diese Art passt nicht zu diesem Angebot/);
    const renewingTicket = await admin(
      "POST",
      "purchase-options/",
      option(t.workshop.page.id, "Ticket", true),
    );
    expect(renewingTicket.json().error_codes).toEqual({ is_recurring: ["recurring_not_for_type"] });
    const card = await admin("POST", "purchase-options/", option(t.course.page.id, "TERMINKARTEN", true));
    expect(card.json().error_codes).toEqual({ is_recurring: ["recurring_not_for_type"] });
    expect(await offered()).toBe(before);
    expect(await rows(auditLog)).toBe(auditBefore);
    // What fits is taken: a fixed price beside the workshop's tickets, a course's subscription.
    const fixed = await admin("POST", "purchase-options/", option(t.workshop.page.id, "Offer", false));
    expect(fixed.statusCode, fixed.body).toBe(201);
    const renewing = await admin(
      "POST",
      "purchase-options/",
      option(t.course.page.id, "Course (1 / week)", true),
    );
    expect(renewing.statusCode, renewing.body).toBe(201);
    for (const made of [fixed, renewing])
      expect((await admin("DELETE", `purchase-options/${made.json().id}/`)).statusCode).toBe(200);
  });

  it("a purchase option added to a page is offered at once; one nobody booked can be deleted", async () => {
    const added = await admin("POST", "purchase-options/", {
      product_page: t.workshop.page.id,
      schedule_type: "Ticket",
      is_recurring: false,
      name: { de: "Geschwisterticket", ru: "Билет для брата или сестры" },
      base_price_cents: 3_900,
      number_of_meetings: null,
      meetings_per_week: null,
      sort_order: 50,
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json();
    const offered = async () =>
      ((await shop(`/api/v2/products/${t.workshop.page.id}/`)).purchase_options as { id: number }[]).map(
        (o) => o.id,
      );
    expect(await offered()).toContain(id);
    const removed = await admin("DELETE", `purchase-options/${id}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await offered()).not.toContain(id);
  });

  it("academy seasons and weeks: a week staff add is bookable at once; its seats never go below those taken", async () => {
    const academy = await pageBySlug(t.db, ACADEMY_8_11);
    const weeksOnPage = async () =>
      (await shop(`/api/v2/products/${academy.page.id}/`)).academy_schedule_slots as {
        id: number;
        seats: number;
        space: number;
        season_name: string;
      }[];
    await weeksOnPage();

    const season = await admin("POST", "academy-seasons/", {
      name: { de: "Herbstferien 2031", ru: "Осенние каникулы 2031" },
      starts_on: "2031-10-13",
      ends_on: "2031-10-24",
    });
    expect(season.statusCode, season.body).toBe(201);
    const seasonId = season.json().id;
    const weekBody = {
      product_page: academy.page.id,
      season: seasonId,
      starts_on: "2031-10-13",
      ends_on: "2031-10-17",
      seats: 3,
    };

    const outside = await admin("POST", "academy-weeks/", { ...weekBody, ends_on: "2031-10-31" });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().ends_on[0]).toBe(
      "Die Woche muss innerhalb der Saison liegen (13.10.2031 bis 24.10.2031).",
    );
    const outsideRu = await admin("POST", "academy-weeks/", { ...weekBody, ends_on: "2031-10-31" }, "ru");
    expect(outsideRu.json().ends_on[0]).toBe("Неделя должна входить в сезон (с 13.10.2031 по 24.10.2031).");
    const notAcademy = await admin("POST", "academy-weeks/", {
      ...weekBody,
      product_page: t.workshop.page.id,
    });
    expect(notAcademy.json().error_codes).toEqual({ product_page: ["not_an_academy"] });

    const created = await admin("POST", "academy-weeks/", weekBody);
    expect(created.statusCode, created.body).toBe(201);
    const week = created.json();
    expect(week).toMatchObject({ seats: 3, seats_taken: 0 });
    expect((await weeksOnPage()).find((w) => w.id === week.id)).toMatchObject({
      seats: 3,
      space: 3,
      season_name: "Herbstferien 2031",
    });

    // A parent holds one seat of the week.
    const [order] = await t.db.insert(orders).values({ status: "paid" }).returning({ id: orders.id });
    const option = academy.option("Academy (full day)");
    const [item] = await t.db
      .insert(orderItems)
      .values({
        orderId: order?.id as number,
        productPageId: academy.page.id,
        purchaseOptionId: option.id,
        scheduleType: option.scheduleType,
        calculatedPriceCents: option.basePriceCents,
        guestVisitorRef: 1,
      })
      .returning({ id: orderItems.id });
    await t.db
      .insert(orderItemAcademyWeeks)
      .values({ orderItemId: item?.id as number, academyWeekId: week.id });
    expect((await weeksOnPage()).find((w) => w.id === week.id)?.space).toBe(2);

    const read = (await admin("GET", `academy-weeks/${week.id}/`)).json();
    expect(read.seats_taken).toBe(1);
    const fields = editable(read, ["product_page", "seats_taken"]);
    const tooFew = await admin("PUT", `academy-weeks/${week.id}/`, { ...fields, seats: 0 });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().error_codes).toEqual({ seats: ["seats_below_taken"] });
    expect(tooFew.json().seats).toEqual(["Bereits vergeben: 1. Weniger Plätze sind nicht möglich."]);
    const [unchanged] = await t.db.select().from(academyWeeks).where(eq(academyWeeks.id, week.id));
    expect(unchanged?.seats).toBe(3);

    const one = await admin("PUT", `academy-weeks/${week.id}/`, { ...fields, seats: 1 });
    expect(one.statusCode, one.body).toBe(200);
    expect((await weeksOnPage()).find((w) => w.id === week.id)?.space).toBe(0);

    const cut = await admin("PUT", `academy-seasons/${seasonId}/`, {
      ...editable(season.json(), ["label", "weeks"]),
      starts_on: "2031-10-14",
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error_codes).toEqual({ starts_on: ["season_cuts_weeks"] });
    // The message names the weeks' span in days staff read, no placeholder left.
    expect(cut.json().starts_on[0]).toMatch(
      /^Die Saison muss alle ihre Wochen umfassen \(\d{2}\.\d{2}\.\d{4} bis \d{2}\.\d{2}\.\d{4}\)\.$/,
    );
    expect((await admin("DELETE", `academy-seasons/${seasonId}/`)).json().error_codes).toEqual({
      non_field_errors: ["season_has_weeks"],
    });
    const booked = await admin("DELETE", `academy-weeks/${week.id}/`);
    expect(booked.statusCode).toBe(400);
    expect(booked.json().error_codes).toEqual({ non_field_errors: ["week_booked"] });

    expect((await auditOf("academy-weeks", week.id)).map((entry) => entry.action)).toEqual([
      "create",
      "update",
    ]);
    expect((await auditOf("academy-weeks", week.id))[1]).toMatchObject({
      before: { seats: 3 },
      after: { seats: 1 },
    });
  });

  it("lists sort and filter on the server; a sort field a list does not offer is a 400", async () => {
    const list = (path: string, query: Record<string, string>) => admin("GET", path, undefined, "de", query);
    const sorted = await list("instructors/", { sort: '["last_name","DESC"]', range: "[0,1]" });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json()).toHaveLength(2);
    expect(sorted.headers["content-range"]).toMatch(/^instructors 0-1\/\d+$/);
    const lastNames = async (order: string) =>
      (await list("instructors/", { sort: `["last_name","${order}"]` }))
        .json()
        .map((i: { last_name: string }) => i.last_name);
    const descending = await lastNames("DESC");
    expect(descending.slice(0, 2)).toEqual(sorted.json().map((i: { last_name: string }) => i.last_name));
    expect(new Set(descending).size).toBe(descending.length);
    expect(descending).toEqual((await lastNames("ASC")).reverse());
    const bad = await list("purchase-options/", { sort: '["secret","ASC"]' });
    expect(bad.statusCode).toBe(400);
    const ofPage = (
      await list("purchase-options/", { filter: JSON.stringify({ product_page: t.course.page.id }) })
    ).json();
    expect(ofPage.length).toBeGreaterThan(0);
    expect(ofPage.every((o: { product_page: number }) => o.product_page === t.course.page.id)).toBe(true);
  });
});
