import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutTestApp } from "./test/checkout-fixtures.ts";
import { malformedSweep } from "./test/malformed-sweep.ts";
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

describe(`every public operation with malformed input (${usesPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it("answers below 500 to malformed ids and bodies, on every operation of the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json();
    const { operations, failures } = await malformedSweep({
      doc,
      keep: (path) => path.startsWith("/api/") && !path.startsWith("/api/v2/admin/"),
      call: t.call,
      headers: parent.headers,
    });
    expect(operations).toBeGreaterThanOrEqual(60);
    expect(failures).toEqual([]);
  }, 300_000);
});
