import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locations } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { type createParent, createStaff } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";

// The web app's server entry from its sources, as in server-rendering.test.ts (D86).
const ENTRY = join(import.meta.dirname, "../../../web/src/entry-server.tsx");

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let staff: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { WEB_SSR_ENTRY: ENTRY } });
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
  staff = await createStaff(ctx.database.db);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });
const admin = (method: "GET" | "POST" | "PUT", path: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/v2/admin/${path}`,
    headers: staff.headers,
    payload: payload as object,
  });
// Text as React writes it into HTML.
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The footer's contact block as the server rendered it, and the query cache the page carries for hydration.
 * (/contacts and /menu are rendered by the browser, D86; they show the same component with the same query.)
 */
async function contactBlock(path: string, locale: "de" | "ru") {
  const res = await get(`${path}?locale=${locale}`);
  expect(res.statusCode).toBe(200);
  const html = res.body;
  const footer = html.slice(html.indexOf("<footer"));
  const state = html.slice(html.indexOf('id="app-state"'));
  return { block: footer.slice(footer.indexOf("<address"), footer.indexOf("</address>")), state };
}

const house = (name: { de: string; ru: string }, street: string, extra: Record<string, unknown> = {}) => ({
  name,
  street,
  post_code: "12045",
  city: "Berlin",
  map_url: `https://www.openstreetmap.org/search?query=${encodeURIComponent(street)}`,
  phone: null,
  sort_order: 5,
  is_active: true,
  ...extra,
});

describe("the contact block lists the houses staff keep (D177)", () => {
  it("a house staff add or rename shows in the server-rendered footer in German and Russian, in the school's order; an inactive one does not", async () => {
    const { block: before } = await contactBlock("/prices", "de");
    expect(before).toContain("Atelier Charlottenburg");
    expect(before).toContain('href="tel:+49307654321"');

    const added = await admin(
      "POST",
      "locations/",
      house({ de: "Atelier Neukölln", ru: "«Ателье» в Нойкёльне" }, "Weserstraße 58", {
        phone: "+49 30 5550123",
      }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const closed = await admin(
      "POST",
      "locations/",
      house({ de: "Atelier Pankow", ru: "«Ателье» в Панкове" }, "Breite Straße 1", { is_active: false }),
    );
    expect(closed.statusCode, closed.body).toBe(201);
    const [charlottenburg] = await ctx.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.street, "Wilmersdorfer Straße 85"));
    if (!charlottenburg) throw new Error("seed data missing");
    const current = (await admin("GET", `locations/${charlottenburg.id}/`)).json();
    const { id: _id, label: _l, pages: _p, closures: _c, ...fields } = current;
    const renamed = await admin("PUT", `locations/${charlottenburg.id}/`, {
      ...fields,
      name: { de: "Atelier Westend", ru: "«Ателье» в Вестенде" },
      street: "Kaiserdamm 7",
      post_code: "14057",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const expected = {
      de: {
        added: "Atelier Neukölln",
        renamed: "Atelier Westend",
        old: "Atelier Charlottenburg",
        first: "Atelier Prenzlauer Berg",
        closed: "Atelier Pankow",
      },
      ru: {
        added: "«Ателье» в Нойкёльне",
        renamed: "«Ателье» в Вестенде",
        old: "«Ателье» в Шарлоттенбурге",
        first: "«Ателье» в Пренцлауэр-Берге",
        closed: "«Ателье» в Панкове",
      },
    } as const;
    for (const locale of ["de", "ru"] as const) {
      const names = expected[locale];
      for (const path of ["/prices", "/courses", "/"]) {
        const { block, state } = await contactBlock(path, locale);
        const where = `${path} ${locale}`;
        expect(block, where).toContain(escaped(names.added));
        expect(block, where).toContain(escaped(names.renamed));
        expect(block, where).toContain("Kaiserdamm 7");
        expect(block, where).toContain("14057 Berlin");
        expect(block, where).not.toContain(escaped(names.old));
        expect(block, where).not.toContain("Wilmersdorfer Straße 85");
        expect(block, where).not.toContain(escaped(names.closed));
        expect(block, where).not.toContain("Breite Straße 1");
        // In the school's order: the new house (5) before the seeded ones (10, 20).
        expect(block.indexOf(escaped(names.added)), where).toBeLessThan(block.indexOf(escaped(names.first)));
        expect(block.indexOf(escaped(names.first)), where).toBeLessThan(
          block.indexOf(escaped(names.renamed)),
        );
        // Each house's own phone and map link; the renamed house keeps the number the migration gave it.
        expect(block, where).toContain('href="tel:+49305550123"');
        expect(block, where).toContain(">+49 30 5550123<");
        expect(block, where).toContain('href="tel:+49307654321"');
        expect(block, where).toContain(
          'href="https://www.openstreetmap.org/search?query=Weserstra%C3%9Fe%2058"',
        );
        expect(block, where).toMatch(/href="mailto:[^"]+@/);
        // The browser hydrates from the same list, without asking again (no flash, no shift).
        expect(state, where).toContain('"houses"]');
        expect(state, where).toContain("Kaiserdamm 7");
      }
    }
  });

  it("without an active house the block still gives the school's phone and e-mail, no error", async () => {
    await ctx.database.db.update(locations).set({ isActive: false });
    for (const locale of ["de", "ru"] as const) {
      const { block } = await contactBlock("/prices", locale);
      expect(block).not.toContain('data-testid="school-locations"');
      expect(block).toContain('href="tel:+49301234567"');
      expect(block).toContain('href="tel:+4917612345678"');
      expect(block).toMatch(/href="mailto:[^"]+@/);
    }
  });
});
