import type { ContentPage, ContentPageKey, Locale } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** A seeded content page (legal notice, privacy, terms, about us) in the page locale. */
export const contentPageOptions = (locale: Locale, key: ContentPageKey) =>
  queryOptions({
    queryKey: ["content", locale, key],
    queryFn: ({ signal }) =>
      api.get<ContentPage>(`/api/v2/pages/${encodeURIComponent(key)}/`, { locale }, signal),
    staleTime: 10 * 60_000,
  });
