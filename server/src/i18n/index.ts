export { readCookie, resolveRequestLocale } from "./request-locale.ts";
