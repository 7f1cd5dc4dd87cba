export { localeFromAcceptLanguage, mailLocale, readCookie, resolveRequestLocale } from "./request-locale.ts";
