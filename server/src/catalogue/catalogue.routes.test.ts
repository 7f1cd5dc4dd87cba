import {
  type AgeGroup,
  CategoryListSchema,
  HouseListSchema,
  InstructorDetailSchema,
  InstructorListSchema,
  type ProductDetail,
  ProductDetailSchema,
  type ProductList,
  ProductListSchema,
  todayInBerlin,
} from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  purchaseOptions,
  scheduleSlots,
} from "../db/schema/index.ts";
import { HOUSES, houseOf } from "../seed/data/locations.ts";
import { PRODUCTS } from "../seed/data/products/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { createTestApp } from "../test/test-app.ts";
import { invalidateCatalogueCache } from "./http-cache.ts";

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

/** Every page of a list query, following `next` links. */
async function listAll(query: string): Promise<ProductList["results"]> {
  const results: ProductList["results"] = [];
  let url: string | null = `/api/v2/products/?locale=de&page_size=100&${query}`;
  while (url) {
    const res = await get(url.replace("http://shop.test", ""));
    expect(res.statusCode, res.body).toBe(200);
    const body = ProductListSchema.parse(res.json());
    results.push(...body.results);
    url = body.next;
  }
  return results;
}

const slugsOf = (results: { slug: string }[]) => results.map((r) => r.slug).sort();
const seedSlugs = (keep: (p: (typeof PRODUCTS)[number]) => boolean) =>
  PRODUCTS.filter(keep)
    .map((p) => p.slug)
    .sort();

