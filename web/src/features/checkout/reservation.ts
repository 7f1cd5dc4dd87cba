import type { Locale } from "@atelier/contract";

const INTL_LOCALE: Record<Locale, string> = { de: "de-DE", ru: "ru-RU" };

/** "HH:MM" of an instant on the school's clock (Berlin), as the reservation notice shows it. */
export function berlinTime(iso: string, locale: Locale): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Berlin",
  }).format(date);
}

/** A calendar day and time on the school's clock, for the "paid at" line. */
export function berlinDateTime(iso: string, locale: Locale): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Berlin",
  }).format(date);
}
