import { euroText, INTL_LOCALES as INTL_LOCALE, type Locale } from "@atelier/contract";

// Intl formatters are costly to build; one per locale is enough.
const dateFormats: Record<Locale, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat(INTL_LOCALE.de, { dateStyle: "long", timeZone: "UTC" }),
  ru: new Intl.DateTimeFormat(INTL_LOCALE.ru, { dateStyle: "long", timeZone: "UTC" }),
};

const weekdayDateFormats: Record<Locale, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat(INTL_LOCALE.de, { dateStyle: "full", timeZone: "UTC" }),
  ru: new Intl.DateTimeFormat(INTL_LOCALE.ru, { dateStyle: "full", timeZone: "UTC" }),
};

/** Prices are integer cents EUR everywhere in the shop; mails show them as the locale writes money. */
export function formatMoney(cents: number, locale: Locale): string {
  return euroText(cents, locale);
}

/**
 * A calendar date (`YYYY-MM-DD`, as a Postgres `date` column arrives) in the locale's long form.
 * Formatted in UTC so the day never shifts with the server's time zone; anything else is shown as given.
 */
export function formatDate(date: string, locale: Locale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormats[locale].format(parsed);
}

/** As `formatDate`, with the weekday ("Samstag, 28. November 2026"): a day someone must come on. */
export function formatWeekdayDate(date: string, locale: Locale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : weekdayDateFormats[locale].format(parsed);
}

const CLOCK: Record<Locale, string> = { de: " Uhr", ru: "" };
/** A lesson's time as mails write it: "16:00–17:30 Uhr" (German), "16:00–17:30" (Russian); end optional. */
export function formatLessonTime(start: string, end: string | null, locale: Locale): string {
  return `${start.slice(0, 5)}${end ? `–${end.slice(0, 5)}` : ""}${CLOCK[locale]}`;
}
