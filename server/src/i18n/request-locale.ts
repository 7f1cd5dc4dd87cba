import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from "@atelier/contract";

/**
 * The locale of a request: the `locale` query first (spec §7), then the locale cookie,
 * then the browser's Accept-Language, then the default.
 */
export function resolveRequestLocale(input: {
  query?: unknown;
  cookieHeader?: string | undefined;
  acceptLanguage?: string | undefined;
}): Locale {
  const fromQuery = (input.query as { locale?: unknown } | undefined)?.locale;
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = readCookie(input.cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  for (const part of (input.acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const [key, ...rest] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}
