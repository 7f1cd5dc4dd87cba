/** Days on the school's clock (Berlin), as the tests pick and read them. */
import { SCHOOL_TIME_ZONE, todayInBerlin, trialDates } from "@atelier/contract";

/** Today in Berlin as YYYY-MM-DD. */
export const berlinToday = () => todayInBerlin();

/** Berlin's wall clock now: hours (0–23), minutes and seconds. */
export function berlinClock(): { h: number; m: number; s: number } {
  const [h, m, s] = new Intl.DateTimeFormat("en-GB", {
    timeZone: SCHOOL_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date())
    .split(":")
    .map(Number);
  return { h: h ?? 0, m: m ?? 0, s: s ?? 0 };
}

/** 0 = Monday … 6 = Sunday, as slots count weekdays. */
export const weekdayOf = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;

/** A Berlin day (YYYY-MM-DD) `offsetDays` from today and its weekday (0 = Monday), as slots count them. */
export function berlinDay(offsetDays = 0): { date: string; weekday: number } {
  const date = new Date(`${berlinToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  const iso = date.toISOString().slice(0, 10);
  return { date: iso, weekday: weekdayOf(iso) };
}

/** A day as the storefront and the profile show it (web/src/lib/format.ts formatDate): "Do., 31. Dez. 2026". */
export const shownDay = (iso: string, locale: "de" | "ru" = "de") => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "ru-RU", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)));
};

/**
 * A day a trial of the course may be asked for, at least `fromDays` ahead: one of its lesson dates as the
 * trial form offers them (contract `trialDates`, D297); the server refuses a day the course does not meet.
 */
export async function trialDayOf(
  request: import("@playwright/test").APIRequestContext,
  productId: number,
  fromDays = 3,
): Promise<string> {
  const detail = (await (await request.get(`/api/v2/products/${productId}/?locale=de`)).json()) as {
    schedule_slots: Parameters<typeof trialDates>[0];
    closures?: { starts_on: string; ends_on: string }[];
  };
  const closed = (detail.closures ?? []).map((c) => ({ startsOn: c.starts_on, endsOn: c.ends_on }));
  const from = berlinDay(fromDays).date;
  const day = trialDates(detail.schedule_slots, closed, new Date()).find((d) => d.date >= from)?.date;
  if (!day) throw new Error(`course ${productId} has no lesson day from ${from} in the trial form's weeks`);
  return day;
}

/**
 * Waits, when Berlin's midnight is less than `minutes` away, until just after it: a test that makes a lesson
 * "today" and then checks in at it must not see the day change between the two (the door then rightly
 * answers "not today"). At most `minutes` of waiting; the caller's timeout must allow for it.
 */
export async function clearOfBerlinMidnight(minutes: number): Promise<void> {
  const { h, m, s } = berlinClock();
  const left = 24 * 3600 - (h * 3600 + m * 60 + s);
  if (left <= minutes * 60) await new Promise((resolve) => setTimeout(resolve, (left + 5) * 1000));
}
