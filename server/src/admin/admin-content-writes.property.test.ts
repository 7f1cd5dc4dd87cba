import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  contentPages,
  giftCardLedger,
  giftCards,
  promocodes,
  redirects,
} from "../db/schema/index.ts";
import { mutatedBody } from "../test/admin-arbitraries.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { propertyRuns } from "../test/property-runs.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * fast-check over the write routes of content pages, promocodes, gift cards (D123–D125) and redirects (D189): whatever a
 * staff member's browser sends, never a 5xx, and a refused request writes nothing, not even an audit entry.
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
  "x".repeat(120_000),
  null,
  true,
  [],
  {},
  { de: "\u0000", ru: "\u0000" },
  { de: "\ud800", ru: "ok" },
  ["GiftCard", "GiftCard"],
  ["Spaceship"],
  "2031-02-30",
  "0001-01-01",
  "9999-12-31",
  "9999-12-31T23:59:59Z",
  "0000-01-01T00:00:00+14:00",
  "home",
  "PROMO",
  "promo",
);
const bigNumbers = fc.oneof(
  fc.constantFrom(2_147_483_647, 2_147_483_648, -2_147_483_649, 1e12),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: bigNumbers },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
);

const mutated = (keys: string[]) => mutatedBody(keys, anyValue);

async function footprint() {
  const n = async (
    table:
      | typeof auditLog
      | typeof contentPages
      | typeof promocodes
      | typeof giftCards
      | typeof giftCardLedger
      | typeof redirects,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    pages: await n(contentPages),
    codes: await n(promocodes),
    cards: await n(giftCards),
    ledger: await n(giftCardLedger),
    redirects: await n(redirects),
    audit: await n(auditLog),
  };
}

/**
 * Sends `body`; a 2xx leaves exactly one audit entry more, except a card set to the state it has (none); anything else writes nothing and leaves the record as it was.
 */
async function expectNoHalfWrite(
  method: "POST" | "PUT",
  url: string,
  body: unknown,
  readRecord?: () => Promise<Record<string, unknown>>,
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
    const changed =
      recordBefore === undefined ||
      !url.includes("/gift-cards/") ||
      res.json().version !== recordBefore.version;
    expect(after.audit).toBe(before.audit + (changed ? 1 : 0));
    return;
  }
  expect(res.json().error_codes, res.body).toBeTruthy();
  expect(after, `${method} ${url} ${res.statusCode} wrote something`).toEqual(before);
  if (readRecord) expect(await readRecord()).toEqual(recordBefore);
}

let codeCounter = 0;
function newCode(): Record<string, unknown> {
  codeCounter += 1;
  return {
    code: `PROP${codeCounter}X${Math.random().toString(36).slice(2, 6)}`,
    percent_off: null,
    amount_off_cents: 500,
    valid_from: "2030-01-01T00:00:00+01:00",
    valid_until: null,
    max_uses: 10,
    max_uses_per_user: null,
    min_total_cents: 0,
    product_types: [],
    is_active: true,
  };
}
let redirectCounter = 0;
function newRedirect(): Record<string, unknown> {
  redirectCounter += 1;
  return { from_path: `/prop-${redirectCounter}`, target: "/courses?category=1", permanent: false, note: "" };
}
const newCard = (): Record<string, unknown> => ({ amount_cents: 1_500, reason: "Kulanz", expires_on: null });

describe(`fast-check over the content, promocode and gift card write routes (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("saves content pages from arbitrary bodies; creates none twice", async () => {
    const [page] = (await t.call("GET", "/api/v2/admin/content-pages/", { headers: staff.headers })).json();
    const read = async () =>
      (await t.call("GET", `/api/v2/admin/content-pages/${page.id}/`, { headers: staff.headers })).json();
    await fc.assert(
      fc.asyncProperty(mutated(["title", "description", "body", "version"]), async (make) => {
        const { id: _id, key: _key, updated_at: _u, ...fields } = await read();
        await expectNoHalfWrite("PUT", `/api/v2/admin/content-pages/${page.id}/`, make(fields), read);
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(mutated(["key", "title", "description", "body"]), async (make) => {
        const { id: _id, updated_at: _u, version: _v, ...fields } = await read();
        await expectNoHalfWrite("POST", "/api/v2/admin/content-pages/", make(fields));
      }),
      RUNS,
    );
  }, 180_000);

  it("creates and saves promocodes from arbitrary bodies", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(Object.keys(newCode())), async (make) => {
        await expectNoHalfWrite("POST", "/api/v2/admin/promocodes/", make(newCode()));
      }),
      RUNS,
    );
    const created = await t.call("POST", "/api/v2/admin/promocodes/", {
      headers: staff.headers,
      body: newCode(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const read = async () =>
      (await t.call("GET", `/api/v2/admin/promocodes/${id}/`, { headers: staff.headers })).json();
    await fc.assert(
      fc.asyncProperty(mutated([...Object.keys(newCode()), "version"]), async (make) => {
        const { id: _id, created_at: _c, uses: _u, ...fields } = await read();
        await expectNoHalfWrite("PUT", `/api/v2/admin/promocodes/${id}/`, make(fields), read);
      }),
      RUNS,
    );
  }, 180_000);

  it("creates and saves redirects from arbitrary bodies", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(Object.keys(newRedirect())), async (make) => {
        await expectNoHalfWrite("POST", "/api/v2/admin/redirects/", make(newRedirect()));
      }),
      RUNS,
    );
    const created = await t.call("POST", "/api/v2/admin/redirects/", {
      headers: staff.headers,
      body: newRedirect(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const read = async () =>
      (await t.call("GET", `/api/v2/admin/redirects/${id}/`, { headers: staff.headers })).json();
    await fc.assert(
      fc.asyncProperty(mutated([...Object.keys(newRedirect()), "version"]), async (make) => {
        const { id: _id, external: _e, updated_at: _u, ...fields } = await read();
        await expectNoHalfWrite("PUT", `/api/v2/admin/redirects/${id}/`, make(fields), read);
      }),
      RUNS,
    );
  }, 180_000);

  it("issues and deactivates gift cards from arbitrary bodies", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(Object.keys(newCard())), async (make) => {
        await expectNoHalfWrite("POST", "/api/v2/admin/gift-cards/", make(newCard()));
      }),
      RUNS,
    );
    const created = await t.call("POST", "/api/v2/admin/gift-cards/", {
      headers: staff.headers,
      body: newCard(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const read = async () =>
      (await t.call("GET", `/api/v2/admin/gift-cards/${id}/`, { headers: staff.headers })).json();
    await fc.assert(
      fc.asyncProperty(mutated(["is_active", "version"]), async (make) => {
        const { version, is_active } = await read();
        await expectNoHalfWrite(
          "PUT",
          `/api/v2/admin/gift-cards/${id}/`,
          make({ is_active: !is_active, version }),
          read,
        );
      }),
      RUNS,
    );
  }, 180_000);
});
