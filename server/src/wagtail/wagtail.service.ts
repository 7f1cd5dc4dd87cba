import {
  type ContentPage,
  type ContentPageKey,
  type Instructor,
  type Locale,
  PAGE_TITLES,
  type PageKey,
  PRODUCT_PAGE_SIZE_MAX,
  PRODUCT_TYPES,
  type Product,
  type ProductDetail,
  type ProductType,
  type PurchaseOption,
  slotWeekdayName,
  WAGTAIL_LANGUAGE_OF,
  type WagtailBlock,
  type WagtailImage,
  type WagtailProductCard,
  type WagtailProductDetail,
} from "@atelier/contract";
import type { CatalogueService } from "../catalogue/index.ts";
import type { ContentService } from "../content/index.ts";
import { AppError } from "../errors/index.ts";
import { markdownBlocks, markdownToHtml, markdownToPlain } from "./html.ts";
import { imageId, wagtailImage } from "./images.ts";

const BASE = "/api/v2/wagtail";

/** The catalog page of each product type: its id (its place in PRODUCT_TYPES + 1), title and route. */
const CATALOG_PAGES: Record<ProductType, { page: PageKey; path: string }> = {
  Course: { page: "courses", path: "/courses" },
  Academy: { page: "academies", path: "/academies" },
  Workshop: { page: "workshops", path: "/workshops" },
  Event: { page: "events", path: "/events" },
  BirthdayParty: { page: "birthdayParties", path: "/birthday-parties" },
  GiftCard: { page: "giftcards", path: "/giftcards" },
  SchoolOffer: { page: "schoolOffer", path: "/school_offer" },
  SpecialOffer: { page: "specialOffer", path: "/special_offer" },
};
const catalogId = (type: ProductType) => PRODUCT_TYPES.indexOf(type) + 1;

/** Content pages as Wagtail pages: ids by their place in this list, and the model the client sees. */
const CONTENT_IDS: Record<ContentPageKey, number> = {
  home: 1001,
  "about-us": 1002,
  prices: 1003,
  contacts: 1004,
  legal: 1005,
  privacy: 1006,
  terms: 1007,
  "school-offers": 1008,
  "special-offers": 1009,
};
const LEGAL_KEYS = ["legal", "privacy", "terms"] as const;

const TEXTS = {
  offers: { de: "Unsere Angebote", ru: "Наши предложения" },
  book: { de: "Buchen", ru: "Записаться" },
  teachesIn: { de: "Unterrichtet in", ru: "Ведёт занятия" },
} as const;

/**
 * A legal page by the `name` the existing client asks for (api-shapes Part 2 §5): its CMS titles, the
 * privacy page misspelt as the school's CMS has it ("Datenschultz"), and our own keys and titles.
 */
const LEGAL_NAMES: Record<(typeof LEGAL_KEYS)[number], readonly string[]> = {
  legal: ["impressum", "legal", "imprint", "выходные данные"],
  privacy: ["datenschultz", "datenschutz", "datenschutzerklärung", "privacy", "конфиденциальность"],
  terms: ["agb", "terms", "условия"],
};

/**
 * The programme as text the client shows as it is (issue 31 item 4, D211): one entry per paragraph and per
 * list item, a `## heading` the title of the entry after it, no markup.
 */
function programEntries(source: string) {
  const entries: { id: number; title: string; icon: null; text: string }[] = [];
  let title = "";
  const push = (text: string) => {
    entries.push({ id: entries.length + 1, title, icon: null, text: text.replace(/\*\*(.+?)\*\*/g, "$1") });
    title = "";
  };
  for (const block of markdownBlocks(source)) {
    if (block.kind === "heading") {
      if (title) push("");
      title = block.text.replace(/\*\*(.+?)\*\*/g, "$1");
    } else if (block.kind === "list") for (const item of block.items) push(item);
    else if (block.kind === "table") push(markdownToPlain(block.rows.join("\n")));
    else push(block.lines.join("\n"));
  }
  if (title) push("");
  return entries;
}

const hhmmss = (time: string) => (time.length === 5 ? `${time}:00` : time);

