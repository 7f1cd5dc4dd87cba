// The read-only Wagtail API v2 the school's existing front end reads (api-shapes Part 2, D93), made from
// our catalogue and content pages through their services. Each kind of page is its own module (D355):
// products, content pages, instructors, and the image lookup; this binds them to the shared context.
import { type Locale, PAGE_TITLES, PRODUCT_TYPES, type ProductType } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { homepage, legalPages, prices, schoolOffers } from "./content-pages.ts";
import { findImage } from "./image-lookup.ts";
import { instructorDetail, instructorItem } from "./instructor-pages.ts";
import { card, detail } from "./product-pages.ts";
import {
  allProducts,
  CATALOG_PAGES,
  catalogId,
  listing,
  meta,
  type WagtailServiceDeps,
  wagtailContext,
} from "./wagtail.context.ts";

export type { WagtailServiceDeps } from "./wagtail.context.ts";

/** Replies are made here and cached per catalogue epoch by the routes. */
export type WagtailService = ReturnType<typeof createWagtailService>;

/** `?slug=` of a listing: digits name an id (the client's own rule). */
const bySlug = <T extends { id: number; slug: string }>(items: T[], slug: string | undefined) =>
  slug === undefined
    ? items
    : items.filter((item) => (/^\d+$/.test(slug) ? item.id === Number(slug) : item.slug === slug));

/** A 404 of the catalogue is an empty listing here (the client's `?slug=` filters, never fails). */
const orNone = (err: unknown) => {
  if (err instanceof AppError && err.status === 404) return undefined;
  throw err;
};

function catalogItem(productType: ProductType, locale: Locale) {
  const { page: key } = CATALOG_PAGES[productType];
  const name = PAGE_TITLES[key][locale];
  return {
    id: catalogId(productType),
    meta: meta("catalog.CatalogPage", `catalog/${catalogId(productType)}`, key, locale),
    name,
    title: name,
    product_type: productType,
  };
}

export function createWagtailService(deps: WagtailServiceDeps) {
  const ctx = wagtailContext(deps);
  const { catalogue } = ctx;

  return {
    async products(locale: Locale, query: { productTypes?: ProductType[]; slug?: string }) {
      if (query.slug !== undefined) {
        const found = await catalogue.getProduct(query.slug, locale).catch(orNone);
        const matches =
          found && (!query.productTypes || query.productTypes.includes(found.product_type)) ? [found] : [];
        return listing(matches.map((product) => detail(ctx, product, locale)));
      }
      const products = await allProducts(ctx, locale, query.productTypes);
      return listing(products.map((product) => card(ctx, product, locale)));
    },
    async product(id: string, locale: Locale, productType?: ProductType) {
      const found = await catalogue.getProduct(id, locale);
      if (productType && found.product_type !== productType) throw AppError.notFound();
      return detail(ctx, found, locale, productType === "SpecialOffer");
    },
    async specialOffers(locale: Locale, slug: string | undefined) {
      const offers = bySlug(await allProducts(ctx, locale, ["SpecialOffer"]), slug);
      const details = await Promise.all(
        offers.map((offer) => catalogue.getProduct(String(offer.id), locale)),
      );
      return listing(details.map((offer) => detail(ctx, offer, locale, true)));
    },
    async catalogs(locale: Locale, type: string | undefined) {
      const types = PRODUCT_TYPES.filter((candidate) => type === undefined || candidate === type);
      return listing(types.map((productType) => catalogItem(productType, locale)));
    },
    catalogItem,
    catalog(id: number, locale: Locale) {
      const productType = PRODUCT_TYPES[id - 1];
      if (!productType) throw AppError.notFound();
      return catalogItem(productType, locale);
    },
    homepage: async (locale: Locale) => listing([await homepage(ctx, locale)]),
    prices: async (locale: Locale) => listing([await prices(ctx, locale)]),
    schoolOffers: async (locale: Locale) => listing([await schoolOffers(ctx, locale)]),
    legal: (locale: Locale, query: { slug?: string | undefined; name?: string | undefined }) =>
      legalPages(ctx, locale, query),
    async instructors(locale: Locale, slug: string | undefined) {
      if (slug !== undefined) {
        const found = await instructorDetail(ctx, slug, locale).catch(orNone);
        return listing(found ? [found] : []);
      }
      return listing(
        (await catalogue.listInstructors(locale)).map((person) => instructorItem(ctx, person, locale)),
      );
    },
    instructor: (idOrSlug: string, locale: Locale) => instructorDetail(ctx, idOrSlug, locale),
    image: (id: number, locale: Locale) => findImage(ctx, id, locale),
    /** The school's houses (branches) as staff keep them (D151): the ids the lists filter by. */
    branches: async (locale: Locale) =>
      (await catalogue.listHouses(locale)).map((house) => ({ id: house.id, name: house.name })),
  };
}
