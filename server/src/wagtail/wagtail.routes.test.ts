import {
  BranchListSchema,
  WagtailContentPageSchema,
  WagtailProductCardSchema,
  WagtailProductDetailSchema,
  wagtailListing,
} from "@atelier/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogueService } from "../catalogue/index.ts";
import { createContentService } from "../content/index.ts";
import { contentPages, productPages } from "../db/schema/index.ts";
import { seedDemoCatalogue } from "../seed/seed.ts";
import { ACADEMY_8_11, COURSE_5_7, pageBySlug, WORKSHOP_10 } from "../test/shop-fixtures.ts";
import { createTestApp } from "../test/test-app.ts";
import { imageId } from "./images.ts";
import { createWagtailService } from "./wagtail.service.ts";

/**
 * The school's existing (Nuxt) front end reads its catalogue and content pages from a Wagtail API v2
 * (api-shapes Part 2 §0–§3, D93). Each request here is one the client sends, as it sends it; each
 * assertion is a field it reads.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let course: Awaited<ReturnType<typeof pageBySlug>>;
let academy: Awaited<ReturnType<typeof pageBySlug>>;
let workshop: Awaited<ReturnType<typeof pageBySlug>>;
/** A picture the fixture web build holds, so its download_url can be fetched. */
const PICTURE = "/images/catalogue/test.svg";

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await seedDemoCatalogue(db, { staffEmail: "staff@atelier-test.example" });
  [course, academy, workshop] = await Promise.all([
    pageBySlug(db, COURSE_5_7),
    pageBySlug(db, ACADEMY_8_11),
    pageBySlug(db, WORKSHOP_10),
  ]);
  await db
    .update(productPages)
    .set({
      isFeatured: true,
      titleImage: { src: PICTURE, width: 800, height: 600, alt: { de: "Bild", ru: "Картинка" } },
    })
    .where(eq(productPages.id, course.page.id));
}, 60_000);
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url });

describe("Wagtail products", () => {
  it("lists product cards of several types (the IN filter), each a products.ProductPage without `type`", async () => {
    const res = await get("/api/v2/wagtail/products/?locale=de&fields=*&product_type=Workshop,Event");
    expect(res.statusCode).toBe(200);
    const { items } = wagtailListing(WagtailProductCardSchema).parse(res.json());
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.product_type))).toEqual(new Set(["Workshop", "Event"]));
    for (const raw of res.json().items) {
      expect(raw.meta.type).toBe("products.ProductPage");
      expect(raw.type).toBeFalsy();
    }
    const card = items.find((item) => item.id === workshop.page.id);
    expect(card).toMatchObject({ slug: WORKSHOP_10, product_type: "Workshop", age_group: "10+" });
    // Images are objects with a relative download_url; the client puts its API base in front.
    expect(card?.title_image?.meta.download_url).toMatch(/^\/images\//);
    // The catalog link: a relative detail_url whose reply has a name.
    const catalog = await get(`${card?.catalog?.meta.detail_url}?locale=de`);
    expect(catalog.json().name).toBe("Workshops");
  });

  it("gives a product in full by id, and the same by slug as the listing's first item", async () => {
    const byId = await get(`/api/v2/wagtail/products/${course.page.id}/?locale=de&fields=*`);
    expect(byId.statusCode).toBe(200);
    const product = WagtailProductDetailSchema.parse(byId.json());
    expect(product.name).toBe(course.page.name.de);
    // Weekdays by their English names, times as HH:MM:SS, seats as text (AppModalCourse.vue).
    const slot = product.schedule_slots[0];
    expect(slot?.weekday).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/);
    expect(slot?.start).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(typeof slot?.space).toBe("string");
    expect(product.purchase_options.map((option) => option.id)).toEqual(course.options.map((o) => o.id));
    expect(product.purchase_options[0]?.base_price).toMatch(/^\d+\.\d\d$/);
    expect(product.body[0]?.value).toBe(product.name);
    expect(Array.isArray(product.body[1]?.value)).toBe(true);

    const bySlug = await get(`/api/v2/wagtail/products/?locale=de&fields=*&slug=${COURSE_5_7}`);
    const listed = wagtailListing(WagtailProductDetailSchema).parse(bySlug.json());
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toEqual(product);
    // Digits in `slug` name an id (the client's rule).
    const byDigits = await get(`/api/v2/wagtail/products/?locale=de&slug=${course.page.id}`);
    expect(byDigits.json().items[0].id).toBe(course.page.id);
    expect((await get("/api/v2/wagtail/products/?locale=de&slug=no-such-page")).json().items).toEqual([]);
  });

  it("numbers an academy's weeks with what the cart takes back as `academy_weeks`", async () => {
    const res = await get(`/api/v2/wagtail/products/${academy.page.id}/?locale=de&fields=*`);
    const product = WagtailProductDetailSchema.parse(res.json());
    expect(product.academy_schedule_slots.map((week) => week.week_number)).toEqual(
      academy.weeks.map((week) => week.id),
    );
  });

  it("takes ru and de, and serves en in German", async () => {
    const path = `/api/v2/wagtail/products/${course.page.id}/?fields=*&locale=`;
    expect((await get(`${path}ru`)).json().name).toBe(course.page.name.ru);
    expect((await get(`${path}de`)).json().name).toBe(course.page.name.de);
    expect((await get(`${path}en`)).json().name).toBe(course.page.name.de);
    expect((await get(`${path}fr`)).statusCode).toBe(400);
  });

  it("answers an unknown product 404 and an unknown product type 400", async () => {
    expect((await get("/api/v2/wagtail/products/999999/?locale=de")).statusCode).toBe(404);
    const bad = await get("/api/v2/wagtail/products/?locale=de&product_type=Course,Nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({ product_type: ["invalid_choice"] });
  });

  it("shows a change to the catalogue on the next read (cached per catalogue epoch)", async () => {
    const path = `/api/v2/wagtail/products/?locale=de&fields=*&slug=${WORKSHOP_10}`;
    expect((await get(path)).json().items[0].name).toBe(workshop.page.name.de);
    await ctx.database.db
      .update(productPages)
      .set({ name: { de: "Tassen töpfern (neu)", ru: workshop.page.name.ru } })
      .where(eq(productPages.id, workshop.page.id));
    expect((await get(path)).json().items[0].name).toBe("Tassen töpfern (neu)");
    await ctx.database.db
      .update(productPages)
      .set({ name: workshop.page.name })
      .where(eq(productPages.id, workshop.page.id));
  });
});

