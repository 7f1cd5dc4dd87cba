import { STORAGE_KEYS } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The part of GET /api/v2/orders/current/ the header needs; the cart issue owns the full shape. */
export type CurrentOrderSummary = { items: unknown[] };

function storedCartId(): string | undefined {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.cartId) ?? undefined;
  } catch {
    return undefined;
  }
}

export const currentOrderQueryOptions = (userKey: string) =>
  queryOptions({
    queryKey: ["orders", "current", userKey],
    queryFn: ({ signal }) =>
      api.get<CurrentOrderSummary>("/api/v2/orders/current/", { cart_id: storedCartId() }, signal),
    select: (order) => (Array.isArray(order?.items) ? order.items.length : 0),
  });
