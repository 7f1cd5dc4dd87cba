import type { ProductType } from "@atelier/contract";
import type { QueryClient } from "@tanstack/react-query";
import { currentLocale } from "../../i18n/i18n.ts";
import { productDetailOptions, productListInfiniteOptions } from "./api/products.ts";
import type { CatalogueSearch } from "./catalogue-search.ts";

/**
 * Loader of a catalogue route: starts the first page without waiting for it, so hovering a link warms the
 * cache and the page itself shows its skeleton (not a blank screen) on a cold load.
 */
export function prefetchCatalogue(
  queryClient: QueryClient,
  types: readonly ProductType[],
  search: CatalogueSearch,
) {
  void queryClient.prefetchInfiniteQuery(productListInfiniteOptions(currentLocale(), types, search));
}

/** Loader of the product page: starts loading the offer; the page shows its skeleton or not-found state. */
export function prefetchProduct(queryClient: QueryClient, id: string) {
  void queryClient.prefetchQuery(productDetailOptions(currentLocale(), id));
}
