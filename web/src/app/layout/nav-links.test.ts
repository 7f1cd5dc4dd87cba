import { describe, expect, it } from "vitest";
import { navLinks } from "./nav-links.ts";

describe("navLinks", () => {
  it("puts courses first for ru", () => {
    expect(navLinks("ru").map((link) => link.to)).toEqual([
      "/courses",
      "/academies",
      "/workshops",
      "/events",
      "/birthday-parties",
      "/giftcards",
      "/prices",
      "/contacts",
    ]);
  });

  it("puts academies first otherwise", () => {
    expect(
      navLinks("de")
        .map((link) => link.key)
        .slice(0, 2),
    ).toEqual(["academies", "courses"]);
  });

  it("lists the same sections in both languages", () => {
    expect(
      navLinks("de")
        .map((l) => l.key)
        .sort(),
    ).toEqual(
      navLinks("ru")
        .map((l) => l.key)
        .sort(),
    );
  });
});
