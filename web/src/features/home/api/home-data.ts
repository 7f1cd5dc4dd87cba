// Types only: the home page must not pull the contract's zod schemas into its bundle.
import {
  HOME_FEATURED_TYPES,
  HOME_PRODUCTS_PAGE_SIZE,
  type Instructor,
  type Locale,
  type Product,
  type ProductList,
  type ProductType,
} from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const FEATURED_TYPES = HOME_FEATURED_TYPES;
export const FEATURED_PER_TYPE = 3;

/** The API has no "featured" filter: one list of the teaser types, featured ones first within each type. */
export function pickFeatured(products: Product[], perType = FEATURED_PER_TYPE): Map<ProductType, Product[]> {
  const groups = new Map<ProductType, Product[]>();
  for (const type of FEATURED_TYPES) {
    const ofType = products.filter((product) => product.product_type === type);
    const ordered = [...ofType.filter((p) => p.is_featured), ...ofType.filter((p) => !p.is_featured)];
    if (ordered.length > 0) groups.set(type, ordered.slice(0, perType));
  }
  return groups;
}

export const homeProductsOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["catalogue", locale, "products", "home"],
    queryFn: ({ signal }) =>
      api.get<ProductList>(
        "/api/v2/products/",
        { product_type: FEATURED_TYPES.join(","), page_size: HOME_PRODUCTS_PAGE_SIZE, locale },
        signal,
      ),
    select: (list) => pickFeatured(list.results),
  });

export const homeInstructorsOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["instructors", locale, "list"],
    queryFn: ({ signal }) => api.get<Instructor[]>("/api/v2/instructors/", { locale }, signal),
    staleTime: 10 * 60_000,
  });
