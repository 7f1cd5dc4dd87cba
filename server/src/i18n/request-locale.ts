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
  // The existing client's English (D514): the shop has no English texts, German stands in.
  if (fromQuery === "en") return DEFAULT_LOCALE;
  const fromCookie = readCookie(input.cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** A browser names rarely more than a handful of languages; a longer header is read up to this many. */
const ACCEPT_LANGUAGE_PARTS = 32;

/**
 * The shop's locale the browser prefers most by its Accept-Language header (RFC 9110 §12.5.4): the highest
 * weight wins, the earlier of two equal ones (`ru-RU,ru;q=0.9` → ru; `en,ru;q=0.2,de;q=0.8` → de); `q=0`
 * means "not this one". None when it names neither German nor Russian.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  let best: { locale: Locale; weight: number } | undefined;
  for (const part of (header ?? "").split(",", ACCEPT_LANGUAGE_PARTS)) {
    const [range = "", ...params] = part.split(";");
    const tag = range.trim().slice(0, 2).toLowerCase();
    if (!isLocale(tag)) continue;
    const q = params.map((param) => param.trim().match(/^q=([01](?:\.\d{0,3})?)$/i)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (weight > 0 && weight > (best?.weight ?? 0)) best = { locale: tag, weight };
  }
  return best?.locale;
}

/**
 * The language of a mail the request causes (sign-up, resend, reset; issue 31 item 18, D214): the `locale`
 * asked for, else the browser's Accept-Language, else the request's locale. A front end on another site
 * (the school's existing one) sends no `locale`, and its Nuxt i18n cookie (the same `i18n_redirected` as
 * ours) may hold a language other than the page's, so the browser's language comes before the cookie here.
 */
export function mailLocale(input: {
  query?: unknown;
  acceptLanguage?: string | undefined;
  requestLocale: Locale;
}): Locale {
  const fromQuery = (input.query as { locale?: unknown } | undefined)?.locale;
  if (isLocale(fromQuery)) return fromQuery;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? input.requestLocale;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const [key, ...rest] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}
