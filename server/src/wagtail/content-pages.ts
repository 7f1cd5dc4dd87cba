// The school's content pages as the Wagtail pages the existing client renders: home, prices, school
// offers and the legal pages, each in the blocks the client expects (api-shapes Part 2 §5).
import {
  type ContentPage,
  type ContentPageKey,
  type Locale,
  PAGE_TITLES,
  type Product,
  type ProductType,
} from "@atelier/contract";
import { markdownToHtml, markdownToPlain } from "./html.ts";
import { card, purchaseOption, tutor } from "./product-pages.ts";
import {
  allProducts,
  block,
  CATALOG_PAGES,
  CONTENT_IDS,
  contentMeta,
  listing,
  TEXTS,
  type WagtailContext,
} from "./wagtail.context.ts";

const LEGAL_KEYS = ["legal", "privacy", "terms"] as const;

/**
 * A legal page by the `name` the existing client asks for (api-shapes Part 2 §5): its CMS titles, the
 * privacy page misspelt as the school's CMS has it ("Datenschultz"), and our own keys and titles.
 */
const LEGAL_NAMES: Record<(typeof LEGAL_KEYS)[number], readonly string[]> = {
  legal: ["impressum", "legal", "imprint", "выходные данные"],
  privacy: ["datenschultz", "datenschutz", "datenschutzerklärung", "privacy", "конфиденциальность"],
  terms: ["agb", "terms", "условия"],
};

const page = ({ content }: WagtailContext, key: ContentPageKey, locale: Locale): Promise<ContentPage> =>
  content.getPage(key, locale);

export async function homepage(ctx: WagtailContext, locale: Locale) {
  const home = await page(ctx, "home", locale);
  const types: ProductType[] = ["Course", "Academy", "Workshop", "Event"];
  const [products, categories] = await Promise.all([
    allProducts(ctx, locale, types),
    ctx.catalogue.listCategories(locale),
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
          .map((product) => ({ photo: card(ctx, product, locale).title_image, text: product.name })),
        "carousel",
      ),
      block("seo_text", { heading: home.title, paragraph: home.description }, "seo_text"),
      block(
        "catalogs",
        {
          heading: TEXTS.offers[locale],
          catalog_list: types.map((type) => ({
            name: PAGE_TITLES[CATALOG_PAGES[type].page][locale],
            cards: products.filter((p) => p.product_type === type).map((p) => card(ctx, p, locale)),
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

export async function prices(ctx: WagtailContext, locale: Locale) {
  const prices = await page(ctx, "prices", locale);
  const courses = await allProducts(ctx, locale, ["Course"]);
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
            link: `${ctx.site}/product/buy/${course.id}?locale=${locale}`,
            tariff_cards: course.purchase_options.map(purchaseOption),
          },
          `tariff-${course.id}`,
        ),
      ),
    ],
  };
}

export async function schoolOffers(ctx: WagtailContext, locale: Locale) {
  const offers = await page(ctx, "school-offers", locale);
  const [products, instructors] = await Promise.all([
    allProducts(ctx, locale, ["SchoolOffer"]),
    ctx.catalogue.listInstructors(locale),
  ]);
  const pane = (product: Product | undefined) =>
    product
      ? { title: product.name, inner_text: product.summary, photo: card(ctx, product, locale).title_image }
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
    instructors_block: [
      block(
        "instructors_block",
        { instructors: instructors.map((person) => tutor(ctx, person)) },
        "instructors",
      ),
    ],
    student_works_block: [],
    seo_text: [
      block("seo_text", { heading: offers.title, paragraph: markdownToPlain(offers.body) }, "seo_text"),
    ],
    body: [],
  };
}

/**
 * Imprint, privacy and terms in this order; `slug` (our key or id) or `name` (the client's CMS title:
 * `Datenschultz`, `AGB`; issue 31 item 5) picks one, so `items[0]` is the page asked for.
 */
export async function legalPages(
  ctx: WagtailContext,
  locale: Locale,
  query: { slug?: string | undefined; name?: string | undefined },
) {
  const found = await Promise.all(
    LEGAL_KEYS.map(async (key) => ({ key, page: await page(ctx, key, locale) })),
  );
  const name = query.name?.trim().toLowerCase();
  const pages = found.filter(
    ({ key, page: p }) =>
      (query.slug === undefined || key === query.slug || String(CONTENT_IDS[key]) === query.slug) &&
      (name === undefined || LEGAL_NAMES[key].includes(name) || p.title.toLowerCase() === name),
  );
  return listing(
    pages.map(({ key, page: p }) => ({
      id: CONTENT_IDS[key],
      meta: contentMeta(key, "legal.LegalPage", locale, "legal"),
      title: p.title,
      slug: key,
      contents: markdownToHtml(p.body),
    })),
  );
}
