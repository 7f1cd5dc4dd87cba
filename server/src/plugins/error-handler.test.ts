import { EmailSchema, LocaleQuerySchema, NameSchema, PhoneSchema } from "@atelier/contract";
import { eq } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "../db/schema/index.ts";
import { AppError } from "../errors/app-error.ts";
import { createParent, createStaff } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { pathGuard } from "./auth.ts";

describe("error mechanism", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const app = ctx.app.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/v2/_test/echo/",
      {
        schema: {
          querystring: LocaleQuerySchema,
          body: z.object({
            email: EmailSchema,
            first_name: NameSchema,
            phone_number: PhoneSchema,
            age: z.number().int(),
          }),
        },
      },
      async (request) => request.body,
    );
    app.get("/api/v2/_test/boom/", async () => {
      throw new Error("secret database password leaked in message");
    });
    app.get("/api/v2/_test/missing/", async () => {
      throw AppError.notFound();
    });
    app.get("/api/v2/_test/conflict/", async () => {
      throw AppError.validation("promocode", "invalid");
    });
    await app.ready();
  });
  afterAll(() => ctx.close());

  it("turns validation failures into DRF-style field errors with stable codes", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/",
      payload: { email: "not-an-email", first_name: "   ", phone_number: "+49 12", age: "x" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.email).toEqual(["Geben Sie eine gültige E-Mail-Adresse ein."]);
    expect(body.error_codes.email).toEqual(["invalid_email"]);
    expect(body.error_codes.first_name).toEqual(["required"]);
    expect(body.error_codes.phone_number).toEqual(["invalid_phone"]);
    expect(body.error_codes.age).toEqual(["invalid_type"]);
  });

  it("writes messages in the locale of the request", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/?locale=ru",
      payload: { email: "bad", first_name: "Anna", phone_number: "+4915112345678", age: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().email).toEqual(["Введите правильный адрес электронной почты."]);
  });

  it("names a missing field as required", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/v2/_test/echo/", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toMatchObject({
      email: ["required"],
      first_name: ["required"],
      age: ["required"],
    });
  });

  it("rejects an unknown locale with the field named", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/?locale=fr",
      payload: { email: "a@b.de", first_name: "Anna", phone_number: "+4915112345678", age: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes.locale).toEqual(["invalid_choice"]);
  });

  it("refuses NUL characters in any input with a 400 naming the field, before the database sees them", async () => {
    const inQuery = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/?locale=de%00",
      payload: { email: "a@b.de", first_name: "Anna", phone_number: "+4915112345678", age: 3 },
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().error_codes).toEqual({ locale: ["invalid"] });
    const inBody = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/",
      payload: { email: "a@b.de", first_name: "An\u0000na", phone_number: "+4915112345678", age: 3 },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().error_codes).toEqual({ first_name: ["invalid"] });
  });

  it("refuses a lone UTF-16 surrogate with a 400 naming the field, also where it would be stored", async () => {
    const echo = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/",
      headers: { "content-type": "application/json" },
      payload: '{"email":"a@b.de","first_name":"\\u00e4\\udc20","phone_number":"+4915112345678","age":3}',
    });
    expect(echo.statusCode).toBe(400);
    expect(echo.json().error_codes).toEqual({ first_name: ["invalid"] });
    const stored = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/contact_us/callback/?locale=de",
      headers: { "content-type": "application/json" },
      payload:
        '{"first_name":"Anna","last_name":"\\ud800x","email":"a@b.de","phone":"+4915112345678","comment":""}',
    });
    expect(stored.statusCode).toBe(400);
    expect(stored.json().error_codes).toEqual({ last_name: ["invalid"] });
    // A correct pair (an emoji) is text like any other.
    const pair = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/",
      payload: { email: "a@b.de", first_name: "Anna \u{1F3A8}", phone_number: "+4915112345678", age: 3 },
    });
    expect(pair.statusCode).toBe(200);
  });

  it("answers JSON nested 8000 levels deep with a clear 400, not a stack overflow", async () => {
    for (const payload of [
      `${'{"a":'.repeat(8000)}1${"}".repeat(8000)}`,
      `${"[".repeat(8000)}${"]".repeat(8000)}`,
    ]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v2/_test/echo/?locale=ru",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: ["Данные имеют слишком глубокую вложенность."],
        error_codes: { non_field_errors: ["too_deep"] },
      });
    }
  });

  it("refuses a body that is not UTF-8 before any route sees it, instead of storing U+FFFD (D484)", async () => {
    for (const [bytes, contentType] of [
      [
        Buffer.from([...Buffer.from('{"first_name":"A'), 0xff, 0xfe, ...Buffer.from('B"}')]),
        "application/json",
      ],
      [
        Buffer.from([...Buffer.from('{"last_name":"Al'), 0xc3, ...Buffer.from('pha"}')]),
        "application/json; charset=latin1",
      ],
    ] as const) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v2/_test/echo/?locale=ru",
        headers: { "content-type": contentType },
        payload: bytes,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: ["Некорректный запрос."],
        error_codes: { non_field_errors: ["parse_error"] },
      });
    }
    // The same text written as UTF-8 is a name like any other.
    const fine = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/",
      headers: { "content-type": "application/json" },
      payload: Buffer.from(
        JSON.stringify({
          email: "a@b.de",
          first_name: "Anna Müller-Ёлкина",
          phone_number: "+4915112345678",
          age: 3,
        }),
      ),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("answers malformed JSON with a 400 non_field_errors body", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes.non_field_errors).toEqual(["parse_error"]);
  });

  it("answers an unsupported content type with 415 detail", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v2/_test/echo/",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty("detail");
  });

  it("hides unexpected errors behind a generic 500 detail", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v2/_test/boom/" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      detail: "Ein interner Fehler ist aufgetreten.",
      error_codes: { detail: "server_error" },
    });
    expect(res.body).not.toContain("secret");
  });

  it("maps service errors to their status: detail for 404, field errors for 400", async () => {
    const missing = await ctx.app.inject({ method: "GET", url: "/api/v2/_test/missing/?locale=ru" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("Не найдено.");
    const conflict = await ctx.app.inject({ method: "GET", url: "/api/v2/_test/conflict/" });
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().error_codes).toEqual({ promocode: ["invalid"] });
  });

  it("answers unknown API paths with a JSON 404, whatever the method, and OPTIONS without CORS as before", async () => {
    for (const [method, url] of [
      ["GET", "/api/v2/no-such-thing/"],
      ["DELETE", "/api/v2/no-such-thing/"],
      ["POST", "/api/v2/products/1/extra/"],
      // Without CORS origins, @fastify/cors's OPTIONS route hands the request to the not-found handler.
      ["OPTIONS", "/api/v2/visitors/"],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.headers.allow).toBeUndefined();
      expect(res.json().error_codes.detail).toBe("not_found");
    }
  });
});

