import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  type Locale,
} from "@atelier/contract";
import { readCookie } from "../../lib/cookies.ts";

export type LocaleSources = {
  /** Value of the `locale` query parameter, if any. */
  query?: string | null;
  /** The raw `document.cookie` string. */
  cookie?: string;
  /** `navigator.languages`. */
  languages?: readonly string[];
};

/** `de-DE` -> `de`, `ru` -> `ru`, anything else -> undefined. */
export function localeFromLanguageTag(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/**
 * Spec §4: the `?locale=` query wins, then the `i18n_redirected` cookie, then the browser languages
 * in order of preference, then the default (de).
 */
export function detectLocale(sources: LocaleSources): Locale {
  if (isLocale(sources.query)) return sources.query;
  const fromCookie = sources.cookie ? readCookie(sources.cookie, LOCALE_COOKIE) : undefined;
  if (isLocale(fromCookie)) return fromCookie;
  for (const tag of sources.languages ?? []) {
    const locale = localeFromLanguageTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The `document.cookie` assignment that remembers the locale: 365 days, path /, SameSite=Lax. */
export function localeCookie(locale: Locale, secure = false): string {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
