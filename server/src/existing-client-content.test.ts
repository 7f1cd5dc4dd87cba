import {
  CategoryListSchema,
  HistorySchema,
  OrderSchema,
  WAGTAIL_LANGUAGES,
  WagtailProductDetailSchema,
  wagtailListing,
} from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentPages } from "./db/schema/index.ts";
import { createCheckoutTestApp } from "./test/checkout-fixtures.ts";
import { ACADEMY_8_11, createChild, createParent, pageBySlug } from "./test/shop-fixtures.ts";

/**
 * Issue 31 (items 2–5, 14–16): what the school's existing (Nuxt) front end reads on its content pages, where
 * our answers broke it. Each request is sent as the client sends it; each assertion is what it needs there
 * (api-shapes Part 2 and §5).
 */

let t: Awaited<ReturnType<typeof createCheckoutTestApp>>;
let academy: Awaited<ReturnType<typeof pageBySlug>>;
beforeAll(async () => {
  t = await createCheckoutTestApp();
  academy = await pageBySlug(t.db, ACADEMY_8_11);
}, 60_000);
afterAll(() => t?.close());

/** A Wagtail read as the client sends it (`locale`, `fields=*`), as raw JSON. */
const wagtail = async (path: string, query: Record<string, string> = {}) => {
  const res = await t.call("GET", `/api/v2/wagtail/${path}`, { query: { fields: "*", ...query } });
  expect(res.statusCode, `${path} ${res.body}`).toBe(200);
  return res.json();
};

/** The English weekday of a date, computed apart from the server's rule. */
const englishWeekday = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });

type Slot = { id: number; weekday: string | null; date?: string | null; start: string };