describe("Wagtail content pages", () => {
  it("home page blocks carry image objects whose relative download_url serves the picture", async () => {
    const res = await get("/api/v2/wagtail/homepage/?locale=de");
    expect(res.statusCode).toBe(200);
    const home = wagtailListing(WagtailContentPageSchema).parse(res.json()).items[0];
    const carousel = home?.body.find((block) => block.type === "carousel")?.value as {
      photo: { id: number; meta: { download_url: string } };
      text: string;
    }[];
    const slide = carousel.find((entry) => entry.text === course.page.name.de);
    expect(slide?.photo.meta.download_url).toBe(PICTURE);
    const picture = await get(slide?.photo.meta.download_url ?? "");
    expect(picture.statusCode).toBe(200);
    expect(picture.body).toContain("<svg");
    // The image by its id (ImageBlockByID.vue), and the same id in every reply.
    const byId = await get(`/api/v2/wagtail/images/${slide?.photo.id}/?locale=de`);
    expect(byId.json()).toEqual(slide?.photo);

    const catalogs = home?.body.find((block) => block.type === "catalogs")?.value as {
      catalog_list: { name: string; cards: { id: number }[] }[];
    };
    expect(catalogs.catalog_list.map((entry) => entry.name)).toEqual([
      "Kurse",
      "Akademien",
      "Workshops",
      "Veranstaltungen",
    ]);
    expect(catalogs.catalog_list[0]?.cards.some((card) => card.id === course.page.id)).toBe(true);
    const seo = home?.body.find((block) => block.type === "seo_text")?.value as { heading: string };
    const [stored] = await ctx.database.db.select().from(contentPages).where(eq(contentPages.key, "home"));
    expect(seo.heading).toBe(stored?.title.de);
  });

  it("finds an image by its id that this process has not served yet, and answers an unknown id 404", async () => {
    const db = ctx.database.db;
    // A fresh service: nothing served yet, as on another instance behind the same database.
    const fresh = createWagtailService({
      catalogue: createCatalogueService(db),
      content: createContentService(db),
      publicUrl: ctx.env.PUBLIC_URL,
    });
    const [page] = await db.select().from(productPages).where(eq(productPages.id, academy.page.id));
    const work = page?.studentWorks[0] ?? page?.backgroundImage;
    expect(work).toBeTruthy();
    const found = await fresh.image(imageId(work?.src ?? ""), "de");
    expect(found.meta.download_url).toBe(work?.src);
    expect((await get("/api/v2/wagtail/images/12345/")).statusCode).toBe(404);
  });

  it("reads the catalogue whole at most once in ten seconds for ids no reply has named", async () => {
    const db = ctx.database.db;
    const catalogue = createCatalogueService(db);
    let pageReads = 0;
    const counting = {
      ...catalogue,
      getProduct: (...args: Parameters<typeof catalogue.getProduct>) => {
        pageReads += 1;
        return catalogue.getProduct(...args);
      },
    };
    const fresh = createWagtailService({
      catalogue: counting,
      content: createContentService(db),
      publicUrl: ctx.env.PUBLIC_URL,
    });
    await expect(fresh.image(999_001, "de")).rejects.toMatchObject({ status: 404 });
    const afterFirst = pageReads;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 2; i <= 20; i++)
      await expect(fresh.image(999_000 + i, "de")).rejects.toMatchObject({ status: 404 });
    expect(pageReads).toBe(afterFirst);
  });

  it("shows a content page edited by the staff on the next read", async () => {
    const db = ctx.database.db;
    const path = "/api/v2/wagtail/legal/?locale=de&fields=*&slug=legal";
    const before = await get(path);
    expect(before.json().items).toHaveLength(1);
    const [stored] = await db.select().from(contentPages).where(eq(contentPages.key, "legal"));
    await db
      .update(contentPages)
      .set({ body: { de: "## Impressum\n\nNeu & **geändert**", ru: stored?.body.ru ?? "" } })
      .where(eq(contentPages.key, "legal"));
    const after = await get(path);
    expect(after.json().items[0].contents).toBe(
      "<h3>Impressum</h3><p>Neu &amp; <strong>geändert</strong></p>",
    );
  });

  it("gives the catalog page of a type, prices, instructors, school and special offers", async () => {
    expect((await get("/api/v2/wagtail/catalog/?locale=ru&type=Course")).json().items[0].name).toBe("Курсы");
    const prices = (await get("/api/v2/wagtail/prices/?locale=de")).json().items[0];
    const tariff = prices.body.find((block: { type: string }) => block.type === "tariff_block");
    expect(tariff.value.tariff_cards[0]).toMatchObject({ base_price: expect.stringMatching(/^\d+\.\d\d$/) });
    const people = (await get("/api/v2/wagtail/instructors/?locale=de&fields=*")).json().items;
    expect(people[0].name).toMatch(/\S+ \S+/);
    const one = (await get(`/api/v2/wagtail/instructors/${people[0].id}/?locale=de&fields=*`)).json();
    expect(one.body[0].type).toBe("teaches_in");
    expect(Array.isArray(one.gallery_images)).toBe(true);
    const school = (await get("/api/v2/wagtail/school-offers/?locale=de")).json().items[0];
    expect(school.apply_block[0].value.title).toBe(school.heading);
    expect(school.offering_block[0].value.contents.top_pane.tags.length).toBeGreaterThan(0);
    const special = (await get("/api/v2/wagtail/special-offers/?locale=de&fields=*")).json().items;
    expect(special.every((item: { product_type: string }) => item.product_type === "SpecialOffer")).toBe(
      true,
    );
  });
});

describe("branches and categories", () => {
  it("are bare [{id, name}] lists", async () => {
    const branches = await get("/api/v2/products/branches/?locale=ru");
    expect(branches.statusCode).toBe(200);
    // The houses staff keep (D151): the same ids and names as the shop's own list filters by.
    const houses = (await get("/api/v2/locations/?locale=ru")).json() as { id: number; name: string }[];
    expect(houses.length).toBeGreaterThan(1);
    expect(BranchListSchema.parse(branches.json())).toEqual(houses.map(({ id, name }) => ({ id, name })));
    const categories = await get("/api/v2/products/categories/?locale=ru");
    expect(categories.statusCode).toBe(200);
    expect(categories.json().length).toBeGreaterThan(0);
    for (const category of categories.json()) {
      expect(category).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }));
    }
  });
});
