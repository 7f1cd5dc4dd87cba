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

  it("refuses a page of the shop in any case as a source (D203)", () => {
    for (const path of [
      "/Product/15",
      "/PROFILE",
      "/qrcodescanner",
      "/QRCODESCANNER/",
      "/Courses",
      "/School-Offers",
    ])
      expect(redirectSourceProblem(path), path).toBe("redirect_path_reserved");
    expect(redirectSourceProblem("/profile-alt")).toBeUndefined();
  });

  it("normalises a target before checking it, and the stored form checks the same again (D203)", () => {
    for (const [target, href] of [
      ["/.//evil.example", "/evil.example"],
      ["/%2e//evil.example", "/evil.example"],
      ["/%2E%2E//evil.example/x", "/evil.example/x"],
      ["/x/..//evil.example", "/evil.example"],
      ["/x//y///z?a=1#b", "/x/y/z?a=1#b"],
    ]) {
      const parsed = parseRedirectTarget(target as string);
      expect(parsed, target).toMatchObject({ kind: "internal", href });
      expect(parseRedirectTarget(parsed?.href ?? ""), `${target} again`).toEqual(parsed);
      expect(parsed?.href.startsWith("//"), target).toBe(false);
    }
    expect(parseRedirectTarget("/x/..//api/v2/users")).toBeUndefined();
  });

  it("reads a full address on the shop's own host as its path (D203)", () => {
    expect(parseRedirectTarget("https://shop.example/loop-d?x=1", ["shop.example"])).toEqual({
      kind: "internal",
      href: "/loop-d?x=1",
      sourceKey: "/loop-d",
    });
    expect(parseRedirectTarget("https://SHOP.example/Loop-D/", ["shop.example"])).toMatchObject({
      sourceKey: "/loop-d",
    });
    expect(parseRedirectTarget("https://shop.example/api/v2", ["shop.example"])).toBeUndefined();
    expect(parseRedirectTarget("https://u:p@shop.example/x", ["shop.example"])).toBeUndefined();
    expect(parseRedirectTarget("https://other.example/loop-d", ["shop.example"])).toMatchObject({
      kind: "external",
    });
  });
});
