import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, resolveRequestLocale } from "./request-locale.ts";

describe("the browser's language (Accept-Language)", () => {
  it("takes the shop's language the browser weighs highest, the earlier of two equal ones", () => {
    expect(localeFromAcceptLanguage("ru-RU,ru;q=0.9,de;q=0.8")).toBe("ru");
    expect(localeFromAcceptLanguage("en-US,en;q=0.9,ru;q=0.2,de;q=0.8")).toBe("de");
    expect(localeFromAcceptLanguage("de;q=0.5, ru;q=0.5")).toBe("de");
    expect(localeFromAcceptLanguage("ru;q=0.7,de")).toBe("de");
    expect(localeFromAcceptLanguage("RU-ru")).toBe("ru");
  });

  it("never takes a language the browser refuses with q=0, nor one it does not name", () => {
    expect(localeFromAcceptLanguage("ru;q=0, de;q=1")).toBe("de");
    expect(localeFromAcceptLanguage("ru;q=0")).toBeUndefined();
    expect(localeFromAcceptLanguage("en-GB,fr;q=0.9")).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(resolveRequestLocale({ acceptLanguage: "ru;q=0, en" })).toBe("de");
  });

  it("reads a weight it cannot understand as no weight, and a header of any length quickly", () => {
    expect(localeFromAcceptLanguage("de;q=abc,ru;q=0.9")).toBe("de");
    expect(localeFromAcceptLanguage(`${"en;q=0.1,".repeat(100_000)}ru`)).toBeUndefined();
    expect(localeFromAcceptLanguage(`ru;q=0.3,${"en;q=0.1,".repeat(100_000)}`)).toBe("ru");
  });
});
