import { describe, expect, it } from "vitest";
import { forgetOpenPayment, readOpenPayment, rememberOpenPayment } from "./open-payment.ts";

/** A tab's session storage as the browser gives it. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe("the order left for the gateway's page, kept for the tab (D589)", () => {
  const payment = { orderId: 8, gatewayId: "DEMO123", url: "https://shop.example/payments/demo/DEMO123" };

  it("is kept, read back and forgotten", () => {
    const storage = memoryStorage();
    expect(readOpenPayment(storage)).toBeNull();
    rememberOpenPayment(payment, storage);
    expect(readOpenPayment(storage)).toEqual(payment);
    forgetOpenPayment(storage);
    expect(readOpenPayment(storage)).toBeNull();
  });

  it("reads nothing from what is not such an order, and never a page that is not on the web", () => {
    const storage = memoryStorage();
    for (const stored of [
      "not json",
      "[]",
      JSON.stringify({ ...payment, orderId: "8" }),
      JSON.stringify({ ...payment, gatewayId: "" }),
      JSON.stringify({ ...payment, url: "javascript:alert(1)" }),
    ]) {
      storage.setItem("atelier-open-payment", stored);
      expect(readOpenPayment(storage), stored).toBeNull();
    }
  });

  it("goes on without a storage (the server renderer, a blocked one)", () => {
    const blocked = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error("quota");
      },
    } as Storage;
    expect(() => rememberOpenPayment(payment, blocked)).not.toThrow();
    expect(readOpenPayment(undefined)).toBeNull();
  });
});
