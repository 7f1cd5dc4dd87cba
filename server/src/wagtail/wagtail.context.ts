// What every part of the Wagtail adapter shares (D355): the services it reads through, the site's origin,
// the images this process has put into a reply (so `images/{id}/` answers without reading the catalogue),
// and the ids and shapes Wagtail's API v2 gives every page (api-shapes Part 2, D93).
import {
  type ContentPageKey,
  type Locale,
  type PageKey,
  PRODUCT_PAGE_SIZE_MAX,
  PRODUCT_TYPES,
  type Product,
  type ProductType,
  type WagtailBlock,
  type WagtailImage,
} from "@atelier/contract";
import type { CatalogueService } from "../catalogue/index.ts";
import type { ContentService } from "../content/index.ts";
import { wagtailImage } from "./images.ts";

export const BASE = "/api/v2/wagtail";

export type WagtailServiceDeps = {
  /** The catalogue with media paths left relative (the client prefixes its own API base). */
  catalogue: CatalogueService;
  content: ContentService;
  publicUrl: string;
};

export type WagtailContext = {
  catalogue: CatalogueService;
  content: ContentService;
  site: string;
  /** Images put into a reply, by id; cleared when it grows past MAX_SEEN. */
  seen: Map<number, WagtailImage>;
  /** A Wagtail image of a media path, remembered in `seen`. */
  image: (path: string | null | undefined, title: string) => WagtailImage | null;
  /** When the catalogue was last read whole for an unknown image id (image-lookup.ts). */
  scan: { last: number };
};

const MAX_SEEN = 10_000;

export function wagtailContext({ catalogue, content, publicUrl }: WagtailServiceDeps): WagtailContext {
  const seen = new Map<number, WagtailImage>();
  const image = (path: string | null | undefined, title: string) => {
    const made = wagtailImage(path, title);
    if (made && !seen.has(made.id)) {
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.set(made.id, made);
    }
    return made;
  };
  return {
    catalogue,
    content,
    site: publicUrl.replace(/\/$/, ""),
    seen,
    image,
    scan: { last: Number.NEGATIVE_INFINITY },
  };
}

/** The catalog page of each product type: its id (its place in PRODUCT_TYPES + 1), title and route. */
export const CATALOG_PAGES: Record<ProductType, { page: PageKey; path: string }> = {
  Course: { page: "courses", path: "/courses" },
  Academy: { page: "academies", path: "/academies" },
  Workshop: { page: "workshops", path: "/workshops" },
  Event: { page: "events", path: "/events" },
  BirthdayParty: { page: "birthdayParties", path: "/birthday-parties" },
  GiftCard: { page: "giftcards", path: "/giftcards" },
  SchoolOffer: { page: "schoolOffer", path: "/school_offer" },
  SpecialOffer: { page: "specialOffer", path: "/special_offer" },
};
export const catalogId = (type: ProductType) => PRODUCT_TYPES.indexOf(type) + 1;

/** Content pages as Wagtail pages: ids by their place in this list, and the model the client sees. */
export const CONTENT_IDS: Record<ContentPageKey, number> = {
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

export const TEXTS = {
  offers: { de: "Unsere Angebote", ru: "Наши предложения" },
  book: { de: "Buchen", ru: "Записаться" },
  teachesIn: { de: "Unterrichtet in", ru: "Ведёт занятия" },
} as const;

export const meta = (type: string, path: string, slug: string, locale: Locale) => ({
  type,
  detail_url: `${BASE}/${path}/`,
  slug,
  locale,
});

export const contentMeta = (key: ContentPageKey, type: string, locale: Locale, path: string) =>
  meta(type, `${path}/${CONTENT_IDS[key]}`, key, locale);

export const listing = <T>(items: T[]) => ({ meta: { total_count: items.length }, items });
export const block = (type: string, value: unknown, id: string): WagtailBlock => ({ type, value, id });

/** Every published product of the types, in catalogue order (all pages of the list). */
export async function allProducts(
  { catalogue }: WagtailContext,
  locale: Locale,
  productTypes?: ProductType[],
): Promise<Product[]> {
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
