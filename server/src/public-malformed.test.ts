import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutTestApp } from "./test/checkout-fixtures.ts";
import { createParent } from "./test/shop-fixtures.ts";
import { usesPostgres } from "./test/test-database.ts";

/**
 * Every public operation (the shop's own and the existing client's), as a signed-in parent, with ids and
 * bodies no form sends: never a 5xx. The sibling of `admin/admin-malformed.test.ts`; the property tests of
 * each area go deeper on their routes.
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let parent: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  parent = await createParent(t.db);
}, 60_000);
afterAll(() => t?.close());

/**
 * Path values: for an id one that exists (the demo's first rows), one that exists in no table, one out of
 * int4 and one not a number; for a month a real one and an impossible one.
 */
const PATH_VALUES: Record<string, string[]> = {
  month: ["2026-11", "2026-13"],
  default: ["1", "999999", "2147483648", "abc"],
};
const pathsOf = (path: string) => {
  const name = /\{([^}]+)\}/.exec(path)?.[1];
  if (!name) return [path];
  return (PATH_VALUES[name] ?? PATH_VALUES.default ?? []).map((value) => path.replace(/\{[^}]+\}/g, value));
};
/** Bodies: empty, of the wrong type, with NUL bytes and lone surrogates, numbers out of range, deep nesting. */
const BODIES: unknown[] = [
  {},
  [],
  "text",
  { id: 2_147_483_648, version: -1, amount_cents: 1e308, date: "2026-02-30", locale: "xx" },
  { name: "\u0000", text: "\ud800", subject: "a\nb", email: "not-an-address", to: "x@y" },
  { a: { b: { c: { d: { e: [1, [2, [3, [4]]]] } } } } },
];

describe(`every public operation with malformed input (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("answers below 500 to malformed ids and bodies, on every operation of the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith("/api/") && !path.startsWith("/api/v2/admin/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(operations.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    for (const { path, method } of operations) {
      const verb = method.toUpperCase() as "GET";
      const withBody = method !== "get" && method !== "delete";
      for (const url of pathsOf(path)) {
        for (const body of withBody ? BODIES : [undefined]) {
          const res = await t.call(verb, url, { headers: parent.headers, body });
          if (res.statusCode >= 500)
            failures.push(
              `${method} ${url} ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
