import type { HistoryItem, Locale } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type HistoryFilter = "all" | "workshops";

/**
 * The signed-in parent's bought items (`GET /api/v2/orders/items/history/`), newest first; the workshops
 * tab asks the server for workshops only, as the existing client does.
 */
export const historyQueryOptions = (userKey: string, filter: HistoryFilter, locale: Locale) =>
  queryOptions({
    queryKey: ["history", userKey, filter, locale],
    queryFn: ({ signal }) =>
      api.get<HistoryItem[]>(
        "/api/v2/orders/items/history/",
        filter === "workshops" ? { product_page__product_type: "Workshop" } : undefined,
        signal,
      ),
  });
