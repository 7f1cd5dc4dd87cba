import { describe, expect, it } from "vitest";
import { pageLayout, pageTitle } from "./page-layout.ts";

describe("pageLayout", () => {
  it("hides the footer and greys the page on the menu", () => {
    expect(pageLayout("/menu")).toMatchObject({ showFooter: false, greyPage: true });
  });

  it("greys the page and whitens the footer on prices", () => {
    expect(pageLayout("/prices")).toEqual({
      greyPage: true,
      showFooter: true,
      whiteFooter: true,
      whiteStrip: false,
    });
  });

  it("adds the white strip on cart, profile and instructors", () => {
    expect(pageLayout("/cart")).toMatchObject({ whiteStrip: true, whiteFooter: true });
    expect(pageLayout("/profile/")).toMatchObject({ whiteStrip: true, whiteFooter: false });
    expect(pageLayout("/instructors")).toMatchObject({ whiteStrip: true });
    expect(pageLayout("/instructor/3")).toMatchObject({ whiteStrip: false });
  });

  it("uses the default elsewhere", () => {
    expect(pageLayout("/")).toEqual({
      greyPage: false,
      showFooter: true,
      whiteFooter: false,
      whiteStrip: false,
    });
  });
});

describe("pageTitle", () => {
  it("names the page and the site", () => {
    expect(pageTitle("/courses", "de")).toBe("Kurse – Atelier – Kunst- und Sprachschule");
    expect(pageTitle("/", "ru")).toBe("«Ателье» – школа искусств и языков");
    expect(pageTitle("/nope", "de")).toBe("Seite nicht gefunden – Atelier – Kunst- und Sprachschule");
  });
});
