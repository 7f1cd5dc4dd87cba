import { PAGE_ROUTES } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSTRUCTORS } from "../seed/data/instructors.ts";
import { PRODUCTS } from "../seed/data/products/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { createTestApp } from "../test/test-app.ts";
import { metaDescription } from "./head-provider.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoCatalogue(ctx.database.db, { staffEmail: "staff@atelier-test.example" });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "GET", url, headers });

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];
const jsonLdOf = (html: string) => {
  const raw = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  return raw === undefined ? undefined : JSON.parse(raw);
};

describe("GET /sitemap.xml", () => {
  it("lists static pages, products and instructors in both locales with hreflang alternates", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.headers.etag).toBeDefined();
    const xml = res.body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

    for (const locale of ["de", "ru"]) {
      expect(locs).toContain(`http://shop.test/?locale=${locale}`);
      expect(locs).toContain(`http://shop.test/courses?locale=${locale}`);
      expect(locs).toContain(`http://shop.test/legal/privacy?locale=${locale}`);
      for (const product of PRODUCTS)
        expect(locs).toContain(`http://shop.test/product/${product.slug}?locale=${locale}`);
      for (const person of INSTRUCTORS)
        expect(locs).toContain(`http://shop.test/instructor/${person.slug}?locale=${locale}`);
    }
    // Private pages and id routes stay out.
    for (const path of [
      "/cart",
      "/profile",
      "/login",
      "/menu",
      "/QrCodeScanner",
      "/payment-complete",
      "$id",
    ]) {
      expect(
        locs.some(
          (loc) => loc?.includes(`shop.test${path}?`) || loc?.includes(path === "$id" ? "$" : "\u0000"),
        ),
      ).toBe(false);
    }
    const staticPages = PAGE_ROUTES.filter(
      (r) =>
        !r.path.includes("$") &&
        !["/cart", "/profile", "/login", "/menu", "/QrCodeScanner", "/teaching"].includes(r.path),
    );
    expect(locs).toHaveLength(2 * (staticPages.length + PRODUCTS.length + INSTRUCTORS.length));

    const entry =
      xml.match(/<url>\s*<loc>http:\/\/shop\.test\/courses\?locale=ru<\/loc>[\s\S]*?<\/url>/)?.[0] ?? "";
    expect(entry).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="http://shop.test/courses?locale=de"/>',
    );
    expect(entry).toContain(
      '<xhtml:link rel="alternate" hreflang="ru" href="http://shop.test/courses?locale=ru"/>',
    );
    expect(entry).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://shop.test/courses"/>',
    );
  });
});

