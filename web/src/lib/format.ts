import { BERLIN_DAY_AND_TIME, INTL_LOCALES, type Locale, SCHOOL_TIME_ZONE } from "@atelier/contract";

/** Building an Intl formatter costs far more than using one; a list of cards formats many dates. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(INTL_LOCALES[locale], options);
    formatters.set(key, found);
  }
  return found;
}

/** Weekday 0 = Monday … 6 = Sunday as its name in the locale, capitalised ("Montag", "Понедельник"). */
export function weekdayName(weekday: number, locale: Locale): string {
  // 1 January 2024 was a Monday.
  const name = formatter(locale, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 1 + weekday)),
  );
  return name.charAt(0).toLocaleUpperCase(INTL_LOCALES[locale]) + name.slice(1);
}

/** A calendar date (YYYY-MM-DD) in the locale's long form: "Sa., 12. Apr. 2027" / "сб, 12 апр. 2027 г.". */
export function formatDate(isoDate: string, locale: Locale): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  if (!year || !month || !day) return isoDate;
  return formatter(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** "16:00:00" or "16:00" → "16:00". */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

/** A slot's day: a dated session's date, a weekly slot's weekday name. */
export function slotDay(slot: { date: string | null; weekday: number | null }, locale: Locale): string {
  if (slot.date) return formatDate(slot.date, locale);
  return slot.weekday !== null ? weekdayName(slot.weekday, locale) : "";
}

/** "HH:MM" of an instant on the school's clock (Berlin); null for a value that is no time. */
export function berlinTime(iso: string, locale: Locale): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return formatter(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(date);
}

/** A calendar day and time on the school's clock ("24. November 2026, 18:05"); null for no time. */
export function berlinDateTime(iso: string, locale: Locale): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return formatter(locale, BERLIN_DAY_AND_TIME).format(date);
}
