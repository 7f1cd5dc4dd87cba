import { describe, expect, it } from "vitest";
import { cartBadgeCount } from "./api/current-order.ts";

describe("cartBadgeCount (issue 32 item 10)", () => {
  it("shows no red 0 for an empty cart", () => {
    expect(cartBadgeCount(0)).toBeNull();
    expect(cartBadgeCount(undefined)).toBeNull();
  });

  it("shows the number of items", () => {
    expect(cartBadgeCount(2)).toBe(2);
  });
});
