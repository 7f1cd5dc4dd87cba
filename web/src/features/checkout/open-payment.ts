// The order a parent left for a gateway's page with (D589). Its items are the order's, the cart is empty
// meanwhile (D50): a parent who comes back with the browser's Back, or leaves the gateway's page another way,
// would find an empty cart and no way to the order. The checkout notes the order for this tab; the cart
// then offers to go on paying it or to take its items back.

/** What is kept of the order left for the gateway's page. */
export type OpenPayment = {
  /** Our order number (`GET /orders/{id}/` tells whether it still waits). */
  orderId: number;
  /** The gateway's order id (`cancel_payment` takes it). */
  gatewayId: string;
  /** The gateway's page the parent left for. */
  url: string;
};

const KEY = "atelier-open-payment";

/** This tab's session storage, or undefined where there is none (the server renderer, blocked storage). */
function tabStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberOpenPayment(payment: OpenPayment, storage = tabStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(payment));
  } catch {
    // A full or blocked storage: the cart then shows what it shows today.
  }
}

/** The order kept, or null (none, or what is stored is not one: another version's, or changed by hand). */
export function readOpenPayment(storage = tabStorage()): OpenPayment | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { orderId, gatewayId, url } = value as Record<string, unknown>;
    const safe = typeof url === "string" && /^https?:\/\//.test(url);
    return Number.isInteger(orderId) && typeof gatewayId === "string" && gatewayId !== "" && safe
      ? { orderId: orderId as number, gatewayId, url: url as string }
      : null;
  } catch {
    return null;
  }
}

export function forgetOpenPayment(storage = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to do: the order's state decides what the cart shows.
  }
}
