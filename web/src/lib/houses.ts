import type { ListedHouse, Locale } from "@atelier/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";

/**
 * The school's active houses in its order (D151), shared by the lists' house filter and the contact block
 * of the footer, the menu page and /contacts (D177). One query key under "catalogue", so both read one
 * cache entry, the server renders it into the page, and a catalogue change refreshes it like the rest.
 */
export const housesOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["catalogue", locale, "houses"],
    queryFn: ({ signal }) => api.get<ListedHouse[]>("/api/v2/locations/", { locale }, signal),
    staleTime: 10 * 60_000,
  });

/**
 * The root route's loader: the houses are there before the first render of any page, so the contact block
 * (every footer; /menu and /contacts, which the browser renders, D86) appears with the page and does not
 * shift it. A failed read is not the page's error: the block then shows the school's general contacts.
 */
export async function loadHouses(queryClient: QueryClient, locale: Locale) {
  await queryClient.ensureQueryData(housesOptions(locale)).catch(() => undefined);
}