describe("a method the path has no route for (405, as Django REST answers it)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { CORS_ORIGINS: "https://school.example" } });
  }, 60_000);
  afterAll(() => ctx?.close());

  it("answers 405 method_not_allowed in the request's language, with Allow naming the path's methods", async () => {
    for (const [method, url, allow, detail] of [
      ["DELETE", "/api/v2/orders/current/", "GET, HEAD", "Methode „DELETE“ nicht erlaubt."],
      ["GET", "/api/v2/users/sign_in/?locale=ru", "POST", "Метод «GET» не разрешён."],
      ["PUT", "/api/v2/visitors/5/", "PATCH", "Methode „PUT“ nicht erlaubt."],
      ["POST", "/api/v2/products/", "GET, HEAD", "Methode „POST“ nicht erlaubt."],
      ["DELETE", "/healthz", "GET, HEAD", "Methode „DELETE“ nicht erlaubt."],
      // A page of the shop, too: it is read, not posted to.
      ["POST", "/courses", "GET, HEAD", "Methode „POST“ nicht erlaubt."],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json(), `${method} ${url}`).toEqual({
        detail,
        error_codes: { detail: "method_not_allowed" },
      });
    }
    const russian = await ctx.app.inject({
      method: "DELETE",
      url: "/api/v2/orders/current/",
      headers: { "accept-language": "ru" },
    });
    expect(russian.json().detail).toBe("Метод «DELETE» не разрешён.");
  });

  it("keeps HEAD, CORS preflights and a plain OPTIONS as they were", async () => {
    const head = await ctx.app.inject({ method: "HEAD", url: "/api/v2/products/" });
    expect(head.statusCode).toBe(200);
    const preflight = await ctx.app.inject({
      method: "OPTIONS",
      url: "/api/v2/visitors/5/",
      headers: { origin: "https://school.example", "access-control-request-method": "PATCH" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://school.example");
    expect(preflight.headers.allow).toBeUndefined();
  });
});

describe("a method a staff path lacks: sign-in and role first, as Django REST checks them before the method", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 60_000);
  afterAll(() => ctx?.close());

  const ask = (method: "PUT" | "DELETE" | "POST", url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers });

  it("tells a guest to sign in and a parent that it is not theirs, without naming the path's methods", async () => {
    const parent = await createParent(ctx.database.db);
    const staff = await createStaff(ctx.database.db);
    const instructor = await createParent(ctx.database.db);
    await ctx.database.db.update(users).set({ role: "instructor" }).where(eq(users.id, instructor.id));
    for (const [method, url, allow] of [
      ["PUT", "/api/v2/admin/people/", "GET, HEAD"],
      ["DELETE", "/api/v2/admin/me/", "GET, HEAD"],
      ["POST", "/api/v2/admin/lessons/credits/", "GET, HEAD"],
      ["DELETE", "/api/v2/checkin/ABC123/", "GET, POST, HEAD"],
    ] as const) {
      const guest = await ask(method, url);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(guest.headers.allow, `${method} ${url}`).toBeUndefined();
      expect(guest.json().error_codes).toEqual({ detail: "not_authenticated" });
      expect(guest.headers["www-authenticate"]).toBe("Token");
      const stale = await ask(method, `${url}?locale=ru`, { authorization: "Token nonsense" });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().error_codes).toEqual({ detail: "authentication_failed" });
      for (const who of [parent, instructor]) {
        const refused = await ask(method, url, who.headers);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.headers.allow).toBeUndefined();
        expect(refused.json()).toEqual({
          detail: "Keine Berechtigung.",
          error_codes: { detail: "permission_denied" },
        });
      }
      // Staff, whom the path is for, learn the method is wrong.
      const allowed = await ask(method, url, staff.headers);
      expect(allowed.statusCode, `${method} ${url}`).toBe(405);
      expect(allowed.headers.allow).toBe(allow);
    }
    // The instructor's phone: its own people hear the 405, staff and parents 403.
    const url = "/api/v2/instructor/me/";
    expect((await ask("DELETE", url)).statusCode).toBe(401);
    expect((await ask("DELETE", url, parent.headers)).statusCode).toBe(403);
    expect((await ask("DELETE", url, staff.headers)).statusCode).toBe(403);
    const own = await ask("DELETE", url, instructor.headers);
    expect(own.statusCode).toBe(405);
    expect(own.headers.allow).toBe("GET, HEAD");
    // Paths of everyone keep their 405 for a guest (D637).
    expect((await ask("DELETE", "/api/v2/orders/current/")).statusCode).toBe(405);
  });

  it("has a guard for a path prefix only where every route under it is guarded", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const unguarded: string[] = [];
    let swept = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, "1");
      if (!pathGuard(url)) continue;
      for (const method of Object.keys(methods)) {
        swept += 1;
        const res = await ctx.app.inject({ method: method.toUpperCase() as "GET", url });
        if (res.statusCode !== 401 || res.headers["www-authenticate"] !== "Token")
          unguarded.push(`${method} ${path}: ${res.statusCode} ${res.headers["www-authenticate"]}`);
      }
    }
    expect(swept).toBeGreaterThan(100);
    expect(unguarded).toEqual([]);
  }, 60_000);
});
