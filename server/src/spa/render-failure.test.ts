import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixtureWebDist, createTestApp } from "../test/test-app.ts";

/**
 * Spec §2's generic error page (500), D175: a page the server renderer fails on (a component that throws
 * while rendering) answers 500 instead of an empty page with 200, is never indexed, and still carries the
 * app, which renders it in the browser and shows the error page if it fails there too.
 */

// A server entry whose render of the course list throws, as a broken component would; other pages render.
const ENTRY = `
export async function renderApp({ url }) {
  if (url.startsWith("/courses")) throw new Error("Kurse: render failed");
  return { html: "<h1>Rendered</h1>", state: { queries: {}, page: { cookieModal: false } } };
}
`;

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const entry = join(mkdtempSync(join(tmpdir(), "atelier-ssr-")), "entry-server.mjs");
  writeFileSync(entry, ENTRY);
  ctx = await createTestApp({ env: { WEB_DIST_DIR: createFixtureWebDist(), WEB_SSR_ENTRY: entry } });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe("a page the server fails to render (spec §2, 500)", () => {
  for (const locale of ["de", "ru"] as const) {
    it(`answers 500 with the app to render it and no index (${locale})`, async () => {
      const reply = await ctx.app.inject({ method: "GET", url: `/courses?locale=${locale}` });
      expect(reply.statusCode).toBe(500);
      expect(reply.headers["content-type"]).toMatch(/^text\/html/);
      const html = reply.body;
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
      // The browser's app gets an empty root to render into (it shows the page, or the error page).
      expect(html).toContain('<div id="root"></div>');
      expect(html).toMatch(/<script type="module"[^>]*src="\/assets\/index-abc\.js"/);
      expect(html).not.toContain("render failed");
    });
  }

  it("keeps 200 for the pages it renders", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/workshops?locale=de" });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain("<h1>Rendered</h1>");
  });
});
