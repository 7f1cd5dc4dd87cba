import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixtureWebDist, createTestApp } from "../test/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // A web build with the back office built beside the storefront (web/vite.admin.config.ts).
  const dist = createFixtureWebDist();
  mkdirSync(join(dist, "admin", "assets"), { recursive: true });
  writeFileSync(
    join(dist, "admin", "admin.html"),
    `<!doctype html><html lang="de"><head><title>Atelier · Verwaltung</title></head><body><div id="admin"></div><script type="module" src="/admin/assets/admin-xyz.js"></script></body></html>`,
  );
  writeFileSync(join(dist, "admin", "assets", "admin-xyz.js"), "console.log('react-admin');");
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
}, 60_000);
afterAll(() => t?.close());

describe("the back office's page", () => {
  it("serves the admin's own HTML for /admin and every path under it, never indexed", async () => {
    for (const url of ["/admin", "/admin/", "/admin/products/12", "/admin/slots/create?source=%7B%7D"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="admin">');
      expect(res.body, url).toContain("/admin/assets/admin-xyz.js");
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    }
  });

  it("serves its chunks as immutable assets", async () => {
    const res = await t.app.inject({ method: "GET", url: "/admin/assets/admin-xyz.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a build file it does not have (another release's) as a plain 404, not as a page (D553)", async () => {
    for (const url of ["/assets/index-OTHER.js", "/admin/assets/admin-OTHER.js"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/plain/);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.body, url).not.toContain("<html");
    }
  });

  it("keeps the storefront's pages on the storefront's HTML, without the admin's script", async () => {
    for (const url of ["/", "/courses", "/workshops", "/no-such-page"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).not.toContain("/admin/assets/");
    }
  });
});
