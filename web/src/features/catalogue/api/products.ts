import {
  CATALOGUE_PAGE_SIZE,
  type Category,
  type Locale,
  type PageCancellation,
  PRODUCT_PAGE_SIZE_MAX,
  type Product,
  type ProductDetail,
  type ProductList,
  type ProductType,
} from "@atelier/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { type CatalogueSearch, productListQuery } from "../catalogue-search.ts";

/** The page number of DRF's `next` link, or undefined on the last page. */
export function nextPageNumber(next: string | null): number | undefined {
  if (!next) return undefined;
  const page = Number(new URL(next, "http://x.invalid").searchParams.get("page"));
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

/**
 * The query of one "load more" page. Unfiltered first pages must equal the contract's
 * `catalogueFirstPagePath`, which the server preloads with the HTML (see products.test.ts).
 */
export function productListPage(query: Record<string, string | undefined>, page: number, locale: Locale) {
  return { ...query, page, page_size: CATALOGUE_PAGE_SIZE, locale };
}

// Every key starts with the locale: texts come in the request's language, so switching it refetches.
export const productListInfiniteOptions = (
  locale: Locale,
  types: readonly ProductType[],
  search: CatalogueSearch,
) => {
  const query = productListQuery(types, search);
  return infiniteQueryOptions({
    queryKey: ["catalogue", locale, "products", query],
    queryFn: ({ pageParam, signal }) =>
      api.get<ProductList>("/api/v2/products/", productListPage(query, pageParam, locale), signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageNumber(last.next),
  });
};

/** A one-page list (home teasers, age filter, prices): up to 100 products matching `query`. */
export const productListOptions = (locale: Locale, query: Record<string, string | number | undefined>) =>
  queryOptions({
    queryKey: ["catalogue", locale, "products", "all", query],
    queryFn: ({ signal }) =>
      api.get<ProductList>("/api/v2/products/", { page_size: 100, ...query, locale }, signal),
  });

/** Every product of the catalogue (the price table): follows `next` until the last page. */
export const allProductsOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["catalogue", locale, "products", "every"],
    queryFn: async ({ signal }) => {
      const results: Product[] = [];
      for (let page = 1; ; page++) {
        const list = await api.get<ProductList>(
          "/api/v2/products/",
          { page, page_size: PRODUCT_PAGE_SIZE_MAX, locale },
          signal,
        );
        results.push(...list.results);
        if (!list.next || page >= 20) return results;
      }
    },
  });

export const productDetailOptions = (locale: Locale, id: string) =>
  queryOptions({
    queryKey: ["catalogue", locale, "product", id],
    queryFn: ({ signal }) =>
      api.get<ProductDetail>(`/api/v2/products/${encodeURIComponent(id)}/`, { locale }, signal),
  });

/** The coming lesson dates the school cancelled of one page (issue 35, D391), with the reason. */
export const pageCancellationsOptions = (locale: Locale, pageId: number) =>
  queryOptions({
    queryKey: ["catalogue", locale, "product", pageId, "cancellations"],
    queryFn: ({ signal }) =>
      api.get<PageCancellation[]>("/api/v2/lessons/cancellations/", { product_page: pageId, locale }, signal),
  });

export const categoriesOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["catalogue", locale, "categories"],
    queryFn: ({ signal }) => api.get<Category[]>("/api/v2/products/categories/", { locale }, signal),
    staleTime: 10 * 60_000,
  });
