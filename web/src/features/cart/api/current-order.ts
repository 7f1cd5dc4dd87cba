import type { Order } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client.ts";
import { clearCartId, readCartId, saveCartId } from "../cart-id.ts";

/** POST /api/v2/orders/init/: a new guest cart (a signed-in user gets their own cart's id). */
export async function initCart(): Promise<string> {
  const { cart_id } = await api.post<{ cart_id: string }>("/api/v2/orders/init/");
  saveCartId(cart_id);
  return cart_id;
}

/**
 * GET /api/v2/orders/current/. A guest without a cart, or whose stored cart the server no longer knows
 * (404), gets a new one through init (spec §3). A signed-in user always gets their own cart; a guest
 * cart named beside it is merged in by the server, and the reply's `cart_id` (the user's) is stored.
 */
export async function fetchCurrentOrder(signedIn: boolean, signal?: AbortSignal): Promise<Order> {
  let cartId = readCartId();
  if (!signedIn && !cartId) cartId = await initCart();
  let order: Order;
  try {
    order = await api.get<Order>("/api/v2/orders/current/", { cart_id: cartId }, signal);
  } catch (error) {
    if (signedIn || !(error instanceof ApiError) || error.status !== 404) throw error;
    clearCartId();
    order = await api.get<Order>("/api/v2/orders/current/", { cart_id: await initCart() }, signal);
  }
  saveCartId(order.cart_id);
  return order;
}

export const CURRENT_ORDER_KEY = ["orders", "current"] as const;

/** The current cart of the signed-in user (`userKey` = pk) or of the guest (`userKey` null). */
export const currentOrderOptions = (userKey: string | null) =>
  queryOptions({
    queryKey: [...CURRENT_ORDER_KEY, userKey ?? "guest"],
    queryFn: ({ signal }) => fetchCurrentOrder(userKey !== null, signal),
  });

/** The header's cart badge: the number of items (spec §2, logged-in users only). */
export const currentOrderQueryOptions = (userKey: string | null) =>
  queryOptions({
    ...currentOrderOptions(userKey),
    select: (order: Order) => (Array.isArray(order?.items) ? order.items.length : 0),
  });

/** A guest who has a cart (a stored cart id): their badge is read too, without making carts for mere visitors. */
export const hasGuestCart = () => readCartId() !== undefined;

/** What the badge shows (issue 32 item 10): the number of items, and nothing (no red "0") for an empty cart. */
export function cartBadgeCount(count: number | undefined): number | null {
  return count !== undefined && count > 0 ? count : null;
}
