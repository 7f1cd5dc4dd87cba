import { brotliDecompressSync, gunzipSync } from "node:zlib";
import SwaggerParser from "@apidevtools/swagger-parser";
import { PAGE_ROUTES, PAGE_TITLES } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test/test-app.ts";

describe("the shop server", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { CORS_ORIGINS: "https://school.example, http://localhost:5173" } });
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it("reports health and readiness with the database reachable", async () => {
    expect((await ctx.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await ctx.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: ctx.database.kind });
  });

  it("answers every page route of spec §2 with 200, the locale's <html lang> and <title>", async () => {
    for (const route of PAGE_ROUTES) {
      // A product (or its buy page) or instructor that does not exist answers 404 (this database is empty;
      // see seo/seo.test.ts).
      if (route.key === "product" || route.key === "productBuy" || route.key === "instructor") continue;
      const path = route.path.replace(/\$[a-z]+/i, "1");
      const de = await ctx.app.inject(path);
      expect(de.statusCode, path).toBe(200);
      expect(de.headers["content-type"]).toContain("text/html");
      expect(de.body).toContain('<html lang="de">');
      if (route.key !== "home") expect(de.body).toContain(`<title>${PAGE_TITLES[route.key].de} – `);
      const ru = await ctx.app.inject(`${path}?locale=ru`);
      expect(ru.body).toContain('<html lang="ru">');
      if (route.key !== "home") expect(ru.body).toContain(`<title>${PAGE_TITLES[route.key].ru} – `);
    }
  });

  it("puts canonical and hreflang alternates into known pages", async () => {
    const res = await ctx.app.inject("/courses?locale=ru");
    expect(res.body).toContain('<link rel="canonical" href="http://shop.test/courses?locale=ru">');
    expect(res.body).toContain('hreflang="de" href="http://shop.test/courses?locale=de"');
    expect(res.body).toContain('hreflang="ru" href="http://shop.test/courses?locale=ru"');
  });

  it("picks the page locale from the cookie, then Accept-Language", async () => {
    const byCookie = await ctx.app.inject({ url: "/courses", headers: { cookie: "i18n_redirected=ru" } });
    expect(byCookie.body).toContain('<html lang="ru">');
    const byHeader = await ctx.app.inject({
      url: "/courses",
      headers: { "accept-language": "ru-RU,ru;q=0.9" },
    });
    expect(byHeader.body).toContain('<html lang="ru">');
  });

  it("answers unknown page paths with status 404 while still serving the app", async () => {
    const res = await ctx.app.inject("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect((await ctx.app.inject("/product/1/extra")).statusCode).toBe(404);
  });

  it("redirects /school-offers to /school_offer keeping the query", async () => {
    const res = await ctx.app.inject("/school-offers?locale=ru");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/school_offer?locale=ru");
  });

  it("serves static files with cache headers, and the cookie policy PDF", async () => {
    const asset = await ctx.app.inject("/assets/index-abc.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await ctx.app.inject("/version.json")).headers["cache-control"]).toBe("no-cache");
    const pdf = await ctx.app.inject("/docs/cookies.pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });

  it("lets other origins embed images and documents (CORP cross-origin); pages and API stay same-origin", async () => {
    for (const path of ["/images/catalogue/test.svg", "/docs/cookies.pdf"]) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["cross-origin-resource-policy"], path).toBe("cross-origin");
    }
    for (const path of ["/", "/api/v2/products/categories/", "/assets/index-abc.js"]) {
      expect((await ctx.app.inject(path)).headers["cross-origin-resource-policy"], path).toBe("same-origin");
    }
  });

  it("sends a precompressed image (br, gzip) with the same CORP cross-origin as the plain one (issue 31 item 1)", async () => {
    // The existing client's <img> on another origin: a browser that accepts br/gzip gets `test.svg.br`.
    for (const path of ["/images/catalogue/test.svg", "/images/instructors/anna.svg"]) {
      for (const encoding of ["br", "gzip"] as const) {
        const res = await ctx.app.inject({
          url: path,
          headers: { "accept-encoding": encoding === "br" ? "br, gzip" : "gzip" },
        });
        expect(res.statusCode, `${path} ${encoding}`).toBe(200);
        expect(res.headers["content-encoding"], `${path} ${encoding}`).toBe(encoding);
        expect(res.headers["content-type"], path).toContain("image/svg+xml");
        expect(res.headers["cross-origin-resource-policy"], `${path} ${encoding}`).toBe("cross-origin");
      }
      const plain = await ctx.app.inject({ url: path, headers: { "accept-encoding": "identity" } });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
  });

  it("names a page's own route chunks as modulepreload, not the entry's", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads((await ctx.app.inject("/courses")).body)).toEqual([
      "/assets/courses-3.js",
      "/assets/cards-2.js",
    ]);
    expect(preloads((await ctx.app.inject("/legal")).body)).toEqual(["/assets/legal-4.js"]);
    expect(preloads((await ctx.app.inject("/prices")).body)).toEqual([]);
    expect((await ctx.app.inject("/.vite/manifest.json")).statusCode).toBe(404);
  });

  it("sends built assets precompressed and compresses large dynamic replies", async () => {
    const plain = await ctx.app.inject("/assets/index-abc.js");
    const br = await ctx.app.inject({ url: "/assets/index-abc.js", headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const doc = await ctx.app.inject({
      url: "/api/docs/openapi.json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(doc.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it("sends security headers with a Content-Security-Policy", async () => {
    const res = await ctx.app.inject("/");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toContain("max-age=");
    // The shop's own refusals carry the same headers (D434 sets them through the reply, not the raw response).
    for (const [url, status] of [
      ["/api/v2/orders/current/?cart_id=not-a-uuid", 400],
      ["/api/v2/no-such-call/", 404],
    ] as const) {
      const refused = await ctx.app.inject(url);
      expect(refused.statusCode, url).toBe(status);
      expect(refused.headers["content-security-policy"], url).toBe(csp);
      expect(refused.headers["x-content-type-options"], url).toBe("nosniff");
    }
  });

  it("allows credentialed CORS for configured origins only", async () => {
    const allowed = await ctx.app.inject({
      method: "OPTIONS",
      url: "/api/v2/users/me/",
      headers: {
        origin: "https://school.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization,x-csrftoken",
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://school.example");
    expect(allowed.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(allowed.headers["access-control-allow-headers"]).toLowerCase()).toContain("x-csrftoken");

    const other = await ctx.app.inject({ url: "/healthz", headers: { origin: "https://evil.example" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("publishes a valid OpenAPI 3 document generated from the route schemas", async () => {
    const res = await ctx.app.inject("/api/docs/openapi.json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain("/readyz");
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    const ui = await ctx.app.inject("/api/docs/");
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });
});

describe("readiness without a database", () => {
  it("answers 503 when the database is not reachable", async () => {
    const ctx = await createTestApp();
    await ctx.database.close();
    const res = await ctx.app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: "database not reachable" });
    await ctx.app.close();
  });
});