/** Every slot of a workshop or event has its date's English weekday, which the client lower-cases. */
function expectDatedWeekdays(slots: Slot[], where: string) {
  expect(slots.length, where).toBeGreaterThan(0);
  for (const slot of slots) {
    const date = t.dated.find((dated) => dated.id === slot.id)?.date ?? slot.date;
    expect(date, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(slot.weekday, `${where}: slot ${slot.id}`).toBe(englishWeekday(date ?? ""));
  }
}

describe("item 2: a dated session's weekday is its date's, wherever the client reads slots", () => {
  it("in the products list, the product page, an instructor's cards and the home page's catalogue block", async () => {
    const workshopId = t.workshop.page.id;
    const list = await wagtail("products/", { product_type: "Workshop,Event" });
    for (const card of list.items) expect(card.schedule_slots.every((s: Slot) => s.weekday)).toBe(true);
    const card = list.items.find((item: { id: number }) => item.id === workshopId);
    expectDatedWeekdays(card.schedule_slots, "products list");

    const page = await wagtail(`products/${workshopId}/`);
    expectDatedWeekdays(page.schedule_slots, "product page");

    const teacher = page.instructors[0];
    expect(teacher).toBeDefined();
    const instructor = await wagtail(`instructors/${teacher.id}/`);
    const teaches = instructor.body.find((block: { type: string }) => block.type === "teaches_in");
    const taught = teaches.value.cards.find((c: { id: number }) => c.id === workshopId);
    expectDatedWeekdays(taught.schedule_slots, "instructor page");

    const home = (await wagtail("homepage/")).items[0];
    const catalogs = home.body.find((block: { type: string }) => block.type === "catalogs").value;
    const cards = catalogs.catalog_list.flatMap((entry: { cards: unknown[] }) => entry.cards);
    for (const each of cards) expect(each.schedule_slots.every((s: Slot) => s.weekday)).toBe(true);
    const onHome = cards.find((c: { id: number }) => c.id === workshopId);
    expectDatedWeekdays(onHome.schedule_slots, "home page");
  });

  it("in the current order's items and in the history (also the page's slots there)", async () => {
    const parent = await createParent(t.db);
    const lev = await createChild(t.db, parent.id, 11, "Lev");
    const session = t.dated[0];
    const added = await t.call("POST", "/api/v2/orders/items/", {
      headers: parent.headers,
      body: {
        product_page: t.workshop.page.id,
        purchase_option: t.workshop.option("Ticket").id,
        visitor: lev,
        schedule_slots: [session?.id],
        academy_weeks: [],
        comment: "",
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const current = OrderSchema.parse(
      (await t.call("GET", "/api/v2/orders/current/", { headers: parent.headers })).json(),
    );
    expectDatedWeekdays(current.items[0]?.schedule_slots ?? [], "current order");

    const fulfilled = await t.fulfil(parent.headers);
    t.standIn.approve(fulfilled.json().id);
    expect((await t.capture(parent.headers, fulfilled.json().id)).statusCode).toBe(200);
    const history = await t.call("GET", "/api/v2/orders/items/history/", {
      headers: parent.headers,
      query: { product_page__product_type: "Workshop" },
    });
    const [item] = HistorySchema.parse(history.json());
    expectDatedWeekdays(item?.schedule_slots ?? [], "history");
    expectDatedWeekdays(item?.product_page.schedule_slots ?? [], "history's page");
  });

  it("leaves our own API's numeric weekday as it was: null for a dated session (our web reads the date)", async () => {
    const own = (await t.call("GET", `/api/v2/products/${t.workshop.page.id}/`)).json();
    expect(own.schedule_slots[0]).toMatchObject({ weekday: null, date: t.dated[0]?.date });
  });
});

describe("item 3: a product page by slug is the page by id, field by field", () => {
  it.each([
    ["course", () => t.course.page],
    ["workshop", () => t.workshop.page],
    ["academy", () => academy.page],
  ])("%s, in ru (the client's default), de and en", async (_kind, pageOf) => {
    const { id, slug } = pageOf();
    for (const locale of ["ru", "de", "en"]) {
      const byId = await wagtail(`products/${id}/`, { locale });
      const bySlug = await wagtail("products/", { locale, slug });
      expect(bySlug.items).toHaveLength(1);
      const first = bySlug.items[0];
      expect(Object.keys(first).sort()).toEqual(Object.keys(byId).sort());
      for (const field of Object.keys(byId)) expect(first[field], `${locale} ${field}`).toEqual(byId[field]);
      // `length` is the page's own text in the asked locale, the same in both answers.
      expect(typeof byId.length).toBe("string");
      expect(first.length).toBe(byId.length);
      WagtailProductDetailSchema.parse(first);
    }
  });
});

describe("item 4: the programme is text the client shows as it is", () => {
  it("one entry per paragraph or list item, without markup", async () => {
    const page = await wagtail(`products/${t.course.page.id}/`, { locale: "de" });
    const own = (await t.call("GET", `/api/v2/products/${t.course.page.id}/`)).json();
    const items = (own.program as string)
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => /^[-*]\s+/.test(line))
      .map((line) => line.replace(/^[-*]\s+/, ""));
    expect(items.length).toBeGreaterThan(1);
    expect(page.program.map((entry: { text: string }) => entry.text)).toEqual(items);
    for (const entry of page.program) {
      expect(entry.text).not.toMatch(/<[a-z/]/i);
      expect(entry.title).not.toMatch(/<[a-z/]|^#/i);
    }
  });
});

describe("item 5: legal pages by the name the client sends", () => {
  it("Datenschultz is the privacy page, AGB the terms, no name the Impressum", async () => {
    const titles = Object.fromEntries(
      await Promise.all(
        ["legal", "privacy", "terms"].map(async (key) => [
          key,
          (await t.call("GET", `/api/v2/pages/${key}/`)).json().title as string,
        ]),
      ),
    );
    expect(new Set(Object.values(titles)).size).toBe(3);
    const read = async (name?: string) =>
      wagtail("legal/", { locale: "de", ...(name ? { name } : {}) }).then((res) => res.items[0]);
    const privacy = await read("Datenschultz");
    const terms = await read("AGB");
    const imprint = await read();
    expect(privacy.title).toBe(titles.privacy);
    expect(terms.title).toBe(titles.terms);
    expect(imprint.title).toBe(titles.legal);
    expect(new Set([privacy.contents, terms.contents, imprint.contents]).size).toBe(3);
    for (const page of [privacy, terms, imprint]) expect(page.contents).toMatch(/^<(p|h\d|blockquote)>/);
    expect((await wagtail("legal/", { locale: "de", name: "Nichts" })).items).toEqual([]);
  });
});

describe("item 14: prices are numbers the client writes € after", () => {
  it("base_price and price_text on product pages and in the prices page's tariff cards", async () => {
    const options = [
      ...(await wagtail(`products/${t.course.page.id}/`, { locale: "de" })).purchase_options,
      ...(await wagtail(`products/${academy.page.id}/`, { locale: "ru" })).purchase_options,
      ...(await wagtail("prices/", { locale: "de" })).items[0].body
        .filter((block: { type: string }) => block.type === "tariff_block")
        .flatMap((block: { value: { tariff_cards: unknown[] } }) => block.value.tariff_cards),
    ];
    expect(options.length).toBeGreaterThan(5);
    for (const option of options) {
      expect(option.base_price).toMatch(/^\d+\.\d\d$/);
      expect(option.price_text).toBe(option.base_price);
      expect(Number.isFinite(Number(option.price_text))).toBe(true);
    }
    expect(JSON.stringify(options)).not.toMatch(/€|pro Monat|в месяц/);
  });
});

describe("item 15: what the client renders as HTML is HTML, not Markdown", () => {
  it("the prices page's text with its tables as <table>", async () => {
    const prices = (await wagtail("prices/", { locale: "de" })).items[0];
    const text = prices.body.find((block: { type: string }) => block.type === "seo_text").value.paragraph;
    expect(text).toContain("<table><thead><tr><th>Umfang</th>");
    expect(text).toContain("<td>79 €</td>");
    expect(text).toMatch(/<h3>Terminkarte<\/h3>/);
    expect(text).not.toMatch(/\||^#|\n##|\*\*/);
  });

  it("escapes what staff type: no tag, attribute or script from the content reaches the page", async () => {
    const [stored] = await t.db.select().from(contentPages).where(eq(contentPages.key, "prices"));
    try {
      await t.db
        .update(contentPages)
        .set({
          body: {
            de: '## Preise\n\n| A | B |\n|---|---|\n| <script>alert(1)</script> | <img src=x onerror="x()"> |\n\n> **Hinweis:** <b>neu</b>',
            ru: stored?.body.ru ?? "",
          },
        })
        .where(eq(contentPages.key, "prices"));
      const prices = (await wagtail("prices/", { locale: "de" })).items[0];
      const text = prices.body.find((block: { type: string }) => block.type === "seo_text").value.paragraph;
      expect(text).toBe(
        "<h3>Preise</h3><table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr>" +
          "<td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td>&lt;img src=x onerror=&quot;x()&quot;&gt;</td>" +
          "</tr></tbody></table><blockquote><p><strong>Hinweis:</strong> &lt;b&gt;neu&lt;/b&gt;</p></blockquote>",
      );
    } finally {
      await t.db
        .update(contentPages)
        .set({ body: stored?.body ?? { de: "", ru: "" } })
        .where(eq(contentPages.key, "prices"));
    }
  });

  it("a legal page's note (`> …`) is a quote, not an escaped '>'", async () => {
    const imprint = (await wagtail("legal/", { locale: "de" })).items[0];
    expect(imprint.contents).not.toContain("<p>&gt;");
  });
});

describe("item 16: category and language as the client shows them", () => {
  it("category is the category's name, language the client's key; our own API keeps id and code", async () => {
    const categories = CategoryListSchema.parse((await t.call("GET", "/api/v2/products/categories/")).json());
    const list = wagtailListing(WagtailProductDetailSchema.pick({ id: true }).passthrough()).parse(
      await wagtail("products/", { locale: "de" }),
    );
    expect(list.items.length).toBeGreaterThan(5);
    for (const raw of (await wagtail("products/", { locale: "de" })).items) {
      const own = categories.find((category) => category.id === raw.category_id);
      expect(raw.category, `product ${raw.id}`).toBe(own?.name ?? null);
      expect(WAGTAIL_LANGUAGES).toContain(raw.language);
      expect(raw.language).toBe(raw.language_code.replace("-", "/"));
    }
    const page = await wagtail(`products/${t.course.page.id}/`, { locale: "de" });
    expect(page.language).toBe("de/ru");
    expect(page.category).toBe("Malerei");
    const own = (await t.call("GET", `/api/v2/products/${t.course.page.id}/`)).json();
    expect(own).toMatchObject({ language: "de-ru", category: page.category_id, category_name: "Malerei" });
  });
});
