import { describe, expect, it } from "vitest";
import { backToListHref } from "./back-to-list.ts";

describe("backToListHref", () => {
  it("returns to the filtered list the product was opened from", () => {
    expect(backToListHref("/courses?locale=de&age_group=8-11&language=ru", "/courses")).toBe(
      "/courses?locale=de&age_group=8-11&language=ru",
    );
    expect(backToListHref("/useAgeFilter?age=8", "/courses")).toBe("/useAgeFilter?age=8");
  });

  it("falls back to the type's list for anything else", () => {
    expect(backToListHref(undefined, "/events")).toBe("/events");
    expect(backToListHref("//evil.example/courses", "/events")).toBe("/events");
    expect(backToListHref("https://evil.example/", "/events")).toBe("/events");
    expect(backToListHref("/profile?tab=sales", "/events")).toBe("/events");
  });
});

describe("Weiter einkaufen (issue 32 item 10)", () => {
  it("returns a workshop's buyer to the workshop list they came from, not the course list", () => {
    expect(backToListHref("/workshops?age_group=5-7", "/workshops")).toBe("/workshops?age_group=5-7");
    expect(backToListHref(undefined, "/workshops")).toBe("/workshops");
  });
});
