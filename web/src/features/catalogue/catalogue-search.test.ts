import { describe, expect, it } from "vitest";
import {
  hasFilters,
  parseAge,
  parseAgeFilterSearch,
  parseCatalogueSearch,
  productListQuery,
} from "./catalogue-search.ts";

describe("parseCatalogueSearch", () => {
  it("keeps valid filters", () => {
    expect(
      parseCatalogueSearch({ age_group: "5-7", language: "de-ru", category: "malerei", weekday: 2 }),
    ).toEqual({ age_group: "5-7", language: "de-ru", category: "malerei", weekday: 2 });
  });

  it("reads a weekday given as text and drops unknown or malformed values", () => {
    expect(parseCatalogueSearch({ weekday: "4" })).toEqual({ weekday: 4 });
    expect(
      parseCatalogueSearch({ age_group: "3-4", language: "fr", category: "<b>", weekday: 9, foo: "x" }),
    ).toEqual({});
  });

  it("accepts a product type only among the page's types, and only when the page lists several", () => {
    expect(
      parseCatalogueSearch({ product_type: "BirthdayParty" }, ["SpecialOffer", "BirthdayParty"]),
    ).toEqual({
      product_type: "BirthdayParty",
    });
    expect(parseCatalogueSearch({ product_type: "Course" }, ["SpecialOffer", "BirthdayParty"])).toEqual({});
    expect(parseCatalogueSearch({ product_type: "Course" }, ["Course"])).toEqual({});
  });
});

describe("productListQuery", () => {
  it("asks for the page's types and the filters", () => {
    expect(productListQuery(["SpecialOffer", "BirthdayParty"], { weekday: 0, language: "ru" })).toEqual({
      product_type: "SpecialOffer,BirthdayParty",
      age_group: undefined,
      language: "ru",
      category: undefined,
      weekday: "0",
    });
    expect(
      productListQuery(["SpecialOffer", "BirthdayParty"], { product_type: "BirthdayParty" }).product_type,
    ).toBe("BirthdayParty");
  });

  it("knows whether any filter is set", () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ weekday: 0 })).toBe(true);
  });
});

describe("parseAge", () => {
  it("accepts whole numbers from 1 to 100", () => {
    expect(parseAge("7")).toBe(7);
    expect(parseAge(100)).toBe(100);
    expect(parseAge("0")).toBeUndefined();
    expect(parseAge("101")).toBeUndefined();
    expect(parseAge("6.5")).toBeUndefined();
    expect(parseAge("")).toBeUndefined();
    expect(parseAge("abc")).toBeUndefined();
  });
});

describe("parseAgeFilterSearch", () => {
  it("names age and child even when the address's values are no numbers, so the router drops them", () => {
    const parsed = parseAgeFilterSearch({ age: "abc", child: "x" });
    expect(Object.keys(parsed).sort()).toEqual(["age", "child"]);
    expect(parsed).toEqual({ age: undefined, child: undefined });
    expect(parseAgeFilterSearch({ age: "9", child: "12" })).toEqual({ age: 9, child: 12 });
  });
});
