import { isLocale, type Locale, REDIRECTS } from "@atelier/contract";

export type NavigationTarget = {
  pathname: string;
  /** Raw query string, with or without the leading "?". */
  searchStr: string;
  /** Hash without the leading "#". */
  hash: string;
};

/**
 * Spec §2 navigation rules 2 and 3: applies the redirect table (query kept) and makes sure the query
 * carries a valid `locale` (the current language when missing or unsupported). Returns the href to
 * replace the current entry with, or null when the location is fine as it is.
 */
export function navigationRedirect(target: NavigationTarget, currentLocale: Locale): string | null {
  const redirected = REDIRECTS[target.pathname] ?? REDIRECTS[target.pathname.replace(/\/$/, "")];
  const params = new URLSearchParams(target.searchStr);
  const hasLocale = isLocale(params.get("locale"));
  if (!redirected && hasLocale) return null;
  if (!hasLocale) params.set("locale", currentLocale);
  const query = params.toString();
  return `${redirected ?? target.pathname}${query ? `?${query}` : ""}${target.hash ? `#${target.hash}` : ""}`;
}

export type RootSearch = { locale?: Locale | undefined };

/**
 * The root route's validateSearch: an unsupported locale counts as missing (rule 2 then fixes the URL).
 * A plain function rather than zod, which would add ~20 KB gzipped to the home page for one enum.
 */
export function parseRootSearch(search: { locale?: Locale | undefined }): RootSearch {
  return isLocale(search.locale) ? { locale: search.locale } : {};
}