describe("GET /robots.txt", () => {
  it("allows all but private paths and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/api/",
      "/profile",
      "/cart",
      "/login",
      "/menu",
      "/QrCodeScanner",
      "/payment-complete/",
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});

describe("server-rendered head of data pages", () => {
  it("names the product in the title in German and Russian, with a description and JSON-LD offers", async () => {
    const de = await get("/product/kleine-maler-5-7?locale=de");
    expect(de.statusCode).toBe(200);
    expect(titleOf(de.body)).toContain("Kleine Maler");
    expect(descriptionOf(de.body)).toContain("Malkurs");
    const ld = jsonLdOf(de.body);
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Course", name: "Kleine Maler" });
    expect(ld.offers[0]).toMatchObject({ "@type": "Offer", price: "79.00", priceCurrency: "EUR" });
    expect(ld.image[0]).toBe("http://shop.test/images/catalogue/kleine-maler-5-7.svg");

    const ru = await get("/product/kleine-maler-5-7?locale=ru");
    expect(titleOf(ru.body)).toContain("Маленькие художники");
    expect(jsonLdOf(ru.body).name).toBe("Маленькие художники");
    expect(ru.body).toContain('<html lang="ru">');
  });

  it("finds a product by numeric id too, and describes dated events as Event", async () => {
    const list = (await get("/api/v2/products/?locale=de&product_type=Event")).json();
    const event = list.results.find((p: { schedule_slots: { date: string | null }[] }) =>
      p.schedule_slots.some((s) => s.date),
    );
    expect(event).toBeDefined();
    const res = await get(`/product/${event.id}?locale=de`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toContain(event.name);
    const ld = jsonLdOf(res.body);
    expect(ld["@type"]).toBe("Event");
    expect(ld.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(ld.offers.every((o: { priceCurrency: string }) => o.priceCurrency === "EUR")).toBe(true);
  });

  it("answers an unknown product or instructor with the not-found page and 404", async () => {
    for (const path of [
      "/product/no-such-course",
      "/product/999999",
      "/product/buy/999",
      "/product/buy/no-such-course",
      "/instructor/nobody",
    ]) {
      const res = await get(`${path}?locale=de`);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(jsonLdOf(res.body)).toBeUndefined();
    }
  });

  it("answers the booking page of a known product with 200 and its name, without JSON-LD", async () => {
    const res = await get("/product/buy/kleine-maler-5-7?locale=de");
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toContain("Buchen: Kleine Maler");
    expect(jsonLdOf(res.body)).toBeUndefined();
  });

  it("names the instructor, in Cyrillic on Russian pages (D64)", async () => {
    const res = await get("/instructor/anna-petrova?locale=ru");
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toContain("Анна Петрова");
    expect(jsonLdOf(res.body)).toMatchObject({ "@type": "Person", name: "Анна Петрова" });
    const de = await get("/instructor/anna-petrova?locale=de");
    expect(titleOf(de.body)).toContain("Anna Petrova");
  });

  it("takes title and description of content pages from the database", async () => {
    const page = (await get("/api/v2/pages/about-us/?locale=de")).json();
    const res = await get("/about-us?locale=de");
    expect(titleOf(res.body)).toContain(page.title);
    expect(descriptionOf(res.body)).toBeTruthy();
    const ru = await get("/legal/privacy?locale=ru");
    const privacy = (await get("/api/v2/pages/privacy/?locale=ru")).json();
    expect(titleOf(ru.body)).toContain(privacy.title.replace(/&/g, "&amp;"));
  });

  it("keeps the default head for other pages", async () => {
    const res = await get("/courses?locale=de");
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toContain("Kurse");
  });

  it("preloads the first product's image of an unfiltered catalogue list, and only there", async () => {
    const preloadOf = (html: string) => html.match(/<link rel="preload" as="image" href="([^"]*)"/)?.[1];
    const first = (await get("/api/v2/products/?product_type=Course&page_size=1&locale=de")).json()
      .results[0];
    expect(preloadOf((await get("/courses?locale=de")).body)).toBe(first.title_image.src);
    const special = (await get("/api/v2/products/?product_type=SpecialOffer,BirthdayParty&locale=ru")).json();
    expect(preloadOf((await get("/special_offer?locale=ru")).body)).toBe(special.results[0].title_image.src);
    const coursesHtml = (await get("/courses?locale=de")).body;
    expect(coursesHtml).toContain(
      '<link rel="preload" as="fetch" href="/api/v2/products/?product_type=Course&amp;page=1&amp;page_size=12&amp;locale=de" crossorigin="use-credentials">',
    );
    expect(coursesHtml).toContain(
      'href="/api/v2/products/categories/?locale=de" crossorigin="use-credentials"',
    );
    expect(preloadOf((await get("/courses?locale=de&age_group=5-7")).body)).toBeUndefined();
    expect(preloadOf((await get("/about-us?locale=de")).body)).toBeUndefined();
  });

  it("preloads the home page's teaser list and team", async () => {
    const html = (await get("/?locale=ru")).body;
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/v2/products/?product_type=Course%2CAcademy%2CWorkshop%2CEvent&amp;page_size=100&amp;locale=ru" crossorigin="use-credentials">',
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/v2/instructors/?locale=ru" crossorigin="use-credentials">',
    );
  });

  it("preloads a product page's title image and its detail reply, which its largest paint waits for", async () => {
    const html = (await get("/product/kleine-maler-5-7?locale=ru")).body;
    const product = (await get("/api/v2/products/kleine-maler-5-7/?locale=ru")).json();
    expect(product.title_image.src).toMatch(/kleine-maler-5-7\.svg$/);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${product.title_image.src}" fetchpriority="high">`,
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/v2/products/kleine-maler-5-7/?locale=ru" crossorigin="use-credentials">',
    );
    expect((await get("/product/kleine-maler-5-7/buy?locale=de")).body).not.toContain('rel="preload"');
  });
});

describe("metaDescription", () => {
  it("flattens lists and cuts long texts at a word", () => {
    expect(metaDescription("- one\n- two")).toBe("one two");
    const long = metaDescription("wort ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("…")).toBe(true);
  });
});
