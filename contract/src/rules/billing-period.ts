import { berlinDate, SCHOOL_TIME_ZONE } from "./dates.ts";

/**
 * The one definition of a course subscription's paid period (D121, issue 24 item 4), used by the
 * subscription rows, the invoice and the order mail ("erster Monat …"), the profile ("Bezahlt bis"), the
 * cancellation ("endet am") and the child's `.ics`.
 *
 * A period is a run of whole Berlin days, both ends included. The first one starts on the first lesson on
 * or after the day of payment that is not closed; each later one on the day after the previous one. It
 * lasts one calendar month (1 December → 31 December, 31 January → 27 February), lengthened by every day
 * the course's house is closed within it (holidays, D122): the month counts open days only, so a closure
 * is never paid for. The database keeps the period as instants: Berlin midnight of its first day and
 * Berlin midnight after its last day (the end is exclusive there); `paidDays` turns them back.
 */

/** Days a course does not run (a closure of its house or of every house, a course's pause): ISO dates, both included. */
export type ClosedRange = { startsOn: string; endsOn: string };

/** A paid period: first and last day (ISO dates, Berlin), both included. */
export type BillingPeriod = { from: string; to: string };

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
}

function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return isoOf(dayNumber(isoDate) + days);
}

/** The same day `months` later; the 31st becomes the last day of a shorter month. */
export function addMonths(isoDate: string, months: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday, as slots count weekdays. */
export function weekdayOf(isoDate: string): number {
  return (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Sorted, overlapping and touching ranges joined, so no day is counted twice. */
export function mergeClosed(closed: readonly ClosedRange[]): { start: number; end: number }[] {
  const sorted = closed
    .map((range) => ({ start: dayNumber(range.startsOn), end: dayNumber(range.endsOn) }))
    .filter((range) => range.end >= range.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

export function isClosed(isoDate: string, closed: readonly ClosedRange[]): boolean {
  return closed.some((range) => range.startsOn <= isoDate && isoDate <= range.endsOn);
}

/**
 * The period that starts on `from`: one calendar month, plus each closed day from `from` on that falls
 * within it as it grows (a closure that begins inside the period is counted whole, and so is one that
 * begins within the days it added). The last day is never a closed one.
 */
export function billingPeriod(from: string, closed: readonly ClosedRange[]): BillingPeriod {
  const start = dayNumber(from);
  let end = dayNumber(addMonths(from, 1)) - 1;
  for (const range of mergeClosed(closed)) {
    if (range.end < start) continue;
    if (range.start > end) break;
    end += range.end - Math.max(range.start, start) + 1;
  }
  return { from, to: isoOf(end) };
}

/** A weekly lesson: its weekday (0 = Monday) and its Berlin start time ("HH:MM" or "HH:MM:SS"). */
export type WeeklyLesson = { weekday: number; start: string };

let berlinClock: Intl.DateTimeFormat | undefined;

/** The Berlin wall-clock time of an instant as "HH:MM:SS". */
export function berlinTime(instant: Date): string {
  berlinClock ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: SCHOOL_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return berlinClock.format(instant);
}

function clockOf(start: string): string {
  return start.length === 5 ? `${start}:00` : start;
}

/**
 * The first lesson not yet begun (D250, issue 32 item 1): the first day on or after `from` at one of the
 * weekly lessons, skipping closed days. `from` is the moment of buying or paying: on its own Berlin day a
 * lesson whose start time has come is over for this purpose, and the next one is the first. Given a
 * Berlin day instead (`YYYY-MM-DD`, or bare weekdays without times), every lesson of that day still
 * counts. `from`'s day itself when the course has no weekly times; at most a year ahead (then that day).
 * This is the one rule of the first lesson: the cart and checkout, the subscription's first month, the
 * invoice, the mails and the calendar all take it from here.
 */
export function firstLessonDay(
  from: Date | string,
  lessons: readonly (number | WeeklyLesson)[],
  closed: readonly ClosedRange[],
): string {
  const day0 = typeof from === "string" ? from : berlinDate(from);
  if (lessons.length === 0) return day0;
  const now = typeof from === "string" ? null : berlinTime(from);
  for (let offset = 0; offset < 366; offset++) {
    const day = addDays(day0, offset);
    if (isClosed(day, closed)) continue;
    const weekday = weekdayOf(day);
    const held = lessons.some((lesson) => {
      if (typeof lesson === "number") return lesson === weekday;
      if (lesson.weekday !== weekday) return false;
      return offset > 0 || now === null || clockOf(lesson.start) > now;
    });
    if (held) return day;
  }
  return day0;
}

/** The first period of a subscription paid at `paidAt` (an instant, or a Berlin day): from its first lesson. */
export function firstBillingPeriod(
  paidAt: Date | string,
  lessons: readonly (number | WeeklyLesson)[],
  closed: readonly ClosedRange[],
): BillingPeriod {
  return billingPeriod(firstLessonDay(paidAt, lessons, closed), closed);
}

/** The period after `previous`: from the day after its last day. */
export function nextBillingPeriod(previous: BillingPeriod, closed: readonly ClosedRange[]): BillingPeriod {
  return billingPeriod(addDays(previous.to, 1), closed);
}

/**
 * A paid period lengthened by the lessons the school cancelled in it (D393, issue 35): for each cancelled
 * lesson day from `from` to the (growing) last day, the period gains the next lesson after its last day on
 * one of `weekdays` that is not closed, and ends on that day (a cancelled one among them counts in turn). So a month with a
 * cancelled lesson holds as many lessons as one without, as a closure is never paid for (D122). Days
 * that are no lesson of `weekdays` change nothing; the order of `cancelled` does not matter.
 */
export function lengthenByCancelled(
  period: BillingPeriod,
  weekdays: readonly number[],
  closed: readonly ClosedRange[],
  cancelled: readonly string[],
): BillingPeriod {
  if (weekdays.length === 0) return period;
  const cancelledLessons = new Set(cancelled.filter((day) => weekdays.includes(weekdayOf(day))));
  // A cancelled day among the added ones is a lesson day here: the loop reaches it and adds one more.
  const isLesson = (day: string) => weekdays.includes(weekdayOf(day)) && !isClosed(day, closed);
  let to = period.to;
  for (const day of [...cancelledLessons].sort()) {
    if (day < period.from || isClosed(day, closed)) continue;
    if (day > to) break;
    // At most a year ahead, as firstLessonDay looks: a course closed for longer keeps its end.
    const next = Array.from({ length: 366 }, (_, offset) => addDays(to, offset + 1)).find(isLesson);
    if (next === undefined) break;
    to = next;
  }
  return { from: period.from, to };
}

/** Berlin midnight at the start of `isoDate`, as an instant. */
export function berlinMidnight(isoDate: string): Date {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00Z`);
  // Berlin is one or two hours ahead of UTC: its midnight is 23:00 or 22:00 UTC of the day before.
  for (const hours of [1, 2]) {
    const instant = new Date(utcMidnight - hours * 3_600_000);
    if (berlinDate(instant) === isoDate && berlinDate(new Date(instant.getTime() - 1)) !== isoDate)
      return instant;
  }
  return new Date(utcMidnight);
}

/** The instants the database keeps for a period: Berlin midnight of its first day, and after its last. */
export function periodInstants(period: BillingPeriod): { start: Date; end: Date } {
  return { start: berlinMidnight(period.from), end: berlinMidnight(addDays(period.to, 1)) };
}

/** The last day an exclusive end instant still pays for (a Berlin day): "Bezahlt bis", "endet am". */
export function lastPaidDay(end: Date | string): string {
  return berlinDate(new Date(new Date(end).getTime() - 1));
}

/** A stored period as days again. */
export function paidDays(start: Date | string, end: Date | string): BillingPeriod {
  return { from: berlinDate(new Date(start)), to: lastPaidDay(end) };
}

/**
 * The lesson days of the booked weekdays from `from` to `to` (both included) that are not closed: what the
 * child's calendar lists (D121).
 */
export function lessonDays(
  period: BillingPeriod,
  weekdays: readonly number[],
  closed: readonly ClosedRange[],
): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    if (weekdays.includes(weekdayOf(day)) && !isClosed(day, closed)) days.push(day);
  }
  return days;
}
