// @vitest-environment jsdom
import { catalogueFirstPagePath, productDetailPath } from "@atelier/contract";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApiUrl } from "../../../lib/api-client.ts";
import { productListQuery } from "../catalogue-search.ts";
import { nextPageNumber, productDetailOptions, productListPage } from "./products.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a product's detail", () => {
  it("is requested exactly at the path the server preloads with the product page", async () => {
    for (const [id, locale] of [
      ["kleine-maler-5-7", "de"],
      ["12", "ru"],
      ["mal kurs/ü", "de"],
    ] as const) {
      const fetchMock = vi.fn(async (_url: string | URL | Request) => Response.json({}));
      vi.stubGlobal("fetch", fetchMock);
      await new QueryClient().fetchQuery(productDetailOptions(locale, id));
      expect(fetchMock.mock.calls[0]?.[0]).toBe(productDetailPath(id, locale));
    }
  });
});

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
