import { STORAGE_KEYS } from "@atelier/contract";
import { browserStorage } from "../../lib/storage.ts";

/** The cart named by `?cart_id=` on every cart call, kept in local storage as `cart-id` (spec §3). */
export function readCartId(): string | undefined {
  try {
    return browserStorage()?.getItem(STORAGE_KEYS.cartId) || undefined;
  } catch {
    return undefined;
  }
}

export function saveCartId(cartId: string) {
  try {
    browserStorage()?.setItem(STORAGE_KEYS.cartId, cartId);
  } catch {
    // Blocked storage: the cart lives as long as the page.
  }
}

export function clearCartId() {
  try {
    browserStorage()?.removeItem(STORAGE_KEYS.cartId);
  } catch {
    // Nothing stored.
  }
}
