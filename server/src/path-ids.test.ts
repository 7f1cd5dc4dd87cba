import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "./test/shop-fixtures.ts";
import { createTestApp } from "./test/test-app.ts";

/**
 * A record's id in a path that no row can have (0, past PostgreSQL's int4, or no number at all) is simply not
 * found, as a missing record and as Django REST answers it (its `<int:pk>` routes match digits only); it is
 * never sent to PostgreSQL. Swept over every operation of the OpenAPI document whose path names records by
 * number, as an admin (who passes every guard).
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t.database.db, "admin");
}, 60_000);
afterAll(() => t?.close());

/**
 * Path parameters that name a record by its number (the others are tokens, codes, months). Some `{id}`s are
 * references that also take other words (an order's gateway id, a product's slug): swept too, they look up
 * what they are given and find nothing.
 */
const NUMERIC = new Set(["id", "child", "doc", "courseId", "itemId"]);

async function numericIdOperations() {
  const doc = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "");
      return names.length > 0 && names.every((name) => NUMERIC.has(name));
    })
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
}

const call = (method: string, url: string, locale = "de") =>
  t.app.inject({
    method: method as "GET",
    url: `${url}?locale=${locale}`,
    headers: admin.headers,
    ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
  });

describe("ids in paths", () => {
  it("answers an id no row can have, or no number, 404 not_found, as a missing record, on every route with a numeric id", async () => {
    const operations = await numericIdOperations();
    expect(operations.length).toBeGreaterThanOrEqual(80);
    const wrong: string[] = [];
    for (const { path, method } of operations) {
      for (const id of ["2147483648", "99999999999", "0", "abc", "1e3", "-1"]) {
        const url = path.replace(/\{[^}]+\}/g, id);
        const res = await call(method, url);
        const body = res.json();
        if (
          res.statusCode !== 404 ||
          body.error_codes?.detail !== "not_found" ||
          body.detail !== "Nicht gefunden."
        )
          wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);

    // The same reply as a record that is missing, in the request's language.
    const missing = await call("GET", "/api/v2/admin/people/2147483647/", "ru");
    const overflow = await call("GET", "/api/v2/admin/people/2147483648/", "ru");
    expect(missing.statusCode).toBe(404);
    expect(overflow.statusCode).toBe(404);
    expect(overflow.json()).toEqual(missing.json());
    expect(overflow.json()).toEqual({ detail: "Не найдено.", error_codes: { detail: "not_found" } });
  }, 120_000);

  it("answers an id that is no number 404 in Django REST's shape, and finds the record a number with leading zeros names", async () => {
    for (const [method, url] of [
      ["GET", "/api/v2/admin/people/abc/"],
      ["GET", "/api/v2/admin/people/-1/"],
      ["GET", "/api/v2/admin/people/1e3/"],
      ["GET", "/api/v2/admin/people/%205/"],
      ["PATCH", "/api/v2/visitors/1.5/"],
      ["DELETE", "/api/v2/orders/items/delete_course/x/1/"],
      ["GET", "/api/v2/orders/abc/invoice.pdf"],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: "Nicht gefunden.", error_codes: { detail: "not_found" } });
    }
    const russian = await call("GET", "/api/v2/admin/people/abc/", "ru");
    expect(russian.json()).toEqual({ detail: "Не найдено.", error_codes: { detail: "not_found" } });
    // References that are no numbers keep their own rules: a door's code, a gateway's order id.
    expect((await call("GET", "/api/v2/checkin/x/")).json().error_codes).toEqual({ code: ["invalid"] });
    expect((await call("POST", "/api/v2/orders/PAYPAL-UNKNOWN-1/capture/")).statusCode).toBe(404);
    const found = await call("GET", `/api/v2/admin/people/000${admin.id}/`);
    expect(found.statusCode).toBe(200);
    expect(found.json().id).toBe(admin.id);
  });
});
