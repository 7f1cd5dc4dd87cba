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
});
