import { VISITORS_MAX_PER_ACCOUNT, VisitorListSchema, VisitorSchema } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bornYearsAgo, createParent } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const request = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
  locale = "de",
) =>
  ctx.app.inject({
    method,
    url: `${url}?locale=${locale}`,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

const mila = { first_name: " Mila ", last_name: "Muster", birth_date: bornYearsAgo(7) };

describe("visitors", () => {
  it("a parent adds, lists and changes their children; names are trimmed", async () => {
    const parent = await createParent(ctx.database.db);
    const created = await request("POST", "/api/v2/visitors/", parent.headers, mila);
    expect(created.statusCode, created.body).toBe(201);
    const visitor = VisitorSchema.parse(created.json());
    expect(visitor).toMatchObject({ first_name: "Mila", last_name: "Muster", birth_date: mila.birth_date });

    const changed = await request("PATCH", `/api/v2/visitors/${visitor.id}/`, parent.headers, {
      first_name: "Milena",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: visitor.id, first_name: "Milena", last_name: "Muster" });

    const list = VisitorListSchema.parse((await request("GET", "/api/v2/visitors/", parent.headers)).json());
    expect(list).toEqual([{ ...visitor, first_name: "Milena" }]);
  });

  it("keeps at most 20 children per account, adds at the same moment included (D523)", async () => {
    const parent = await createParent(ctx.database.db);
    const adds = await Promise.all(
      Array.from({ length: VISITORS_MAX_PER_ACCOUNT + 2 }, (_, i) =>
        request("POST", "/api/v2/visitors/", parent.headers, { ...mila, first_name: `Kind ${i + 1}` }),
      ),
    );
    const statuses = adds.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(VISITORS_MAX_PER_ACCOUNT);
    const refused = adds.filter((res) => res.statusCode === 400);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json().error_codes).toEqual({ non_field_errors: ["visitors_too_many"] });
    expect(refused[0]?.json().non_field_errors[0]).toContain("20 Kinder");
    const list = VisitorListSchema.parse((await request("GET", "/api/v2/visitors/", parent.headers)).json());
    expect(list).toHaveLength(VISITORS_MAX_PER_ACCOUNT);
  });

  it("another parent's child is not found and not listed; without a token 401", async () => {
    const parent = await createParent(ctx.database.db);
    const stranger = await createParent(ctx.database.db);
    const visitor = (await request("POST", "/api/v2/visitors/", parent.headers, mila)).json();
    expect(
      (await request("PATCH", `/api/v2/visitors/${visitor.id}/`, stranger.headers, { first_name: "X" }))
        .statusCode,
    ).toBe(404);
    expect((await request("GET", "/api/v2/visitors/", stranger.headers)).json()).toEqual([]);
    expect((await request("GET", "/api/v2/visitors/", {})).statusCode).toBe(401);
    expect((await request("POST", "/api/v2/visitors/", {}, mila)).statusCode).toBe(401);
    // A guest is told to sign in before anything is read of what they sent (D493): not what a field needs.
    for (const [method, url, body] of [
      ["PATCH", "/api/v2/visitors/abc/", { first_name: "X" }],
      ["POST", "/api/v2/visitors/", { first_name: "" }],
      ["GET", "/api/v2/invoices/1/pdf/", undefined],
      ["POST", "/api/v2/orders/fulfill/", { payment_gateway: "bitcoin" }],
    ] as const) {
      const guest = await request(method as "GET" | "POST" | "PATCH", url, {}, body);
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json(), url).toEqual({
        detail: "Anmeldedaten fehlen.",
        error_codes: { detail: "not_authenticated" },
      });
    }
  });

  it.each([
    [{ ...mila, first_name: "  " }, "first_name", "required"],
    [{ ...mila, last_name: "x".repeat(65) }, "last_name", "too_long"],
    [{ ...mila, birth_date: "2020-02-30" }, "birth_date", "invalid_date"],
    [{ ...mila, birth_date: "01.02.2019" }, "birth_date", "invalid_date"],
    [{ ...mila, birth_date: bornYearsAgo(-1) }, "birth_date", "birth_date_in_future"],
    [{ ...mila, birth_date: bornYearsAgo(1) }, "birth_date", "birth_date_too_young"],
    [{ ...mila, birth_date: bornYearsAgo(101) }, "birth_date", "birth_date_too_old"],
    [{ first_name: "Mila", last_name: "Muster" }, "birth_date", "required"],
  ])("refuses %j: %s %s", async (body, field, code) => {
    const parent = await createParent(ctx.database.db);
    const res = await request("POST", "/api/v2/visitors/", parent.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ [field]: [code] });
  });

  it("accepts adults, who book the 14+ offers, and answers errors in Russian", async () => {
    const parent = await createParent(ctx.database.db);
    const adult = await request("POST", "/api/v2/visitors/", parent.headers, {
      ...mila,
      birth_date: bornYearsAgo(42),
    });
    expect(adult.statusCode).toBe(201);
    const ru = await request("POST", "/api/v2/visitors/", parent.headers, { ...mila, first_name: "" }, "ru");
    expect(ru.json().first_name[0]).toMatch(/[а-я]/);
  });
});
