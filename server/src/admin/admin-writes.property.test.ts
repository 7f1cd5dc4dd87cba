import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  closures,
  productPageInstructors,
  productPages,
  scheduleSlots,
} from "../db/schema/index.ts";
import { mutatedBody } from "../test/admin-arbitraries.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * fast-check over the back office's write routes (issue 20): whatever a staff member's browser sends,
 * the reply is never a 5xx, and a refused request writes nothing, neither a row nor an audit entry.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  staff = await createStaff(t.db);
}, 60_000);
afterAll(() => t?.close());

/** 100 cases a property in `npm run test:deep`, a fixed sample in `npm test` (D337). */
const RUNS = propertyRuns(100);

/** Values that have broken servers before: out of int4, NUL bytes, lone surrogates, deep nesting. */
const nasty = fc.constantFrom<unknown>(
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_991,
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
  [2_147_483_648],
  [1, 1, 1],
  "2031-02-30",
  "24:00",
  "10:00",
  "0001-01-01",
  "9999-12-31",
  "1",
);
/** Numbers past what a column holds: ids, counts and orders are int4 in the database. */
const bigNumbers = fc.oneof(
  fc.constantFrom(2_147_483_647, 2_147_483_648, -2_147_483_649, 1e12),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: bigNumbers },
  { weight: 1, arbitrary: fc.array(bigNumbers, { minLength: 1, maxLength: 2 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
);

const mutated = (keys: string[]) => mutatedBody(keys, anyValue);

/** Everything a refused write could have touched. */
async function footprint() {
  const n = async (
    table:
      | typeof auditLog
      | typeof productPages
      | typeof scheduleSlots
      | typeof productPageInstructors
      | typeof closures,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    pages: await n(productPages),
    slots: await n(scheduleSlots),
    links: await n(productPageInstructors),
    closures: await n(closures),
    audit: await n(auditLog),
  };
}

function newPage(): Record<string, unknown> {
  const text = (de: string, ru: string) => ({ de, ru });
  return {
    slug: `aquarell-${Math.random().toString(36).slice(2, 10)}`,
    product_type: "Workshop",
    name: text("Aquarell am Sonntag", "Акварель в воскресенье"),
    summary: text("Wir malen mit Wasserfarben.", "Рисуем акварелью."),
    body: text("", ""),
    program: text("", ""),
    seo_text: text("", ""),
    length: text("2 Stunden", "2 часа"),
    qna: [],
    age_group: "10+",
    language: "de",
    category: null,
    location: "Haus Mitte",
    instructors: [],
    is_published: false,
    is_featured: false,
    sort_order: 0,
  };
}

function newClosure(): Record<string, unknown> {
  return {
    location_id: null,
    starts_on: "2031-04-06",
    ends_on: "2031-04-17",
    name: { de: "Osterferien", ru: "Пасхальные каникулы" },
  };
}

function newSlot(): Record<string, unknown> {
  return {
    product_page: t.workshop.page.id,
    weekday: null,
    date: "2031-05-10",
    start: "10:00",
    end: "12:00",
    seats: 6,
    instructor: null,
  };
}

type Method = "POST" | "PUT";

/**
 * Sends `body`; a 2xx must leave exactly one audit entry more, anything else nothing at all, and the
 * edited record (when there is one) exactly as it was.
 */
async function expectNoHalfWrite(
  method: Method,
  url: string,
  body: unknown,
  readRecord?: () => Promise<unknown>,
) {
  const before = await footprint();
  const recordBefore = await readRecord?.();
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
  if (readRecord) expect(await readRecord()).toEqual(recordBefore);
}

describe(`fast-check over the admin write routes (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("creates product pages from arbitrary bodies: never a 5xx, nothing written when refused", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(Object.keys(newPage())), async (make) => {
        await expectNoHalfWrite("POST", "/api/v2/admin/products/", make(newPage()));
      }),
      RUNS,
    );
  }, 120_000);

  it("saves product pages from arbitrary bodies: never a 5xx, the page unchanged when refused", async () => {
    const created = await t.call("POST", "/api/v2/admin/products/", {
      headers: staff.headers,
      body: newPage(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const read = async () =>
      (await t.call("GET", `/api/v2/admin/products/${id}/`, { headers: staff.headers })).json();
    await fc.assert(
      fc.asyncProperty(mutated([...Object.keys(newPage()), "version"]), async (make) => {
        // Saved on the current version unless the run changes it, so most runs get past the version check.
        const { id: _id, updated_at: _u, ...fields } = await read();
        await expectNoHalfWrite("PUT", `/api/v2/admin/products/${id}/`, make(fields), read);
      }),
      RUNS,
    );
  }, 120_000);

  it("creates slots from arbitrary bodies: never a 5xx, nothing written when refused", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(Object.keys(newSlot())), async (make) => {
        await expectNoHalfWrite("POST", "/api/v2/admin/slots/", make(newSlot()));
      }),
      RUNS,
    );
  }, 120_000);

  it("saves slots from arbitrary bodies: never a 5xx, the slot unchanged when refused", async () => {
    const created = await t.call("POST", "/api/v2/admin/slots/", { headers: staff.headers, body: newSlot() });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const read = async () =>
      (await t.call("GET", `/api/v2/admin/slots/${id}/`, { headers: staff.headers })).json();
    const { product_page: _p, ...slotFields } = newSlot();
    await fc.assert(
      fc.asyncProperty(mutated([...Object.keys(slotFields), "version"]), async (make) => {
        const { id: _id, product_page: _page, seats_taken: _t, archived_at: _a, ...fields } = await read();
        await expectNoHalfWrite("PUT", `/api/v2/admin/slots/${id}/`, make(fields), read);
      }),
      RUNS,
    );
  }, 120_000);

  it("creates and saves closures from arbitrary bodies: never a 5xx, nothing written when refused", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(Object.keys(newClosure())), async (make) => {
        await expectNoHalfWrite("POST", "/api/v2/admin/closures/", make(newClosure()));
      }),
      RUNS,
    );
    const created = await t.call("POST", "/api/v2/admin/closures/", {
      headers: staff.headers,
      body: newClosure(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const read = async () =>
      (await t.call("GET", `/api/v2/admin/closures/${id}/`, { headers: staff.headers })).json();
    await fc.assert(
      fc.asyncProperty(mutated([...Object.keys(newClosure()), "version"]), async (make) => {
        const { id: _id, ...fields } = await read();
        await expectNoHalfWrite("PUT", `/api/v2/admin/closures/${id}/`, make(fields), read);
      }),
      RUNS,
    );
  }, 120_000);
});
