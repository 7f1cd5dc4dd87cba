import { catalogueFirstPagePath } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { buildApiUrl } from "../../../lib/api-client.ts";
import { productListQuery } from "../catalogue-search.ts";
import { nextPageNumber, productListPage } from "./products.ts";

describe("the first page of an unfiltered list", () => {
  it("is requested exactly at the path the server preloads with the page", () => {
    for (const types of [["Course"], ["SpecialOffer", "BirthdayParty"]] as const) {
      for (const locale of ["de", "ru"] as const) {
        const url = buildApiUrl(
          "",
          "/api/v2/products/",
          locale,
          productListPage(productListQuery(types, {}), 1, locale),
        );
        expect(url).toBe(catalogueFirstPagePath(types, locale));
      }
    }
  });
});

describe("nextPageNumber", () => {
  it("reads the page of DRF's absolute next link", () => {
    expect(nextPageNumber("http://shop.test/api/v2/products/?page=3&page_size=12")).toBe(3);
    expect(nextPageNumber("/api/v2/products/?page=2")).toBe(2);
  });

  it("is undefined on the last page", () => {
    expect(nextPageNumber(null)).toBeUndefined();
  });
});
