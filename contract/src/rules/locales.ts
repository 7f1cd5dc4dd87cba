/**
 * The shop's locales without zod: the home page's first load needs these (language detection, links)
 * and must not pull the schema library with them (D23).
 */
export const LOCALES = ["de", "ru"] as const;
export const DEFAULT_LOCALE = "de";
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return value === "de" || value === "ru";
}

/** The Intl locale each shop locale formats dates, times and amounts in (web pages, mails, invoices). */
export const INTL_LOCALES = { de: "de-DE", ru: "ru-RU" } as const satisfies Record<Locale, string>;
