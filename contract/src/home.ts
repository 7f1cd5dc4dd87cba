// Its own module, apart from catalogue.ts and its schemas: the home page's chunk imports these values.
import type { ProductType } from "./catalogue.ts";
import type { Locale } from "./rules/locale.ts";

/** The offer types the home page teases, and the one list request it makes for them (preloaded by the server). */
export const HOME_FEATURED_TYPES = [
  "Course",
  "Academy",
  "Workshop",
  "Event",
] as const satisfies readonly ProductType[];
export const HOME_PRODUCTS_PAGE_SIZE = 100;
export const homeProductsPath = (locale: Locale) =>
  `/api/v2/products/?${new URLSearchParams({ product_type: HOME_FEATURED_TYPES.join(","), page_size: String(HOME_PRODUCTS_PAGE_SIZE), locale }).toString()}`;
export const instructorsPath = (locale: Locale) => `/api/v2/instructors/?locale=${locale}`;
