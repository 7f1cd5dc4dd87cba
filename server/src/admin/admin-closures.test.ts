import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, closures, productPages } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { ACADEMY_8_11, type createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

const counts = async () => ({
  closures: (await t.db.select({ n: count() }).from(closures))[0]?.n ?? 0,
  audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0,
});

/** What a product page tells parents about closures, in `locale`. */
const closuresOn = async (pageId: number, locale = "de") =>
  (await t.call("GET", `/api/v2/products/${pageId}/`, { query: { locale } })).json().closures as {
    starts_on: string;
    ends_on: string;
    name: string;
  }[];

describe(`holidays and closures per house (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("staff add a closure of one house; its product pages list the dates in the parent's language, other houses' pages do not", async () => {
    // The seeded course and workshop share a house: staff add a second one and the workshop moves there.
    const house = await t.call("POST", "/api/v2/admin/locations/", {
      headers: staff.headers,
      body: {
        name: { de: "Atelier Friedrichshain", ru: "«Ателье» во Фридрихсхайне" },
        street: "Boxhagener Straße 40",
        post_code: "10245",
        city: "Berlin",
        map_url: null,
        sort_order: 30,
        is_active: true,
      },
    });
    expect(house.statusCode, house.body).toBe(201);
    await t.db
      .update(productPages)
      .set({ locationId: house.json().id })
      .where(eq(productPages.id, t.workshop.page.id));
    const workshop = (
      await t.call("GET", `/api/v2/admin/products/${t.workshop.page.id}/`, { headers: staff.headers })
    ).json();
    const course = (
      await t.call("GET", `/api/v2/admin/products/${t.course.page.id}/`, { headers: staff.headers })
    ).json();
    expect(workshop.location_id).toBe(house.json().id);
    expect(workshop.location_id).not.toBe(course.location_id);
    // Read before the write, so the catalogue's cache holds the page: the staff commit must end it.
    expect(await closuresOn(t.workshop.page.id)).toEqual([]);

    const body = {
      location_id: workshop.location_id,
      starts_on: "2031-12-22",
      ends_on: "2032-01-02",
      name: { de: "Weihnachtsferien", ru: "Рождественские каникулы" },
    };
    const created = await t.call("POST", "/api/v2/admin/closures/", { headers: staff.headers, body });
    expect(created.statusCode, created.body).toBe(201);
    const closure = created.json();
    const everywhere = await t.call("POST", "/api/v2/admin/closures/", {
      headers: staff.headers,
      body: {
        ...body,
        location_id: null,
        starts_on: "2031-10-03",
        ends_on: "2031-10-03",
        name: { de: "Tag der Deutschen Einheit", ru: "День германского единства" },
      },
    });
    expect(everywhere.statusCode, everywhere.body).toBe(201);
    // Over already: no longer shown.
    const past = await t.call("POST", "/api/v2/admin/closures/", {
      headers: staff.headers,
      body: { ...body, starts_on: "2020-07-01", ends_on: "2020-08-01" },
    });
    expect(past.statusCode, past.body).toBe(201);

    expect(await closuresOn(t.workshop.page.id)).toEqual([
      { starts_on: "2031-10-03", ends_on: "2031-10-03", name: "Tag der Deutschen Einheit" },
      { starts_on: "2031-12-22", ends_on: "2032-01-02", name: "Weihnachtsferien" },
    ]);
    expect((await closuresOn(t.workshop.page.id, "ru")).map((c) => c.name)).toEqual([
      "День германского единства",
      "Рождественские каникулы",
    ]);
    expect(await closuresOn(t.course.page.id)).toEqual([
      { starts_on: "2031-10-03", ends_on: "2031-10-03", name: "Tag der Deutschen Einheit" },
    ]);
    // A holiday offer's page does not list the closures under "no lessons": its weeks are the holidays (D299).
    const academy = await pageBySlug(t.db, ACADEMY_8_11);
    expect(await closuresOn(academy.page.id)).toEqual([]);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.recordId, closure.id));
    expect(audit.filter((entry) => entry.resource === "closures")).toMatchObject([
      { action: "create", before: null, after: { starts_on: "2031-12-22", name: body.name } },
    ]);

    // A stale save is a 409 that changes nothing; a current one moves the dates at once.
    const { id, version, ...fields } = closure;
    const moved = await t.call("PUT", `/api/v2/admin/closures/${id}/`, {
      headers: staff.headers,
      body: { ...fields, version, ends_on: "2032-01-05" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const stale = await t.call("PUT", `/api/v2/admin/closures/${id}/`, {
      headers: staff.headers,
      body: { ...fields, version, ends_on: "2032-01-09" },
    });
    expect(stale.statusCode).toBe(409);
    expect((await closuresOn(t.workshop.page.id))[1]?.ends_on).toBe("2032-01-05");

    const removed = await t.call("DELETE", `/api/v2/admin/closures/${id}/`, { headers: staff.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await closuresOn(t.workshop.page.id)).map((c) => c.name)).toEqual(["Tag der Deutschen Einheit"]);
  });

  it("refuses a range that ends before it starts, or without a German name, at the field and writes nothing", async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ starts_on: "2031-05-10", ends_on: "2031-05-09" }, { ends_on: ["end_before_start"] }],
      [{ name: { de: "", ru: "Каникулы" } }, { "name.de": ["required"] }],
      [{ starts_on: "2031-02-30" }, { starts_on: ["invalid_date"] }],
      // A house that does not exist is refused at its field (D151), not a foreign-key 500.
      [{ location_id: 999_999 }, { location_id: ["invalid_choice"] }],
      [{ location_id: "Haus Mitte" }, { location_id: ["invalid_type"] }],
    ];
    for (const [change, codes] of cases) {
      const res = await t.call("POST", "/api/v2/admin/closures/", {
        headers: staff.headers,
        query: { locale: "ru" },
        body: {
          location_id: null,
          starts_on: "2031-05-01",
          ends_on: "2031-05-02",
          name: { de: "Brückentag", ru: "Мостик" },
          ...change,
        },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error_codes).toEqual(codes);
    }
    expect(await counts()).toEqual(before);
  });
});

describe(`days a school cannot have are refused in words, never a 500 (D510, ${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  const closure = (starts_on: string, ends_on: string) =>
    t.call("POST", "/api/v2/admin/closures/", {
      headers: staff.headers,
      body: { location_id: null, starts_on, ends_on, name: { de: "Ferien", ru: "Каникулы" } },
    });

  it("a closure of year 0, past 2999 or longer than a year is a 400 at its field, and nothing is stored", async () => {
    const before = await counts();
    const yearZero = await closure("0000-01-01", "0000-01-02");
    expect(yearZero.statusCode, yearZero.body).toBe(400);
    expect(yearZero.json().error_codes).toMatchObject({ starts_on: ["invalid_date"] });
    const forever = await closure("2027-07-10", "9999-12-31");
    expect(forever.statusCode, forever.body).toBe(400);
    expect(forever.json().error_codes).toMatchObject({ ends_on: ["invalid_date"] });
    const long = await closure("2027-07-10", "2028-07-10");
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().error_codes).toEqual({ ends_on: ["closure_too_long"] });
    expect(long.json().ends_on[0]).toMatch(/Jahr/);
    expect(await counts()).toEqual(before);
  });

  it("a promocode's moment of year 0 and a list filter's day that does not exist are 400s", async () => {
    const code = await t.call("POST", "/api/v2/admin/promocodes/", {
      headers: staff.headers,
      body: {
        code: "JAHRNULL",
        percent_off: 10,
        amount_off_cents: null,
        valid_from: "0001-01-01T00:00:00+01:00",
        valid_until: null,
        max_uses: null,
        max_uses_per_user: null,
        min_total_cents: 0,
        product_types: [],
        is_active: true,
      },
    });
    expect(code.statusCode, code.body).toBe(400);
    expect(code.json().error_codes).toEqual({ valid_from: ["invalid_datetime"] });
    const orders = await t.call("GET", "/api/v2/admin/orders/", {
      headers: staff.headers,
      query: { filter: JSON.stringify({ from: "2026-02-30" }), range: "[0,9]" },
    });
    expect(orders.statusCode, orders.body).toBe(400);
    expect(orders.json().error_codes).toEqual({ filter: ["invalid"] });
    const lessons = await t.call("GET", "/api/v2/admin/lessons/cancellations/", {
      headers: staff.headers,
      query: { from: "2026-13-45" },
    });
    expect(lessons.statusCode, lessons.body).toBe(400);
  });
});
