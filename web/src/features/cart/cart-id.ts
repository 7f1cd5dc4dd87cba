import { STORAGE_KEYS } from "@atelier/contract";

/** The cart named by `?cart_id=` on every cart call, kept in local storage as `cart-id` (spec §3). */
function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readCartId(): string | undefined {
  try {
    return storage()?.getItem(STORAGE_KEYS.cartId) || undefined;
  } catch {
    return undefined;
  }
}

export function saveCartId(cartId: string) {
  try {
    storage()?.setItem(STORAGE_KEYS.cartId, cartId);
  } catch {
    // Blocked storage: the cart lives as long as the page.
  }
}

export function clearCartId() {
  try {
    storage()?.removeItem(STORAGE_KEYS.cartId);
  } catch {
    // Nothing stored.
  }
}
