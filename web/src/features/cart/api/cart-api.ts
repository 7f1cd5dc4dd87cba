import type {
  Locale,
  Order,
  OrderItem,
  OrderItemInput,
  OrderItemPatch,
  PurchaseTerms,
} from "@atelier/contract";
import { ApiError, api } from "../../../lib/api-client.ts";
import { clearCartId, readCartId } from "../cart-id.ts";
import { initCart } from "./current-order.ts";

const cartQuery = () => ({ cart_id: readCartId() });

export const cartApi = {
  /**
   * POST /api/v2/orders/items/. A guest needs a cart first (init); a stored guest cart the server no
   * longer knows (404) is replaced once by a new one.
   */
  addItem: async (signedIn: boolean, input: OrderItemInput): Promise<OrderItem> => {
    if (!signedIn && !readCartId()) await initCart();
    try {
      return await api.post<OrderItem>("/api/v2/orders/items/", input, cartQuery());
    } catch (error) {
      if (signedIn || !(error instanceof ApiError) || error.status !== 404) throw error;
      clearCartId();
      await initCart();
      return api.post<OrderItem>("/api/v2/orders/items/", input, cartQuery());
    }
  },
  patchItem: (itemId: number, patch: OrderItemPatch) =>
    api.patch<OrderItem>(`/api/v2/orders/items/${itemId}/`, patch, cartQuery()),
  deleteItem: (itemId: number) => api.delete<null>(`/api/v2/orders/items/${itemId}/`, cartQuery()),
  /** PUT /api/v2/orders/current/set_promocode/: an empty code removes the code. */
  setPromocode: (promocode: string) =>
    api.put<Order>("/api/v2/orders/current/set_promocode/", { promocode }, cartQuery()),
  /** GET /api/v2/orders/terms/ (D154): what the chosen option and slots or weeks would buy if paid today. */
  terms: (
    choice: {
      product_page: number;
      purchase_option: number;
      schedule_slots: string[];
      academy_weeks: string[];
    },
    locale: Locale,
    signal?: AbortSignal,
  ) =>
    api.get<PurchaseTerms>(
      "/api/v2/orders/terms/",
      {
        locale,
        product_page: choice.product_page,
        purchase_option: choice.purchase_option,
        ...(choice.schedule_slots.length ? { schedule_slots: choice.schedule_slots.join(",") } : {}),
        ...(choice.academy_weeks.length ? { academy_weeks: choice.academy_weeks.join(",") } : {}),
      },
      signal,
    ),
};
