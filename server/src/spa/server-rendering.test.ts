import { join } from "node:path";
import { ProductDetailSchema, ProductListSchema } from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPages, scheduleSlots } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { holdSeat } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { loadPageRenderer } from "./server-renderer.ts";

// The web app's server entry from its sources (the build of `vite build --ssr` is the same module), so
// this test renders what the shop renders without a web build (D86).
const ENTRY = join(import.meta.dirname, "../../../web/src/entry-server.tsx");
const SLUG = "kleine-maler-5-7";

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { WEB_SSR_ENTRY: ENTRY } });
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root" data-hydrating>'), html.indexOf('id="app-state"'));
// Text as React writes it into HTML.
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const namesOfType = async (type: string) =>
  ProductListSchema.parse((await get(`/api/v2/products/?product_type=${type}&locale=de`)).json()).results.map(
    (product) => product.name,
  );

async function firstSlotSpace() {
  const detail = ProductDetailSchema.parse((await get(`/api/v2/products/${SLUG}/?locale=de`)).json());
  const slot = detail.schedule_slots[0];
  if (!slot || slot.space === null) throw new Error("seed data missing");
  return { id: slot.id, space: slot.space };
}

describe("server-rendered pages (D86)", () => {
  it("a product page carries its name, price and seats left in the HTML, and its data for hydration", async () => {
    const { space } = await firstSlotSpace();
    const res = await get(`/product/${SLUG}?locale=de`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Kleine Maler<\/h1>/);
    expect(root).toMatch(/79\s€ \/ Monat/);
    expect(root).toContain(`noch ${space} Plätze frei`);
    // The query cache as a data block; the app starts after the first paint, no preloads of its data.
    expect(res.body).toMatch(/<script type="application\/json" id="app-state">\{.*"kleine-maler-5-7"/);
    expect(res.body).toContain('src="/app-start.js" data-app-entry="/assets/index-abc.js"');
    expect(res.body).not.toContain('rel="preload" as="fetch"');
    // The head is unchanged: title, canonical, hreflang, JSON-LD.
    expect(res.body).toContain("<title>Kleine Maler – ");
    expect(res.body).toContain(
      '<link rel="canonical" href="http://shop.test/product/kleine-maler-5-7?locale=de">',
    );
    expect(res.body).toContain('hreflang="ru"');
    expect(res.body).toContain('"@type":"Course"');
    // A guest's children are in the browser's storage: the page's data carries no list of them (D587).
    expect(res.body).not.toContain('"queryKey":["visitors","guest"]');
  });

  it("shows a seat taken on the very next request", async () => {
    const db = ctx.database.db;
    const { id, space } = await firstSlotSpace();
    const [page] = await db.select().from(productPages).where(eq(productPages.slug, SLUG));
    const [slot] = await db.select().from(scheduleSlots).where(eq(scheduleSlots.id, id));
    if (!page || !slot) throw new Error("seed data missing");
    const before = rootOf((await get(`/product/${SLUG}?locale=de`)).body);
    expect(before).toContain(`noch ${space} Plätze frei`);

    await holdSeat(db, { pageId: page.id, slotId: slot.id });

    const after = rootOf((await get(`/product/${SLUG}?locale=de`)).body);
    expect(after).toContain(`noch ${space - 1} Plätze frei`);
  });

  it("renders a catalogue list in Russian, and a page without a locale as the browser will show it", async () => {
    const ru = await get("/courses?locale=ru");
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('<html lang="ru">');
    expect(rootOf(ru.body)).toContain("Маленькие художники");
    const bare = await get("/courses");
    expect(rootOf(bare.body)).toContain("Kleine Maler");
  });

  it("puts the cookie modal into the HTML unless the request carries the closed-modal cookie", async () => {
    const first = await get("/courses?locale=de");
    expect(rootOf(first.body)).toMatch(/<dialog data-testid="cookie-modal" open=""/);
    const returning = await ctx.app.inject({
      method: "GET",
      url: "/courses?locale=de",
      headers: { cookie: "cookie-modal-closed=true" },
    });
    expect(returning.body).not.toContain("cookie-modal");
    expect(returning.body).toContain('"cookieModal":false');
  });

  it("leaves unknown pages, signed-in pages and the checkout to the browser", async () => {
    const missing = await get("/product/no-such-offer?locale=de");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain("app-state");
    for (const path of ["/cart?locale=de", "/profile?locale=de", "/product/buy/kleine-maler-5-7?locale=de"]) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" src="/assets/index-abc.js">');
    }
  });

  it("each catalogue list shows the offers of its own types and no others", async () => {
    const lists: [string, string[]][] = [
      ["/courses", ["Course"]],
      ["/academies", ["Academy"]],
      ["/workshops", ["Workshop"]],
      ["/events", ["Event"]],
      ["/giftcards", ["GiftCard"]],
      ["/school_offer", ["SchoolOffer"]],
      ["/special_offer", ["SpecialOffer", "BirthdayParty"]],
      ["/birthday-parties", ["BirthdayParty"]],
    ];
    const types = [
      "Course",
      "Academy",
      "Workshop",
      "Event",
      "GiftCard",
      "SchoolOffer",
      "SpecialOffer",
      "BirthdayParty",
    ];
    const names = new Map<string, string[]>();
    for (const type of types) names.set(type, await namesOfType(type));
    for (const [path, own] of lists) {
      const root = rootOf((await get(`${path}?locale=de`)).body);
      for (const type of types) {
        // One offer's name can be part of another's: a card counts only where the name is a product link's text.
        for (const name of names.get(type) ?? []) {
          const card = new RegExp(`href="/product/[^"]*"[^>]*>(?:<[^>]+>)*${escapeRegExp(escaped(name))}<`);
          expect(card.test(root), `${path}: ${type} "${name}"`).toBe(own.includes(type));
        }
      }
    }
  });

  it("/about-us shows its content page's text, within the page width of spec §9 (1520 px)", async () => {
    const root = rootOf((await get("/about-us?locale=ru")).body);
    expect(root).toMatch(/<h1[^>]*>О нас<\/h1>/);
    expect(root).toMatch(/<h2[^>]*>Наша история<\/h2>/);
    expect(root).toContain('style="max-width:1520px"');
    expect(root).not.toMatch(/max-width:(?!1520px)\d+px/);
  });

  it("renders the footer of spec §2: links, houses with map links, phones, mail, social links, the year", async () => {
    const html = (await get("/prices?locale=de")).body;
    const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
    for (const path of [
      "/courses",
      "/academies",
      "/workshops",
      "/events",
      "/school-offers",
      "/prices",
      "/legal",
    ]) {
      expect(footer).toContain(`href="${path}?locale=de"`);
    }
    expect(footer).toContain('href="/legal/privacy?locale=de"');
    expect(footer).toContain('href="/legal/terms?locale=de"');
    expect(footer.match(/href="https:\/\/www\.openstreetmap\.org\/search\?query=/g)).toHaveLength(2);
    expect(footer.match(/href="tel:\+49/g)?.length).toBeGreaterThanOrEqual(2);
    expect(footer).toMatch(/href="mailto:[^"]+@/);
    for (const network of ["TikTok", "YouTube", "Instagram", "Facebook"]) {
      expect(footer).toContain(`aria-label="Atelier auf ${network}"`);
    }
    expect(footer).toContain(`© ${new Date().getFullYear()} Atelier`);
  });

  it("/school_offer lists the school offers, and only those, under the school-offers page's text", async () => {
    const schoolOffers = await namesOfType("SchoolOffer");
    expect(schoolOffers.length).toBeGreaterThanOrEqual(3);
    const res = await get("/school_offer?locale=de");
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Angebote für Schulen<\/h1>/);
    expect(root).toContain("Kreative Projekte für Ihre Klasse");
    for (const name of schoolOffers) expect(root).toContain(escaped(name));
    for (const name of [...(await namesOfType("Course")), ...(await namesOfType("SpecialOffer"))]) {
      expect(root).not.toContain(escaped(name));
    }
  });
});

describe("/detailView, rendered by the browser, here through the same app entry", () => {
  // Not one of the server-rendered pages: the server sends the app shell and the browser renders this tree.
  const render = async (url: string) => {
    const renderPage = await loadPageRenderer(ctx.app, ENTRY);
    const page = await renderPage?.({ url, locale: "de", cookieModalClosed: true });
    if (!page) throw new Error(`${url} was not rendered`);
    return page.html;
  };

  it("shows the offer named by ?id= in compact form: no gallery, no visit requests, a link to the full page", async () => {
    const full = await render(`/product/${SLUG}?locale=de`);
    expect(full).toContain("Arbeiten unserer Schülerinnen und Schüler");
    // The FAQ mentions the trial lesson too: the visit request is the button.
    const trialButton = /<button[^>]*>Probestunde anfragen<\/button>/;
    expect(full).toMatch(trialButton);

    const compact = await render(`/detailView?id=${SLUG}&locale=de`);
    expect(compact).toMatch(/<h1[^>]*>Kleine Maler<\/h1>/);
    expect(compact).toMatch(/79\s€ \/ Monat/);
    expect(compact).toMatch(
      new RegExp(`<a[^>]*href="/product/${SLUG}\\?locale=de"[^>]*>Vollständige Angebotsseite öffnen</a>`),
    );
    expect(compact).toContain(`href="/product/buy/${SLUG}?locale=de"`);
    expect(compact).not.toContain("Arbeiten unserer Schülerinnen und Schüler");
    expect(compact).not.toMatch(trialButton);
  });

  it("points to the catalogue without an id", async () => {
    const html = await render("/detailView?locale=de");
    expect(html).toContain("Wählen Sie ein Angebot aus der Übersicht, um seine Details zu sehen.");
    expect(html).toMatch(/<a[^>]*href="\/courses\?locale=de"[^>]*>Alle Kurse ansehen<\/a>/);
  });
});