export type WagtailServiceDeps = {
  /** The catalogue with media paths left relative (the client prefixes its own API base). */
  catalogue: CatalogueService;
  content: ContentService;
  publicUrl: string;
};

/** Replies are made here and cached per catalogue epoch by the routes. */
export type WagtailService = ReturnType<typeof createWagtailService>;

/**
 * The read-only Wagtail API v2 the school's existing front end reads (api-shapes Part 2, D93), made from
 * our catalogue and content pages through their services.
 */
export function createWagtailService({ catalogue, content, publicUrl }: WagtailServiceDeps) {
  const site = publicUrl.replace(/\/$/, "");
  /**
   * Images this process has put into a reply, by id, so `images/{id}/` answers without reading the
   * catalogue; one it has not seen is looked up in the whole catalogue (`findImage`).
   */
  const seen = new Map<number, WagtailImage>();
  const MAX_SEEN = 10_000;
  const image = (path: string | null | undefined, title: string) => {
    const made = wagtailImage(path, title);
    if (made && !seen.has(made.id)) {
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.set(made.id, made);
    }
    return made;
  };

  const meta = (type: string, path: string, slug: string, locale: Locale) => ({
    type,
    detail_url: `${BASE}/${path}/`,
    slug,
    locale,
  });

  function card(product: Product, locale: Locale): WagtailProductCard {
    const title = product.title_image
      ? image(product.title_image.src, product.title_image.alt || product.name)
      : null;
    const units = product.schedule_slots.map((slot) => slot.space);
    return {
      id: product.id,
      meta: meta("products.ProductPage", `products/${product.id}`, product.slug, locale),
      slug: product.slug,
      name: product.name,
      title: product.name,
      product_type: product.product_type,
      age_group: product.age_group,
      // The client's key (`de/ru` where ours is `de-ru`): it looks it up in its own translations.
      language: WAGTAIL_LANGUAGE_OF[product.language],
      // Our own code and id beside the client's fields (add, don't rename).
      language_code: product.language,
      // The client shows `category` as it is: the category's name (issue 31 item 16).
      category: product.category_name,
      category_id: product.category,
      current_status: units.length > 0 && units.every((space) => space === 0) ? "sold_out" : "available",
      title_image: title,
      // A card shows its background behind the title image; our cards have the one picture.
      background_image: title,
      catalog: {
        id: catalogId(product.product_type),
        meta: { detail_url: `${BASE}/catalog/${catalogId(product.product_type)}/` },
      },
      schedule_slots: product.schedule_slots.map((slot) => ({
        id: slot.id,
        weekday: slotWeekdayName(slot),
        date: slot.date,
        start: hhmmss(slot.start),
        end: hhmmss(slot.end),
        space: String(slot.space),
      })),
    };
  }

  /**
   * The client writes "€" after a price itself (issue 31 item 14, D212): `price_text` is the same decimal
   * as `base_price`, never a formatted "79,00 € pro Monat".
   */
  const purchaseOption = (option: PurchaseOption) => ({
    id: option.id,
    title: option.name,
    icon: null,
    bullet_points: [],
    price_text: option.base_price,
    base_price: option.base_price,
    schedule_type: option.schedule_type,
  });

  const tutor = (person: Instructor) => {
    const photo = image(person.photo, `${person.first_name} ${person.last_name}`);
    return {
      id: person.id,
      instructor: { first_name: person.first_name, last_name: person.last_name },
      name: `${person.first_name} ${person.last_name}`,
      subject: person.subject,
      slug: person.slug,
      profile_pic: photo?.id ?? null,
      title_image: photo,
    };
  };

  function detail(product: ProductDetail, locale: Locale, plainSeo = false): WagtailProductDetail {
    const base = card(product, locale);
    const background = product.background_image
      ? image(product.background_image.src, product.background_image.alt || product.name)
      : base.title_image;
    return {
      ...base,
      background_image: background,
      seo_text: plainSeo ? markdownToPlain(product.seo_text) : markdownToHtml(product.seo_text),
      length: product.length,
      purchase_options: product.purchase_options.map(purchaseOption),
      // The week's id is its number for the existing client: it sends it back as `academy_weeks` (D93).
      academy_schedule_slots: product.academy_schedule_slots.map((week) => ({
        week_number: week.id,
        starts_on: week.starts_on,
        ends_on: week.ends_on,
        space: String(week.space),
      })),
      body: [
        { type: "heading", value: product.name, id: `${product.id}-heading` },
        {
          type: "about",
          value: [
            { title: product.summary, image: base.title_image, paragraph: markdownToHtml(product.body) },
          ],
          id: `${product.id}-about`,
        },
      ],
      program: programEntries(product.program),
      student_works: product.student_works.map((work) => {
        const icon = image(work.src, work.alt) as WagtailImage;
        return { id: icon.id, icon, name: work.alt };
      }),
      qna: product.qna.map((entry, index) => ({
        id: index + 1,
        question: entry.question,
        answer: markdownToHtml(entry.answer),
      })),
      instructors: product.instructors.map(tutor),
    };
  }

  /** Every published product of the types, in catalogue order (all pages of the list). */
  async function allProducts(locale: Locale, productTypes?: ProductType[]): Promise<Product[]> {
    const products: Product[] = [];
    for (let page = 1; ; page++) {
      const result = await catalogue.listProducts(
        { page, pageSize: PRODUCT_PAGE_SIZE_MAX, ...(productTypes ? { productTypes } : {}) },
        locale,
      );
      products.push(...result.results);
      if (!result.hasNext) return products;
    }
  }

  const listing = <T>(items: T[]) => ({ meta: { total_count: items.length }, items });
  const block = (type: string, value: unknown, id: string): WagtailBlock => ({ type, value, id });

  async function page(key: ContentPageKey, locale: Locale): Promise<ContentPage> {
    return content.getPage(key, locale);
  }

  const contentMeta = (key: ContentPageKey, type: string, locale: Locale, path: string) =>
    meta(type, `${path}/${CONTENT_IDS[key]}`, key, locale);

  async function homepage(locale: Locale) {
    const home = await page("home", locale);
    const types: ProductType[] = ["Course", "Academy", "Workshop", "Event"];
    const [products, categories] = await Promise.all([
      allProducts(locale, types),
      catalogue.listCategories(locale),
    ]);
    const featured = products.filter((product) => product.is_featured && product.title_image);
    const half = Math.ceil(categories.length / 2);
    return {
      id: CONTENT_IDS.home,
      meta: contentMeta("home", "home.HomePage", locale, "homepage"),
      title: home.title,
      heading: home.title,
      body: [
        block(
          "carousel",
          (featured.length ? featured : products.filter((p) => p.title_image))
            .slice(0, 5)
            .map((product) => ({ photo: card(product, locale).title_image, text: product.name })),
          "carousel",
        ),
        block("seo_text", { heading: home.title, paragraph: home.description }, "seo_text"),
        block(
          "catalogs",
          {
            heading: TEXTS.offers[locale],
            catalog_list: types.map((type) => ({
              name: PAGE_TITLES[CATALOG_PAGES[type].page][locale],
              cards: products.filter((p) => p.product_type === type).map((p) => card(p, locale)),
              catalog_link: CATALOG_PAGES[type].path,
            })),
          },
          "catalogs",
        ),
        block(
          "running_text",
          {
            row1: categories.slice(0, half).map((c) => c.name),
            row2: categories.slice(half).map((c) => c.name),
          },
          "running_text",
        ),
        block("text", { heading: home.title, paragraph: markdownToHtml(home.body) }, "text"),
      ],
    };
  }

  async function prices(locale: Locale) {
    const prices = await page("prices", locale);
    const courses = await allProducts(locale, ["Course"]);
    return {
      id: CONTENT_IDS.prices,
      meta: contentMeta("prices", "prices.PricesPage", locale, "prices"),
      title: prices.title,
      heading: prices.title,
      body: [
        // The prices page renders this text as HTML (issue 31 item 15): its tables as tables.
        block("seo_text", { heading: prices.title, paragraph: markdownToHtml(prices.body) }, "seo_text"),
        ...courses.map((course) =>
          block(
            "tariff_block",
            {
              title: course.name,
              description: course.summary,
              button_text: TEXTS.book[locale],
              link: `${site}/product/buy/${course.id}?locale=${locale}`,
              tariff_cards: course.purchase_options.map(purchaseOption),
            },
            `tariff-${course.id}`,
          ),
        ),
      ],
    };
  }

  async function schoolOffers(locale: Locale) {
    const offers = await page("school-offers", locale);
    const [products, instructors] = await Promise.all([
      allProducts(locale, ["SchoolOffer"]),
      catalogue.listInstructors(locale),
    ]);
    const pane = (product: Product | undefined) =>
      product
        ? { title: product.name, inner_text: product.summary, photo: card(product, locale).title_image }
        : { title: "", inner_text: "", photo: null };
    return {
      id: CONTENT_IDS["school-offers"],
      meta: contentMeta("school-offers", "offers.SchoolOfferPage", locale, "school-offers"),
      title: offers.title,
      heading: offers.title,
      apply_block: [
        block(
          "apply_block",
          { title: offers.title, inner_text: offers.description, photo: pane(products[0]).photo },
          "apply",
        ),
      ],
      offering_block: [
        block(
          "offering_block",
          {
            title: offers.title,
            contents: {
              top_pane: {
                title: offers.title,
                icon: null,
                tags: products.map((p) => ({ inner_text: p.name, link: `/product/${p.slug}` })),
              },
              left_pane: pane(products[0]),
              right_pane: pane(products[1]),
            },
          },
          "offering",
        ),
      ],
      instructors_block: [block("instructors_block", { instructors: instructors.map(tutor) }, "instructors")],
      student_works_block: [],
      seo_text: [
        block("seo_text", { heading: offers.title, paragraph: markdownToPlain(offers.body) }, "seo_text"),
      ],
      body: [],
    };
  }

  const legal = (key: (typeof LEGAL_KEYS)[number], found: ContentPage, locale: Locale) => ({
    id: CONTENT_IDS[key],
    meta: contentMeta(key, "legal.LegalPage", locale, "legal"),
    title: found.title,
    slug: key,
    contents: markdownToHtml(found.body),
  });

  function instructorItem(person: Instructor, locale: Locale) {
    const name = `${person.first_name} ${person.last_name}`;
    return {
      id: person.id,
      meta: meta("instructors.InstructorPage", `instructors/${person.id}`, person.slug, locale),
      slug: person.slug,
      name,
      speciality: person.job || person.subject,
      title_image: image(person.photo, name),
    };
  }

  async function instructorDetail(idOrSlug: string, locale: Locale) {
    const person = await catalogue.getInstructor(idOrSlug, locale);
    const item = instructorItem(person, locale);
    return {
      ...item,
      description: markdownToHtml(person.bio),
      gallery_images: item.title_image ? [{ image: item.title_image }] : [],
      body: [
        block(
          "teaches_in",
          { heading: TEXTS.teachesIn[locale], cards: person.products.map((p) => card(p, locale)) },
          "teaches_in",
        ),
      ],
    };
  }

  /**
   * When the catalogue was last read whole for an unknown image id: at most one such read per
   * `FULL_SCAN_INTERVAL_MS`, so requests for made-up ids cannot make every request read every page.
   */
  let lastFullScan = Number.NEGATIVE_INFINITY;
  const FULL_SCAN_INTERVAL_MS = 10_000;

  /** Every image of the catalogue, for an `images/{id}/` this process has not put into a reply yet. */
  async function findImage(id: number, locale: Locale): Promise<WagtailImage> {
    const known = seen.get(id);
    if (known) return known;
    if (Date.now() - lastFullScan < FULL_SCAN_INTERVAL_MS) throw AppError.notFound();
    lastFullScan = Date.now();
    const [products, instructors] = await Promise.all([
      allProducts(locale),
      catalogue.listInstructors(locale),
    ]);
    for (const person of instructors) instructorItem(person, locale);
    for (const product of products) {
      card(product, locale);
      if (product.title_image && imageId(product.title_image.src) === id) break;
    }
    if (!seen.has(id)) {
      // Backgrounds and student works are only on the product pages.
      for (const product of products) {
        detail(await catalogue.getProduct(String(product.id), locale), locale);
        if (seen.has(id)) break;
      }
    }
    const found = seen.get(id);
    if (!found) throw AppError.notFound();
    return found;
  }

  /** `?slug=` of a listing: digits name an id (the client's own rule). */
  const bySlug = <T extends { id: number; slug: string }>(items: T[], slug: string | undefined) =>
    slug === undefined
      ? items
      : items.filter((item) => (/^\d+$/.test(slug) ? item.id === Number(slug) : item.slug === slug));

  return {
    async products(locale: Locale, query: { productTypes?: ProductType[]; slug?: string }) {
      if (query.slug !== undefined) {
        const found = await catalogue.getProduct(query.slug, locale).catch((err: unknown) => {
          if (err instanceof AppError && err.status === 404) return undefined;
          throw err;
        });
        const matches =
          found && (!query.productTypes || query.productTypes.includes(found.product_type)) ? [found] : [];
        return listing(matches.map((product) => detail(product, locale)));
      }
      return listing((await allProducts(locale, query.productTypes)).map((product) => card(product, locale)));
    },
    async product(id: string, locale: Locale, productType?: ProductType) {
      const found = await catalogue.getProduct(id, locale);
      if (productType && found.product_type !== productType) throw AppError.notFound();
      return detail(found, locale, productType === "SpecialOffer");
    },
    async specialOffers(locale: Locale, slug: string | undefined) {
      const offers = bySlug(await allProducts(locale, ["SpecialOffer"]), slug);
      const details = await Promise.all(
        offers.map((offer) => catalogue.getProduct(String(offer.id), locale)),
      );
      return listing(details.map((offer) => detail(offer, locale, true)));
    },
    async catalogs(locale: Locale, type: string | undefined) {
      const types = PRODUCT_TYPES.filter((candidate) => type === undefined || candidate === type);
      return listing(types.map((productType) => this.catalogItem(productType, locale)));
    },
    catalogItem(productType: ProductType, locale: Locale) {
      const { page: key } = CATALOG_PAGES[productType];
      const name = PAGE_TITLES[key][locale];
      return {
        id: catalogId(productType),
        meta: meta("catalog.CatalogPage", `catalog/${catalogId(productType)}`, key, locale),
        name,
        title: name,
        product_type: productType,
      };
    },
    catalog(id: number, locale: Locale) {
      const productType = PRODUCT_TYPES[id - 1];
      if (!productType) throw AppError.notFound();
      return this.catalogItem(productType, locale);
    },
    homepage: async (locale: Locale) => listing([await homepage(locale)]),
    prices: async (locale: Locale) => listing([await prices(locale)]),
    schoolOffers: async (locale: Locale) => listing([await schoolOffers(locale)]),
    /**
     * Imprint, privacy and terms in this order; `slug` (our key or id) or `name` (the client's CMS title:
     * `Datenschultz`, `AGB`; issue 31 item 5) picks one, so `items[0]` is the page asked for.
     */
    async legal(locale: Locale, query: { slug?: string | undefined; name?: string | undefined }) {
      const found = await Promise.all(
        LEGAL_KEYS.map(async (key) => ({ key, page: await page(key, locale) })),
      );
      const name = query.name?.trim().toLowerCase();
      const pages = found.filter(
        ({ key, page: p }) =>
          (query.slug === undefined || key === query.slug || String(CONTENT_IDS[key]) === query.slug) &&
          (name === undefined || LEGAL_NAMES[key].includes(name) || p.title.toLowerCase() === name),
      );
      return listing(pages.map(({ key, page: p }) => legal(key, p, locale)));
    },
    async instructors(locale: Locale, slug: string | undefined) {
      if (slug !== undefined) {
        const found = await instructorDetail(slug, locale).catch((err: unknown) => {
          if (err instanceof AppError && err.status === 404) return undefined;
          throw err;
        });
        return listing(found ? [found] : []);
      }
      return listing(
        (await catalogue.listInstructors(locale)).map((person) => instructorItem(person, locale)),
      );
    },
    instructor: instructorDetail,
    image: findImage,
    /** The school's houses (branches) as staff keep them (D151): the ids the lists filter by. */
    branches: async (locale: Locale) =>
      (await catalogue.listHouses(locale)).map((house) => ({ id: house.id, name: house.name })),
  };
}
