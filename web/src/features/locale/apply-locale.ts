import { LOCALE_COOKIE, type Locale } from "@atelier/contract";
import { i18n } from "../../i18n/i18n.ts";
import { readCookie } from "../../lib/cookies.ts";
import { localeCookie } from "./detect-locale.ts";

/** Makes `locale` the page language: texts, `<html lang>`, and the remembered cookie (spec §4). */
export function applyLocale(locale: Locale) {
  // The server renderer sets the language for each render itself and has no page or cookie jar (D86).
  if (typeof document === "undefined") return;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (readCookie(document.cookie, LOCALE_COOKIE) !== locale) {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie write; the Cookie Store API is not in every supported browser.
    document.cookie = localeCookie(locale, window.location.protocol === "https:");
  }
}
