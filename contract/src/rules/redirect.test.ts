import { describe, expect, it } from "vitest";
import { parseRedirectTarget, redirectSourceKey, redirectSourceProblem } from "./redirect.ts";

describe("staff redirects (D189)", () => {
  it("a source is a free path of this site, stored without a trailing slash", () => {
    expect(redirectSourceProblem("/sommer")).toBeUndefined();
    expect(redirectSourceProblem("/kurse/alt/")).toBeUndefined();
    expect(redirectSourceProblem("/курсы")).toBeUndefined();
    expect(redirectSourceKey("/kurse/alt//")).toBe("/kurse/alt");
    expect(redirectSourceKey("/Sommer-Flyer")).toBe("/sommer-flyer");
    expect(redirectSourceKey("/Курсы")).toBe("/курсы");
    for (const path of ["sommer", "//evil", "/a b", "/a?b", "/a#b", "/a\\b", "/", `/${"a".repeat(200)}`])
      expect(redirectSourceProblem(path), path).toMatch(/invalid_redirect_path|redirect_path_reserved/);
  });

  it("pages of the shop, the built-in table and the server's own addresses are not free", () => {
    for (const path of [
      "/courses",
      "/courses/",
      "/product/7",
      "/school-offers",
      "/api/v2/products",
      "/admin/x",
    ])
      expect(redirectSourceProblem(path), path).toBe("redirect_path_reserved");
    for (const path of ["/media/a.jpg", "/assets/x.js", "/healthz", "/robots.txt", "/sitemap.xml"])
      expect(redirectSourceProblem(path), path).toBe("redirect_path_reserved");
    expect(redirectSourceProblem("/apis")).toBeUndefined();
    expect(redirectSourceProblem("/API/v2")).toBe("redirect_path_reserved");
  });

  it("a target is a page of the shop or an https address without credentials", () => {
    expect(parseRedirectTarget("/courses?category=3#list")).toEqual({
      kind: "internal",
      href: "/courses?category=3#list",
      sourceKey: "/courses",
    });
    expect(parseRedirectTarget("https://www.instagram.com/atelier")).toEqual({
      kind: "external",
      href: "https://www.instagram.com/atelier",
    });
    for (const target of [
      "http://example.org",
      "//evil",
      "/\\evil",
      "javascript:alert(1)",
      "https://a:b@x.org",
      "/api/v2",
      "x",
    ])
      expect(parseRedirectTarget(target), target).toBeUndefined();
  });
});
