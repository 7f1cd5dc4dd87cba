import { describe, expect, it } from "vitest";
import { navigationRedirect, parseRootSearch } from "./navigation-rules.ts";

describe("navigationRedirect", () => {
  it("leaves a location with a valid locale alone", () => {
    expect(navigationRedirect({ pathname: "/courses", searchStr: "?locale=ru", hash: "" }, "de")).toBeNull();
  });

  it("adds the current locale when the query lacks it, keeping other params and the hash", () => {
    expect(navigationRedirect({ pathname: "/profile", searchStr: "?tab=sales", hash: "top" }, "ru")).toBe(
      "/profile?tab=sales&locale=ru#top",
    );
    expect(navigationRedirect({ pathname: "/", searchStr: "", hash: "" }, "de")).toBe("/?locale=de");
  });

  it("replaces an unsupported locale", () => {
    expect(navigationRedirect({ pathname: "/", searchStr: "?locale=fr", hash: "" }, "de")).toBe(
      "/?locale=de",
    );
  });

  it("follows the redirect table and keeps the query", () => {
    expect(
      navigationRedirect({ pathname: "/school-offers", searchStr: "?locale=ru&x=1", hash: "" }, "de"),
    ).toBe("/school_offer?locale=ru&x=1");
    expect(navigationRedirect({ pathname: "/school-offers/", searchStr: "", hash: "" }, "ru")).toBe(
      "/school_offer?locale=ru",
    );
  });
});

describe("parseRootSearch", () => {
  it("keeps a supported locale and drops anything else", () => {
    expect(parseRootSearch({ locale: "ru" })).toEqual({ locale: "ru" });
    expect(parseRootSearch({ locale: "fr" } as never)).toEqual({});
    expect(parseRootSearch({})).toEqual({});
  });
});
