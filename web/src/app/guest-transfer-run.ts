import type { QueryClient } from "@tanstack/react-query";
import { cartApi } from "../features/cart/api/cart-api.ts";
import { CURRENT_ORDER_KEY, currentOrderOptions } from "../features/cart/api/current-order.ts";
import { visitorsApi } from "../features/visitors/api/visitors-api.ts";
import { clearGuestVisitors, readGuestVisitors } from "../features/visitors/guest-visitors.ts";
import {
  TransferIncompleteError,
  transferGuestData,
  type VisitorIdMapping,
} from "../features/visitors/transfer.ts";
import { errorCodes } from "../lib/error-codes.ts";
import { browserStorage } from "../lib/storage.ts";

/** Local storage key of the guest → server visitor ids already posted (survives a failed attempt). */
export const TRANSFER_MAPPING_KEY = "visitors-transfer";

type StoredMapping = { user: string; ids: VisitorIdMapping };

function readMapping(userKey: string): VisitorIdMapping {
  try {
    const stored = JSON.parse(
      browserStorage()?.getItem(TRANSFER_MAPPING_KEY) ?? "null",
    ) as StoredMapping | null;
    // A mapping of another account's children is worthless here.
    return stored && stored.user === userKey && stored.ids && typeof stored.ids === "object"
      ? stored.ids
      : {};
  } catch {
    return {};
  }
}

/** Moves the guest's children and cart items to the signed-in account, then reloads both. */
export async function runGuestTransfer(queryClient: QueryClient, userKey: string) {
  const storage = browserStorage();
  try {
    const report = await transferGuestData({
      visitors: { list: () => visitorsApi.list(), create: (input) => visitorsApi.create(input) },
      store: {
        guestVisitors: () => readGuestVisitors(storage),
        readMapping: () => readMapping(userKey),
        saveMapping: (ids) => storage?.setItem(TRANSFER_MAPPING_KEY, JSON.stringify({ user: userKey, ids })),
        finish: () => {
          clearGuestVisitors(storage);
          storage?.removeItem(TRANSFER_MAPPING_KEY);
        },
      },
      cart: {
        // As the signed-in user with the guest's cart id: the server merges the guest cart in. Shares the
        // header's request for the same query when one is under way.
        items: async () =>
          (await queryClient.fetchQuery({ ...currentOrderOptions(userKey), staleTime: 0 })).items,
        reassign: async (itemId, visitor) => void (await cartApi.patchItem(itemId, { visitor })),
        remove: async (itemId) => void (await cartApi.deleteItem(itemId)),
      },
      isAlreadyBooked: (error) => errorCodes(error).includes("already_booked"),
    });
    if (!report.complete) throw new TransferIncompleteError(report);
  } finally {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["visitors"] }),
      queryClient.invalidateQueries({ queryKey: CURRENT_ORDER_KEY }),
    ]);
  }
}
