import { describe, expect, it } from "vitest";
import { nextPageNumber } from "./products.ts";

describe("nextPageNumber", () => {
  it("reads the page of DRF's absolute next link", () => {
    expect(nextPageNumber("http://shop.test/api/v2/products/?page=3&page_size=12")).toBe(3);
    expect(nextPageNumber("/api/v2/products/?page=2")).toBe(2);
  });

  it("is undefined on the last page", () => {
    expect(nextPageNumber(null)).toBeUndefined();
  });
});
