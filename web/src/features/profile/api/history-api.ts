import type { HistoryItem, Locale, ProductType } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type HistoryFilter = "all" | "workshops";

/** What the workshops tab lists: the workshops and events a family booked (its heading names both). */
const WORKSHOP_TAB_TYPES: readonly ProductType[] = ["Workshop", "Event"];

/**
 * The signed-in parent's bought items (`GET /api/v2/orders/items/history/`), newest first. The server's
 * filter takes one product type (the existing client asks it for workshops), so the workshops tab reads the
 * whole history and keeps workshops and events: a booked event was missing from the tab whose text promises
 * it (D486).
 */
export const historyQueryOptions = (userKey: string, filter: HistoryFilter, locale: Locale) =>
  queryOptions({
    queryKey: ["history", userKey, filter, locale],
    queryFn: async ({ signal }) => {
      const items = await api.get<HistoryItem[]>("/api/v2/orders/items/history/", undefined, signal);
      return filter === "workshops"
        ? items.filter((item) => WORKSHOP_TAB_TYPES.includes(item.product_page.product_type))
        : items;
    },
  });