describe("GET /api/v2/products/", () => {
  it("lists every published product with the fields of the existing client", async () => {
    const res = await get("/api/v2/products/?locale=de");
    expect(res.statusCode).toBe(200);
    const body = ProductListSchema.parse(res.json());
    expect(body.count).toBe(PRODUCTS.length);
    expect(body.results).toHaveLength(20);
    const first = body.results[0];
    expect(first?.slug).toBe(PRODUCTS[0]?.slug);
    expect(first).toMatchObject({
      type: "Course",
      product_type: "Course",
      name: "Kleine Maler",
      age_group: "5-7",
      language: "de-ru",
      category_slug: "malerei",
      // Absolute on PUBLIC_URL, so a client on another origin loads them from the shop.
      photo: "http://shop.test/images/catalogue/kleine-maler-5-7.svg",
      title_image: {
        src: "http://shop.test/images/catalogue/kleine-maler-5-7.svg",
        width: 1200,
        height: 800,
      },
      price_from: "79.00",
      price_from_cents: 7900,
      meeting_card: { number_of_meetings: 10, price: "220.00", price_cents: 22000 },
    });
    expect(first?.description).toBe(first?.summary);
    expect(first?.subscriptions).toEqual([
      { number_of_meetings_per_week: 1, price: "79.00", price_cents: 7900 },
      { number_of_meetings_per_week: 2, price: "145.00", price_cents: 14500 },
      { number_of_meetings_per_week: 3, price: "199.00", price_cents: 19900 },
    ]);
    expect(first?.purchase_options[0]).toMatchObject({
      type: "subscription",
      schedule_type: "Course (1 / week)",
      base_price: "79.00",
      base_price_cents: 7900,
    });
    expect(first?.schedule_slots[0]).toMatchObject({
      weekday: 0,
      start: "16:00",
      end: "17:00",
      seats: 8,
      space: 8,
      instructor_name: "Anna Petrova",
    });
    expect(first?.instructors.map((i) => i.slug)).toEqual(["anna-petrova"]);
  });

  it("gives Django REST page links, absolute on PUBLIC_URL", async () => {
    const page1 = ProductListSchema.parse((await get("/api/v2/products/?locale=de&page_size=10")).json());
    expect(page1.previous).toBeNull();
    expect(page1.next).toBe("http://shop.test/api/v2/products/?locale=de&page_size=10&page=2");
    const page2 = ProductListSchema.parse(
      (await get("/api/v2/products/?locale=de&page_size=10&page=2")).json(),
    );
    expect(page2.previous).toBe("http://shop.test/api/v2/products/?locale=de&page_size=10");
    expect(page2.next).toBe("http://shop.test/api/v2/products/?locale=de&page_size=10&page=3");
    const last = ProductListSchema.parse(
      (await get("/api/v2/products/?locale=de&page_size=10&page=4")).json(),
    );
    expect(last.next).toBeNull();
    expect(last.results).toHaveLength(PRODUCTS.length - 30);
    const all = await listAll("");
    expect(new Set(all.map((p) => p.id)).size).toBe(PRODUCTS.length);
  });

  it("answers a page past the end with 404, like Django REST", async () => {
    const res = await get("/api/v2/products/?locale=de&page=99");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty("detail");
  });

  it("filters by one product type and by a comma-separated list", async () => {
    expect(slugsOf(await listAll("product_type=Course"))).toEqual(
      seedSlugs((p) => p.productType === "Course"),
    );
    expect(slugsOf(await listAll("product_type=Workshop,Event"))).toEqual(
      seedSlugs((p) => p.productType === "Workshop" || p.productType === "Event"),
    );
  });

  const covers: Record<AgeGroup, (age: number) => boolean> = {
    "5-7": (a) => a >= 5 && a <= 7,
    "8-11": (a) => a >= 8 && a <= 11,
    "10+": (a) => a >= 10,
    "12+": (a) => a >= 12,
    "14+": (a) => a >= 14,
  };
  it.each([4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 40])("filters by a child's age: %i", async (age) => {
    const results = await listAll(`age=${age}`);
    expect(slugsOf(results)).toEqual(seedSlugs((p) => covers[p.ageGroup](age)));
  });

  it("filters by age group, language, and both with an age", async () => {
    expect(slugsOf(await listAll("age_group=10%2B"))).toEqual(seedSlugs((p) => p.ageGroup === "10+"));
    expect(slugsOf(await listAll("language=de-ru"))).toEqual(seedSlugs((p) => p.language === "de-ru"));
    expect(slugsOf(await listAll("age_group=5-7&age=12"))).toEqual([]);
  });

  it("finds bilingual offers under a parent's language and keeps bilingual codes exact (D30)", async () => {
    const speaksRussian = ["ru", "ru-en", "de-ru", "bi"];
    const ru = await listAll("language=ru");
    expect(slugsOf(ru)).toEqual(seedSlugs((p) => speaksRussian.includes(p.language)));
    // The seed has Russian, German–Russian and `bi` offers (no Russian–English one).
    expect(new Set(ru.map((p) => p.language))).toEqual(new Set(["ru", "de-ru", "bi"]));
    expect(slugsOf(await listAll("language=de"))).toEqual(
      seedSlugs((p) => ["de", "de-en", "de-ru", "bi"].includes(p.language)),
    );
    expect(slugsOf(await listAll("language=en"))).toEqual(
      seedSlugs((p) => ["en", "de-en", "ru-en"].includes(p.language)),
    );
    for (const code of ["de-ru", "bi", "de-en"]) {
      expect(slugsOf(await listAll(`language=${code}`))).toEqual(seedSlugs((p) => p.language === code));
    }
  });

  it("finds the bilingual courses for an eight-year-old whose parent chose Russian", async () => {
    const results = await listAll("product_type=Course&age=8&language=ru");
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((p) => p.language === "de-ru")).toBe(true);
    expect(slugsOf(results)).toEqual(
      seedSlugs(
        (p) =>
          p.productType === "Course" &&
          p.ageGroup === "8-11" &&
          ["ru", "ru-en", "de-ru", "bi"].includes(p.language),
      ),
    );
  });

  it("tells the academies' first and last open week in the list", async () => {
    const academies = await listAll("product_type=Academy");
    const today = todayInBerlin();
    for (const academy of academies) {
      const seed = PRODUCTS.find((p) => p.slug === academy.slug);
      const open = (seed?.academyWeeks ?? []).flatMap((w) => w.weekStarts).filter((d) => d >= today);
      if (open.length === 0) continue;
      expect(academy.next_week_starts_on).toBe([...open].sort()[0]);
      expect(String(academy.last_week_ends_on) > String(academy.next_week_starts_on)).toBe(true);
    }
    for (const course of await listAll("product_type=Course")) {
      expect(course.next_week_starts_on).toBeNull();
    }
  });

  it("filters by category id and slug", async () => {
    const categories = CategoryListSchema.parse((await get("/api/v2/products/categories/?locale=de")).json());
    const malerei = categories.find((c) => c.slug === "malerei");
    expect(malerei).toBeDefined();
    const expected = seedSlugs((p) => p.category === "malerei");
    expect(expected.length).toBeGreaterThan(0);
    expect(slugsOf(await listAll("category=malerei"))).toEqual(expected);
    expect(slugsOf(await listAll(`category=${malerei?.id}`))).toEqual(expected);
  });

  it("lists the houses in both languages and filters by house; cards carry their house with its address (D151)", async () => {
    const de = HouseListSchema.parse((await get("/api/v2/locations/?locale=de")).json());
    const ru = HouseListSchema.parse((await get("/api/v2/locations/?locale=ru")).json());
    expect(de.map((h) => h.name)).toEqual(HOUSES.map((h) => h.name.de));
    expect(ru.map((h) => h.name)).toEqual(HOUSES.map((h) => h.name.ru));
    expect(de[0]?.address).toBe("Kastanienallee 12, 10435 Berlin");
    expect(de.map((h) => h.phone)).toEqual(["+49 30 1234567", "+49 30 7654321"]);
    const all = await listAll("");
    for (const [index, house] of de.entries()) {
      const key = HOUSES[index]?.key;
      const expected = seedSlugs((p) => houseOf(p.location) === key);
      expect(expected.length).toBeGreaterThan(0);
      const found = await listAll(`location=${house.id}`);
      expect(slugsOf(found)).toEqual(expected);
      // Fewer than all: the filter narrows.
      expect(found.length).toBeLessThan(all.length);
      // The card's house is the list's, without the phone only the contact block shows (D177).
      const { phone: _phone, ...onCard } = house;
      for (const card of found) expect(card.house).toEqual(onCard);
    }
    // An offer away from both houses (the concert hall) has none.
    expect(all.some((card) => card.house === null)).toBe(true);
    // Together with another filter; an unknown house finds nothing; a bad value is a 400 at its field.
    const courses = await listAll(`product_type=Course&location=${de[1]?.id}`);
    expect(courses.length).toBeGreaterThan(0);
    expect(courses.every((c) => c.product_type === "Course" && c.house?.id === de[1]?.id)).toBe(true);
    expect(await listAll("location=999999")).toEqual([]);
    const bad = await get("/api/v2/products/?location=haus");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ location: ["invalid_choice"] });
  });

  it("filters by weekday (weekly slots and upcoming dated sessions)", async () => {
    const weekdayOf = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
    const today = todayInBerlin();
    for (const weekday of [0, 5, 6]) {
      expect(slugsOf(await listAll(`weekday=${weekday}`))).toEqual(
        seedSlugs(
          (p) =>
            (p.weeklySlots ?? []).some((s) => s.weekday === weekday) ||
            (p.datedSlots ?? []).some((s) => s.date >= today && weekdayOf(s.date) === weekday),
        ),
      );
    }
  });

  it("searches name and summary in the request's locale, case-insensitively", async () => {
    const de = await listAll("q=MALER");
    expect(de.map((p) => p.slug)).toContain("kleine-maler-5-7");
    const ru = await get(`/api/v2/products/?locale=ru&q=${encodeURIComponent("ХУДОЖНИКИ")}`);
    const ruBody = ProductListSchema.parse(ru.json());
    expect(ruBody.results.map((p) => p.slug)).toContain("kleine-maler-5-7");
    expect(ruBody.results.find((p) => p.slug === "kleine-maler-5-7")?.name).toBe("Маленькие художники");
    // The German word is not found in the Russian texts, and wildcards are literal.
    const cross = ProductListSchema.parse((await get("/api/v2/products/?locale=ru&q=Kleine%20Maler")).json());
    expect(cross.count).toBe(0);
    expect(ProductListSchema.parse((await get("/api/v2/products/?locale=de&q=%25")).json()).count).toBe(0);
  });

  it.each([
    ["age=abc", "age"],
    ["age=-1", "age"],
    ["age=0", "age"],
    ["age=101", "age"],
    ["product_type=Course,Unknown", "product_type"],
    ["age_group=3-4", "age_group"],
    ["language=fr", "language"],
    ["weekday=7", "weekday"],
    ["page=0", "page"],
    ["page_size=101", "page_size"],
    ["category=no-such-category", "category"],
    ["category=99999", "category"],
  ])("answers a bad filter %s with 400 naming the field", async (query, field) => {
    const res = await get(`/api/v2/products/?locale=ru&${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body[field]).toEqual([expect.any(String)]);
    expect(body.error_codes[field]).toEqual([expect.any(String)]);
  });
});

describe("GET /api/v2/products/{id}/", () => {
  it("finds a product page by id and by slug, in both locales", async () => {
    const bySlug = await get("/api/v2/products/kleine-maler-5-7/?locale=de");
    expect(bySlug.statusCode).toBe(200);
    const de = ProductDetailSchema.parse(bySlug.json());
    const byId = ProductDetailSchema.parse((await get(`/api/v2/products/${de.id}/?locale=ru`)).json());
    expect(byId.id).toBe(de.id);
    expect(de.name).toBe("Kleine Maler");
    expect(byId.name).toBe("Маленькие художники");
    expect(de.body.length).toBeGreaterThan(100);
    expect(de.program).toContain("Grundfarben");
    expect(de.length).toBe("60 Minuten");
    expect(byId.length).toBe("60 минут");
    expect(de.qna[0]?.question).toContain("Probestunde");
    expect(de.seo_text).toContain("Malkurs");
    expect(de.instructors[0]).toMatchObject({ slug: "anna-petrova", job: expect.any(String) });
    expect(de.student_works.length).toBeGreaterThan(0);
    expect(de.student_works[0]).toMatchObject({ width: expect.any(Number), alt: expect.any(String) });
    expect(de.academy_schedule_slots).toEqual([]);
  });

  it("lists an academy's weeks with their season and seats left", async () => {
    const academy = ProductDetailSchema.parse(
      (await get("/api/v2/products/ferien-kunstakademie-8-11/")).json(),
    );
    expect(academy.product_type).toBe("Academy");
    expect(academy.academy_schedule_slots.length).toBeGreaterThan(0);
    const week = academy.academy_schedule_slots[0];
    expect(week?.season_name).toBe(week?.season.name);
    expect(week?.starts_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(week?.space).toBe(week?.seats);
    expect(academy.purchase_options.map((o) => o.type)).toEqual(["academy", "academy", "academy"]);
  });

  it("counts seats taken by paid and reserved orders, not by carts or cancelled items", async () => {
    const db = ctx.database.db;
    const [page] = await db
      .select({ id: productPages.id })
      .from(productPages)
      .where(eq(productPages.slug, "kleine-maler-5-7"));
    const pageId = page?.id ?? 0;
    const [slot] = await db.select().from(scheduleSlots).where(eq(scheduleSlots.productPageId, pageId));
    const [option] = await db.select().from(purchaseOptions).where(eq(purchaseOptions.productPageId, pageId));
    const academy = ProductDetailSchema.parse(
      (await get("/api/v2/products/ferien-kunstakademie-8-11/")).json(),
    );
    const [academyOption] = academy.purchase_options;
    const week = academy.academy_schedule_slots[0];
    if (!slot || !option || !academyOption || !week) throw new Error("seed data missing");

    const book = async (
      status: (typeof orders.$inferSelect)["status"],
      itemStatus: "active" | "cancelled",
    ) => {
      const [order] = await db.insert(orders).values({ status }).returning({ id: orders.id });
      const [item] = await db
        .insert(orderItems)
        .values({
          orderId: order?.id ?? 0,
          productPageId: pageId,
          purchaseOptionId: option.id,
          scheduleType: option.scheduleType,
          calculatedPriceCents: option.basePriceCents,
          guestVisitorRef: 1,
          status: itemStatus,
        })
        .returning({ id: orderItems.id });
      await db.insert(orderItemSlots).values({ orderItemId: item?.id ?? 0, scheduleSlotId: slot.id });
      const [academyItem] = await db
        .insert(orderItems)
        .values({
          orderId: order?.id ?? 0,
          productPageId: academy.id,
          purchaseOptionId: academyOption.id,
          scheduleType: academyOption.schedule_type,
          guestVisitorRef: 1,
          calculatedPriceCents: academyOption.base_price_cents,
          status: itemStatus,
        })
        .returning({ id: orderItems.id });
      await db
        .insert(orderItemAcademyWeeks)
        .values({ orderItemId: academyItem?.id ?? 0, academyWeekId: week.id });
    };
    await book("paid", "active");
    await book("awaiting_payment", "active");
    await book("cart", "active");
    await book("cancelled", "active");
    await book("paid", "cancelled");
    invalidateCatalogueCache();

    const detail = ProductDetailSchema.parse((await get(`/api/v2/products/${pageId}/`)).json());
    expect(detail.schedule_slots.find((s) => s.id === slot.id)?.space).toBe(slot.seats - 2);
    const academyAfter = ProductDetailSchema.parse((await get(`/api/v2/products/${academy.id}/`)).json());
    expect(academyAfter.academy_schedule_slots.find((w) => w.id === week.id)?.space).toBe(week.seats - 2);
    const list = await listAll("product_type=Course");
    expect(list.find((p) => p.id === pageId)?.schedule_slots.find((s) => s.id === slot.id)?.space).toBe(
      slot.seats - 2,
    );
  });

  it("answers unknown ids and slugs with 404 detail", async () => {
    for (const id of ["999999", "no-such-product", "a.b"]) {
      const res = await get(`/api/v2/products/${id}/?locale=ru`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: "Не найдено.", error_codes: { detail: "not_found" } });
    }
  });

  it("hides unpublished pages from the list and the page", async () => {
    const db = ctx.database.db;
    const slug = "kleine-maler-5-7";
    await db.update(productPages).set({ isPublished: false }).where(eq(productPages.slug, slug));
    invalidateCatalogueCache();
    try {
      expect((await get(`/api/v2/products/${slug}/`)).statusCode).toBe(404);
      expect((await listAll("")).map((p) => p.slug)).not.toContain(slug);
    } finally {
      await db.update(productPages).set({ isPublished: true }).where(eq(productPages.slug, slug));
      invalidateCatalogueCache();
    }
  });
});

describe("HTTP caching", () => {
  it("sends a weak ETag and Cache-Control, and 304 on If-None-Match", async () => {
    const first = await get("/api/v2/products/?locale=de&product_type=Course");
    // Seats left: kept by browsers but asked for again each time (D81).
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.vary ?? "").not.toContain("Accept-Language");
    const again = await get("/api/v2/products/?locale=de&product_type=Course", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await get("/api/v2/products/?locale=ru&product_type=Course", { "if-none-match": etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it("varies on Accept-Language and Cookie when the locale is not in the URL", async () => {
    const res = await get("/api/v2/products/categories/", { "accept-language": "ru-RU,ru;q=0.9" });
    expect(res.headers.vary).toContain("Accept-Language");
    expect(res.headers.vary).toContain("Cookie");
    expect(CategoryListSchema.parse(res.json())[0]?.name).toBe("Живопись");
  });

  it("caches content pages and instructors the same way", async () => {
    for (const url of ["/api/v2/pages/home/?locale=de", "/api/v2/instructors/?locale=de"]) {
      const res = await get(url);
      expect(res.headers.etag).toBeDefined();
      expect((await get(url, { "if-none-match": String(res.headers.etag) })).statusCode).toBe(304);
    }
  });
});

describe("categories and instructors", () => {
  it("lists categories in both locales", async () => {
    const de = CategoryListSchema.parse((await get("/api/v2/products/categories/?locale=de")).json());
    const ru = CategoryListSchema.parse((await get("/api/v2/products/categories/?locale=ru")).json());
    expect(de[0]).toMatchObject({ slug: "malerei", name: "Malerei" });
    expect(ru[0]).toMatchObject({ slug: "malerei", name: "Живопись" });
    expect(de.map((c) => c.id)).toEqual(ru.map((c) => c.id));
  });

  it("lists instructors and shows one by id or slug with the pages they teach", async () => {
    const de = InstructorListSchema.parse((await get("/api/v2/instructors/?locale=de")).json());
    const ru = InstructorListSchema.parse((await get("/api/v2/instructors/?locale=ru")).json());
    expect(de).toHaveLength(10);
    const anna = de.find((i) => i.slug === "anna-petrova");
    expect(anna).toMatchObject({
      first_name: "Anna",
      last_name: "Petrova",
      photo: expect.stringMatching(/^http:\/\/shop\.test\/images\/.*\.svg$/),
    });
    expect(ru.find((i) => i.slug === "anna-petrova")?.job).not.toBe(anna?.job);
    // Russian pages name the team in the school's Cyrillic spelling (issue 11, D64).
    expect(ru.find((i) => i.slug === "anna-petrova")).toMatchObject({
      first_name: "Анна",
      last_name: "Петрова",
    });

    const bySlug = InstructorDetailSchema.parse(
      (await get("/api/v2/instructors/anna-petrova/?locale=de")).json(),
    );
    const byId = InstructorDetailSchema.parse(
      (await get(`/api/v2/instructors/${anna?.id}/?locale=ru`)).json(),
    );
    expect(byId.id).toBe(bySlug.id);
    expect(bySlug.products.map((p) => p.slug).sort()).toEqual(
      seedSlugs((p) => p.instructors.includes("anna-petrova")),
    );
    expect((await get("/api/v2/instructors/nobody/")).statusCode).toBe(404);
  });

  it("names a slot's instructor in Cyrillic on Russian pages", async () => {
    const ru = ProductDetailSchema.parse((await get("/api/v2/products/kleine-maler-5-7/?locale=ru")).json());
    expect(ru.schedule_slots[0]?.instructor_name).toBe("Анна Петрова");
    expect(ru.instructors[0]).toMatchObject({ first_name: "Анна", last_name: "Петрова" });
    const de = ProductDetailSchema.parse((await get("/api/v2/products/kleine-maler-5-7/?locale=de")).json());
    expect(de.schedule_slots[0]?.instructor_name).toBe("Anna Petrova");
  });
});

describe("GET /api/v2/pages/{key}/", () => {
  it.each([
    "home",
    "about-us",
    "prices",
    "contacts",
    "legal",
    "privacy",
    "terms",
    "school-offers",
    "special-offers",
  ])("serves %s in German and Russian", async (key) => {
    const de = (await get(`/api/v2/pages/${key}/?locale=de`)).json();
    const ru = (await get(`/api/v2/pages/${key}/?locale=ru`)).json();
    expect(de).toMatchObject({ key, title: expect.any(String), body: expect.any(String) });
    expect(de.title).not.toBe(ru.title);
    expect(Date.parse(de.updated_at)).not.toBeNaN();
  });

  it("answers an unknown key with 404", async () => {
    const res = await get("/api/v2/pages/nothing-here/");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty("detail");
  });
});

describe("ProductDetail typing", () => {
  it("keeps list fields on the page", async () => {
    const detail: ProductDetail = ProductDetailSchema.parse(
      (await get("/api/v2/products/kleine-maler-5-7/")).json(),
    );
    expect(detail.price_from_cents).toBe(7900);
    expect(detail.price_from).toBe("79.00");
  });
});
