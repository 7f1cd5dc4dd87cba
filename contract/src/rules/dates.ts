/**
 * Calendar dates of the school, without zod (the home page's first load uses them, D23).
 * Dates are YYYY-MM-DD strings in the school's time zone.
 */

import { INTL_LOCALES, type Locale } from "./locales.ts";

/** The school's time zone: "today" is Berlin's today. */
export const SCHOOL_TIME_ZONE = "Europe/Berlin";

let berlinDays: Intl.DateTimeFormat | undefined;

const HOUR_MS = 3_600_000;
/** Berlin's day of each UTC hour already formatted; emptied when it holds more than about a year of hours. */
const daysOfHours = new Map<number, string>();
const DAYS_OF_HOURS_MAX = 10_000;

/**
 * The calendar day of an instant in Berlin as YYYY-MM-DD, whatever the machine's time zone (invoice years
 * and issue dates, purchase days, the school's "today").
 */
export function berlinDate(instant: Date): string {
  // en-CA formats as YYYY-MM-DD; the formatter is built once (building one is the expensive part).
  berlinDays ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: SCHOOL_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const time = instant.getTime();
  // Berlin is a whole number of hours from UTC (+1 or +2, changing on a full UTC hour), so its day changes
  // only on a full UTC hour: one formatting per hour serves every instant in it. Formatting was the largest
  // single cost of a parent's ten-year history (a few hundred dates per reply).
  if (Number.isNaN(time)) return berlinDays.format(instant);
  const hour = Math.floor(time / HOUR_MS);
  let day = daysOfHours.get(hour);
  if (day === undefined) {
    if (daysOfHours.size >= DAYS_OF_HOURS_MAX) daysOfHours.clear();
    day = berlinDays.format(new Date(hour * HOUR_MS));
    daysOfHours.set(hour, day);
  }
  return day;
}

/** Today's date in Berlin as YYYY-MM-DD. */
export function todayInBerlin(now: Date = new Date()): string {
  return berlinDate(now);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The days a date the shop is sent may name (D510): no course, child, code or closure of a school falls
 * outside them, and PostgreSQL refuses a year 0 (`0000-01-01`, or `0001-01-01T00:00+01:00`, which is a
 * moment of year 0) and anything after 9999 with an error the client would have read as a 500.
 */
export const SCHOOL_DAYS = { first: "1900-01-01", last: "2999-12-31" } as const;
const FIRST_MOMENT = Date.parse(`${SCHOOL_DAYS.first}T00:00:00Z`);
const AFTER_LAST_MOMENT = Date.parse("3000-01-01T00:00:00Z");

/** True for a date (YYYY-MM-DD) or a moment whose instant lies within `SCHOOL_DAYS`. */
export function inSchoolDays(value: string): boolean {
  const instant = Date.parse(ISO_DATE.test(value) ? `${value}T00:00:00Z` : value);
  return instant >= FIRST_MOMENT && instant < AFTER_LAST_MOMENT;
}

/**
 * True for a real calendar date written as YYYY-MM-DD, of any year: for a field whose own rule bounds it
 * with words of its own (a birth date "too old" or "in the future").
 */
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** True for a real calendar date written as YYYY-MM-DD, within `SCHOOL_DAYS`. */
export function isIsoDate(value: string): boolean {
  return isRealDate(value) && inSchoolDays(value);
}

/**
 * An instant as staff read it, in Berlin time and their language: "28.11.2026, 15:04" (D287). A date
 * (YYYY-MM-DD) is shown as that calendar day.
 */
export function berlinDateTimeText(instant: Date | string, locale: Locale): string {
  const day = typeof instant === "string" && ISO_DATE.test(instant);
  const moment = day ? new Date(`${instant}T12:00:00Z`) : new Date(instant);
  if (Number.isNaN(moment.getTime())) return String(instant);
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    timeZone: SCHOOL_TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    ...(day ? {} : { hour: "2-digit", minute: "2-digit" }),
  }).format(moment);
}

/** A day and time on the school's clock, as people read one ("12. Juli 2027 um 16:00", «12 июля 2027 г. в 16:00»). */
export const BERLIN_DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  timeZone: SCHOOL_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/**
 * The last moment of an offer or hold, as a person reads a deadline ("12. Juli 2027 um 24:00"): a deadline at
 * midnight in Berlin is the end of the day before, not "13. Juli um 00:00", which reads as the start of the
 * 13th (D624). Any other moment as day and time.
 */
export function berlinDeadlineText(instant: Date | string, locale: Locale): string {
  const moment = new Date(instant);
  if (Number.isNaN(moment.getTime())) return String(instant);
  const format = (at: Date) => new Intl.DateTimeFormat(INTL_LOCALES[locale], BERLIN_DAY_AND_TIME).format(at);
  const text = format(moment);
  if (!text.endsWith("00:00")) return text;
  // The minute before, in the locale's own words ("um" / "в"), with its clock read as the day's end.
  return format(new Date(moment.getTime() - 60_000)).replace(/23:59$/, "24:00");
}
