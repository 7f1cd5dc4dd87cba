import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import { createCheckoutTestApp } from "../test/checkout-fixtures.ts";
import { malformedSweep } from "../test/malformed-sweep.ts";
import { createParent } from "../test/shop-fixtures.ts";
import { usesPostgres } from "../test/test-database.ts";

/**
 * Every operation of the back office, as the admin, with ids and bodies no form sends: the answer is a
 * 4xx (or a 2xx where the input happens to be acceptable), never a 5xx. The property tests of each area
 * go deeper on their routes; this sweep reaches the routes added since, from the OpenAPI document, so a
 * new route cannot miss the rule "bad input gets a clear 4xx, never a 500".
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let admin: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await createCheckoutTestApp({ gateway: "demo" });
  admin = await createParent(t.db);
  await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
}, 60_000);
afterAll(() => t?.close());

describe(`every back-office operation with malformed input (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("answers below 500 to malformed ids and bodies, on every operation of the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json();
    const { operations, failures } = await malformedSweep({
      doc,
      keep: (path) => path.startsWith("/api/v2/admin/"),
      call: t.call,
      headers: admin.headers,
    });
    expect(operations).toBeGreaterThanOrEqual(50);
    expect(failures).toEqual([]);
  }, 300_000);

  it("reads several records by id, as react-admin's getMany asks, and refuses a control character in a search, on every list", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const lists = Object.entries(doc.paths)
      .filter(
        ([path, item]) =>
          path.startsWith("/api/v2/admin/") &&
          !path.includes("{") &&
          item.get?.parameters?.some((one) => one.in === "query" && one.name === "filter"),
      )
      .map(([path]) => path);
    expect(lists.length).toBeGreaterThanOrEqual(20);
    const answers: string[] = [];
    for (const path of lists) {
      const many = await t.call("GET", path, { headers: admin.headers, query: { filter: '{"id":[1,2]}' } });
      if (many.statusCode !== 200) answers.push(`${path} ids ${many.statusCode}`);
      const nul = await t.call("GET", path, {
        headers: admin.headers,
        query: { filter: '{"q":"a\\u0000"}' },
      });
      if (nul.statusCode >= 500) answers.push(`${path} q ${nul.statusCode}`);
    }
    expect(answers).toEqual([]);
  }, 120_000);
});
