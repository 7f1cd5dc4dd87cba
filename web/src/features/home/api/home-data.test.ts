import type { Product } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { pickFeatured } from "./home-data.ts";

const product = (id: number, product_type: Product["product_type"], is_featured = false) =>
  ({ id, product_type, is_featured }) as Product;

describe("pickFeatured", () => {
  it("puts featured products first within each type and keeps at most three", () => {
    const groups = pickFeatured([
      product(1, "Course"),
      product(2, "Course"),
      product(3, "Course"),
      product(4, "Course", true),
      product(5, "Workshop"),
      product(6, "GiftCard", true),
    ]);
    expect(groups.get("Course")?.map((p) => p.id)).toEqual([4, 1, 2]);
    expect(groups.get("Workshop")?.map((p) => p.id)).toEqual([5]);
    expect(groups.has("Academy")).toBe(false);
    expect(groups.has("GiftCard")).toBe(false);
  });
});
