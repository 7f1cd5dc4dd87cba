import { describe, expect, it } from "vitest";
import { autopayOrder } from "./components/autopay-button.tsx";

describe("autopayOrder (issue 32 item 11)", () => {
  it("offers the card first to a parent who paid the first month by card", () => {
    expect(autopayOrder("stripe")[0]).toBe("stripe");
  });

  it("keeps PayPal first for a PayPal payment or an unknown one", () => {
    expect(autopayOrder("paypal")[0]).toBe("paypal");
    expect(autopayOrder(null)[0]).toBe("paypal");
  });
});
