import { describe, expect, it } from "vitest";
import { readCookie } from "../../lib/cookies.ts";
import { detectLocale, localeCookie, localeFromLanguageTag } from "./detect-locale.ts";

describe("detectLocale", () => {
  it("prefers the locale query over the cookie and the browser", () => {
    expect(detectLocale({ query: "ru", cookie: "i18n_redirected=de", languages: ["de-DE"] })).toBe("ru");
  });

  it("ignores an unsupported query value and falls back to the cookie", () => {
    expect(detectLocale({ query: "fr", cookie: "a=1; i18n_redirected=ru", languages: ["de"] })).toBe("ru");
  });

  it("uses the cookie before the browser languages", () => {
    expect(detectLocale({ cookie: "i18n_redirected=de", languages: ["ru-RU"] })).toBe("de");
  });

  it("takes the first supported browser language", () => {
    expect(detectLocale({ cookie: "i18n_redirected=en", languages: ["en-US", "ru-RU", "de-DE"] })).toBe("ru");
  });

  it("falls back to de when nothing matches", () => {
    expect(detectLocale({ languages: ["en-US", "fr"] })).toBe("de");
    expect(detectLocale({})).toBe("de");
  });
});

describe("locale cookie helpers", () => {
  it("reads a cookie among others", () => {
    expect(readCookie("x=1; i18n_redirected=ru; csrftoken=abc", "i18n_redirected")).toBe("ru");
    expect(readCookie("x=1", "i18n_redirected")).toBeUndefined();
  });

  it("maps language tags to locales", () => {
    expect(localeFromLanguageTag("ru-RU")).toBe("ru");
    expect(localeFromLanguageTag("DE_at")).toBe("de");
    expect(localeFromLanguageTag("en")).toBeUndefined();
  });

  it("writes a 365-day, site-wide, SameSite=Lax cookie", () => {
    expect(localeCookie("ru")).toBe("i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(localeCookie("de", true)).toContain("; Secure");
  });
});
