import { describe, expect, it } from "vitest";
import { backToListHref } from "./back-to-list.ts";

describe("backToListHref", () => {
  it("returns to the filtered list the product was opened from", () => {
    expect(backToListHref("/courses?locale=de&age_group=8-11&language=ru", "/courses", "de")).toBe(
      "/courses?locale=de&age_group=8-11&language=ru",
    );
    expect(backToListHref("/useAgeFilter?age=8&locale=de", "/courses", "de")).toBe(
      "/useAgeFilter?age=8&locale=de",
    );
  });

  it("falls back to the type's list for anything else", () => {
    expect(backToListHref(undefined, "/events", "de")).toBe("/events?locale=de");
    expect(backToListHref("//evil.example/courses", "/events", "de")).toBe("/events?locale=de");
    expect(backToListHref("https://evil.example/", "/events", "de")).toBe("/events?locale=de");
    expect(backToListHref("/profile?tab=sales", "/events", "de")).toBe("/events?locale=de");
  });

  it("keeps the page's language, whatever the list was read in", () => {
    expect(backToListHref(undefined, "/workshops", "ru")).toBe("/workshops?locale=ru");
    expect(backToListHref("/courses?locale=de&age_group=8-11", "/courses", "ru")).toBe(
      "/courses?locale=ru&age_group=8-11",
    );
    expect(backToListHref("/useAgeFilter?age=8", "/courses", "ru")).toBe("/useAgeFilter?age=8&locale=ru");
  });
});

describe("Weiter einkaufen (issue 32 item 10)", () => {
  it("returns a workshop's buyer to the workshop list they came from, not the course list", () => {
    expect(backToListHref("/workshops?age_group=5-7&locale=de", "/workshops", "de")).toBe(
      "/workshops?age_group=5-7&locale=de",
    );
    expect(backToListHref(undefined, "/workshops", "de")).toBe("/workshops?locale=de");
  });
});
