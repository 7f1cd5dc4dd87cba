import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  academySeasons,
  academyWeeks,
  auditLog,
  categories,
  instructors,
  locations,
  purchaseOptions,
} from "../db/schema/index.ts";
import { mutatedBody } from "../test/admin-arbitraries.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { ACADEMY_8_11, type createParent, createStaff, pageBySlug } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * fast-check over the catalogue's staff write routes (D116–D120), in the style of
 * `admin-writes.property.test.ts`: whatever a staff member's browser sends, the reply is never a 5xx, and a
 * refused request writes nothing, neither a row nor an audit entry, and leaves the edited record as it was.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;
let academyPage: number;
let seasonId: number;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  staff = await createStaff(t.db);
  academyPage = (await pageBySlug(t.db, ACADEMY_8_11)).page.id;
  const season = await t.call("POST", "/api/v2/admin/academy-seasons/", {
    headers: staff.headers,
    body: { name: { de: "Sommer 2032", ru: "Лето 2032" }, starts_on: "2032-07-01", ends_on: "2032-08-31" },
  });
  seasonId = season.json().id;
}, 60_000);
afterAll(() => t?.close());

/** 60 cases a property in `npm run test:deep`, a fixed sample in `npm test` (D337). */
const RUNS = propertyRuns(60);

const nasty = fc.constantFrom<unknown>(
  2_147_483_648,
  -2_147_483_649,
  1e308,
  -0,
  0.5,
  "\u0000",
  "a\u0000b",
  "\ud800",
  "",
  " ",
  "x".repeat(30_000),
  null,
  true,
  [],
  {},
  { de: "\u0000", ru: "\u0000" },
  { de: "\ud800", ru: "ok" },
  "2031-02-30",
  "0001-01-01",
  "9999-12-31",
  "1",
  "Course (1 / week)",
  "Ticket",
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.integer({ min: -10, max: 20_000_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

const mutated = (keys: string[]) => mutatedBody(keys, anyValue);

async function footprint() {
  const n = async (
    table:
      | typeof auditLog
      | typeof instructors
      | typeof categories
      | typeof locations
      | typeof purchaseOptions
      | typeof academySeasons
      | typeof academyWeeks,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    instructors: await n(instructors),
    categories: await n(categories),
    locations: await n(locations),
    options: await n(purchaseOptions),
    seasons: await n(academySeasons),
    weeks: await n(academyWeeks),
    audit: await n(auditLog),
  };
}

const unique = () => Math.random().toString(36).slice(2, 10);

/** A valid new record of each resource (made when the run starts: slugs must be fresh). */
const NEW: Record<string, () => Record<string, unknown>> = {
  instructors: () => ({
    slug: `lehrkraft-${unique()}`,
    first_name: "Lena",
    last_name: "Roth",
    first_name_ru: null,
    last_name_ru: null,
    job: { de: "Malerin", ru: "Художница" },
    subject: { de: "Malerei", ru: "Живопись" },
    bio: { de: "", ru: "" },
    photo: "",
    sort_order: 0,
    is_published: false,
  }),
  categories: () => ({ slug: `kategorie-${unique()}`, name: { de: "Collage", ru: "Коллаж" }, sort_order: 0 }),
  locations: () => ({
    name: { de: "Atelier Neukölln", ru: "«Ателье» в Нойкёльне" },
    street: "Weserstraße 58",
    post_code: "12045",
    city: "Berlin",
    map_url: "https://www.openstreetmap.org/search?query=Weserstra%C3%9Fe%2058",
    sort_order: 30,
    is_active: true,
  }),
  "purchase-options": () => ({
    product_page: t.workshop.page.id,
    schedule_type: "Ticket",
    is_recurring: false,
    name: { de: "Einzelticket", ru: "Разовый билет" },
    base_price_cents: 4_500,
    number_of_meetings: null,
    meetings_per_week: null,
    sort_order: 0,
  }),
  "academy-seasons": () => ({
    name: { de: "Winterferien", ru: "Зимние каникулы" },
    starts_on: "2032-02-02",
    ends_on: "2032-02-06",
  }),
  "academy-weeks": () => ({
    product_page: academyPage,
    season: seasonId,
    starts_on: "2032-07-05",
    ends_on: "2032-07-09",
    seats: 8,
  }),
};
/** Fields a record shows but its edit does not send back. */
const DERIVED: Record<string, string[]> = {
  instructors: ["id", "label", "pages"],
  categories: ["id", "label", "pages"],
  locations: ["id", "label", "pages", "closures"],
  "purchase-options": ["id", "product_page", "schedule_type", "is_recurring", "bookings"],
  "academy-seasons": ["id", "label", "weeks"],
  "academy-weeks": ["id", "product_page", "seats_taken"],
};

async function expectNoHalfWrite(
  method: "POST" | "PUT",
  url: string,
  body: unknown,
  read?: () => Promise<unknown>,
) {
  const before = await footprint();
  const recordBefore = await read?.();
  const res = await t.call(method, url, { headers: staff.headers, body });
  expect(
    res.statusCode,
    `${method} ${url} ${JSON.stringify(body)?.slice(0, 500)} → ${res.body}`,
  ).toBeLessThan(500);
  const after = await footprint();
  if (res.statusCode < 300) {
    expect(after.audit).toBe(before.audit + 1);
    return;
  }
  expect(res.json().error_codes, res.body).toBeTruthy();
  expect(after, `${method} ${url} ${res.statusCode} wrote something`).toEqual(before);
  if (read) expect(await read()).toEqual(recordBefore);
}

describe(`fast-check over the catalogue's staff write routes (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  for (const resource of Object.keys(NEW)) {
    it(`${resource}: creates and saves from arbitrary bodies, never a 5xx, nothing written when refused`, async () => {
      const make = NEW[resource] as () => Record<string, unknown>;
      const url = `/api/v2/admin/${resource}/`;
      await fc.assert(
        fc.asyncProperty(mutated(Object.keys(make())), async (change) => {
          await expectNoHalfWrite("POST", url, change(make()));
        }),
        RUNS,
      );
      const created = await t.call("POST", url, { headers: staff.headers, body: make() });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      const read = async () => (await t.call("GET", `${url}${id}/`, { headers: staff.headers })).json();
      const derived = DERIVED[resource] ?? [];
      const fields = Object.keys(created.json()).filter((key) => !derived.includes(key));
      await fc.assert(
        fc.asyncProperty(mutated(fields), async (change) => {
          const current = await read();
          const valid = Object.fromEntries(Object.entries(current).filter(([key]) => !derived.includes(key)));
          await expectNoHalfWrite("PUT", `${url}${id}/`, change(valid), read);
        }),
        RUNS,
      );
    }, 180_000);
  }
});
