import { berlinDate, type ClosedRange, weekdayOf } from "@atelier/contract";
import { itemPeriod } from "../invoices/index.ts";

export type LessonSlot = {
  id: number;
  weekday: number | null;
  date: string | null;
  start: string;
  end: string;
};
export type LessonItem = {
  slots: LessonSlot[];
  weeks: { id: number; starts_on: string; ends_on: string }[];
  recurrentPriceCents: number;
  numberOfMeetings: number | null;
};
export type Lesson = { date: string; slot: LessonSlot | null };

/**
 * The item's lesson on `today` (a Berlin day), or null (D108). A dated slot on that day; an academy week
 * that covers it (a day's programme, no slot); a weekly slot on that weekday from the day it was paid on
 * (`paidAt`: the payment's moment, or its Berlin day). A subscription runs while it is not cancelled (the
 * item's status says so); a meeting card's weekly times count only up to its last meeting (`itemPeriod`),
 * from its first lesson after the payment and past the course's `closed` days (D548: `meetingCardClosures`
 * reads them).
 */
export function lessonOn(
  item: LessonItem,
  today: string,
  paidAt: Date | string,
  closed: readonly ClosedRange[] = [],
): Lesson | null {
  const paidOn = typeof paidAt === "string" ? paidAt : berlinDate(paidAt);
  const dated = item.slots.find((slot) => slot.date === today);
  if (dated) return { date: today, slot: dated };
  if (item.weeks.some((week) => week.starts_on <= today && today <= week.ends_on)) {
    return { date: today, slot: null };
  }
  const weekly = item.slots.filter((slot) => slot.weekday === weekdayOf(today));
  if (weekly.length === 0 || today < paidOn) return null;
  if (item.recurrentPriceCents === 0 && item.numberOfMeetings) {
    const period = itemPeriod(item, paidAt, closed);
    if (!period || today > period.to) return null;
  }
  return { date: today, slot: weekly.sort((a, b) => a.start.localeCompare(b.start))[0] ?? null };
}
