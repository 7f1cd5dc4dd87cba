import {
  type ContentPageKey,
  CURRENCY,
  catalogueFirstPagePath,
  categoriesPath,
  homeProductsPath,
  instructorsPath,
  type Locale,
  PAGE_TITLES,
  type PageKey,
  type ProductDetail,
  type ProductType,
  productDetailPath,
  SITE_NAME,
} from "@atelier/contract";
import type { CatalogueService } from "../catalogue/index.ts";
import type { ContentService } from "../content/index.ts";
import { AppError } from "../errors/index.ts";
import type { HeadProvider } from "../spa/index.ts";
import { defaultHead, type PageHead } from "../spa/index.ts";

/** Catalogue list pages and the product types they show (as the web lists them). */
const LIST_TYPES: Partial<Record<PageKey, ProductType[]>> = {
  courses: ["Course"],
  academies: ["Academy"],
  workshops: ["Workshop"],
  events: ["Event"],
  giftcards: ["GiftCard"],
  schoolOffer: ["SchoolOffer"],
  specialOffer: ["SpecialOffer", "BirthdayParty"],
  birthdayParties: ["BirthdayParty"],
};

/** Page routes whose text is a content page. */
const CONTENT_KEYS: Partial<Record<PageKey, ContentPageKey>> = {
  home: "home",
  aboutUs: "about-us",
  prices: "prices",
  contacts: "contacts",
  legal: "legal",
  privacy: "privacy",
  terms: "terms",
  schoolOffer: "school-offers",
  specialOffer: "special-offers",
};

const DESCRIPTION_MAX = 160;

/** A meta description: the first sentence(s) of a text, at most 160 characters, on one line. */
export function metaDescription(text: string): string {
  const flat = text
    .replace(/^[-*#>\s]+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 80)).trimEnd()}…`;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const EVENT_TYPES = new Set(["Event", "Workshop"]);
const COURSE_TYPES = new Set(["Course", "Academy"]);

/** schema.org data of a product page: Course, Event or Product, each with EUR offers. */
export function productJsonLd(product: ProductDetail, pageUrl: string, publicUrl: string): unknown {
  const base = publicUrl.replace(/\/$/, "");
  const absolute = (src: string) => (/^https?:/.test(src) ? src : `${base}${src}`);
  const offers = product.purchase_options.map((option) => ({
    "@type": "Offer",
    name: option.name,
    price: option.base_price,
    priceCurrency: CURRENCY,
    url: pageUrl,
    category: option.schedule_type,
  }));
  const organization = { "@type": "EducationalOrganization", name: "Atelier", url: base };
  const image = product.title_image ? [absolute(product.title_image.src)] : undefined;
  const common = {
    "@context": "https://schema.org",
    name: product.name,
    description: product.summary,
    url: pageUrl,
    ...(image ? { image } : {}),
    offers,
  };
  const dated = product.schedule_slots.find((slot) => slot.date !== null);
  if (EVENT_TYPES.has(product.product_type) && dated?.date) {
    return {
      ...common,
      "@type": "Event",
      startDate: `${dated.date}T${dated.start}`,
      endDate: `${dated.date}T${dated.end}`,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: product.location || "Atelier", address: product.location },
      organizer: organization,
    };
  }
  if (COURSE_TYPES.has(product.product_type) || EVENT_TYPES.has(product.product_type)) {
    return {
      ...common,
      "@type": "Course",
      provider: organization,
      inLanguage: product.language,
      ...(product.academy_schedule_slots.length
        ? {
            hasCourseInstance: product.academy_schedule_slots.map((week) => ({
              "@type": "CourseInstance",
              courseMode: "onsite",
              startDate: week.starts_on,
              endDate: week.ends_on,
              name: week.season_name,
            })),
          }
        : {}),
    };
  }
  return { ...common, "@type": "Product", brand: organization };
}

export type HeadProviderDeps = { catalogue: CatalogueService; content: ContentService; publicUrl: string };

/**
 * Titles, descriptions and JSON-LD of pages backed by data: product pages, instructors and content
 * pages. An unknown product or instructor gives `null`, which the SPA plugin answers with 404.
 */
export function createHeadProvider({ catalogue, content, publicUrl }: HeadProviderDeps): HeadProvider {
  const base = publicUrl.replace(/\/$/, "");
  const titled = (text: string, locale: Locale) => `${text} – ${SITE_NAME[locale]}`;

  // A catalogue list opened without filters: its data and first image are named in the HTML, so the
  // browser fetches them while it loads the app instead of after it (the largest paint is that image).
  const listPreloads = async (key: PageKey, query: Record<string, unknown>, locale: Locale) => {
    const types = LIST_TYPES[key];
    if (!types || Object.keys(query).some((name) => name !== "locale")) return undefined;
    const list = await orNull(catalogue.listProducts({ productTypes: types, page: 1, pageSize: 1 }, locale));
    return {
      preloadImage: list?.results[0]?.title_image?.src,
      preloadFetch: [
        catalogueFirstPagePath(types, locale),
        ...(key === "giftcards" ? [] : [categoriesPath(locale)]),
      ],
    };
  };

  const head = async ({ key, params, locale }: Parameters<HeadProvider>[0]) => {
    // The booking page of an unknown offer is as missing as the offer's page.
    if ((key === "product" || key === "productBuy") && params.id) {
      const product = await orNull(catalogue.getProduct(params.id, locale));
      if (!product) return null;
      if (key === "productBuy") {
        return {
          title: titled(`${PAGE_TITLES.productBuy[locale]}: ${product.name}`, locale),
          description: metaDescription(product.summary),
        };
      }
      const pageUrl = `${base}/product/${encodeURIComponent(params.id)}?locale=${locale}`;
      return {
        title: titled(product.name, locale),
        description: metaDescription(product.seo_text || product.summary),
        jsonLd: productJsonLd(product, pageUrl, publicUrl),
        // The largest paint is the title image, drawn once the app has the product's data: both start
        // with the HTML instead of after the app's JavaScript has run.
        preloadImage: product.title_image?.src,
        preloadFetch: [productDetailPath(params.id, locale)],
      };
    }
    if (key === "instructor" && params.id) {
      const person = await orNull(catalogue.getInstructor(params.id, locale));
      if (!person) return null;
      const name = `${person.first_name} ${person.last_name}`;
      return {
        title: titled(`${name} – ${PAGE_TITLES.instructor[locale]}`, locale),
        description: metaDescription(`${person.job}. ${person.bio}`),
        jsonLd: {
          "@context": "https://schema.org",
          "@type": "Person",
          name,
          jobTitle: person.job,
          ...(person.photo ? { image: person.photo } : {}),
          worksFor: { "@type": "EducationalOrganization", name: "Atelier", url: base },
        },
      };
    }
    const contentKey = CONTENT_KEYS[key];
    if (contentKey) {
      const page = await orNull(content.getPage(contentKey, locale));
      if (!page) return undefined;
      return {
        title: key === "home" ? SITE_NAME[locale] : titled(page.title, locale),
        description: metaDescription(page.description),
        // Home's teasers and team: both requests start with the HTML instead of after the app has run.
        ...(key === "home" ? { preloadFetch: [homeProductsPath(locale), instructorsPath(locale)] } : {}),
      };
    }
    return undefined;
  };

  return async (input): Promise<PageHead | null | undefined> => {
    const [page, preloads] = await Promise.all([
      head(input),
      listPreloads(input.key, input.query, input.locale),
    ]);
    if (page === null || !preloads) return page;
    return { ...(page ?? defaultHead(input.key, input.locale)), ...preloads };
  };
}
