import { weekdayOf } from "@atelier/contract";
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
 * that covers it (a day's programme, no slot); a weekly slot on that weekday from the day it was paid on. A
 * subscription runs while it is not cancelled (the item's status says so); a meeting card's weekly times
 * count only within the weeks its meetings fill, the same period its invoice names (`itemPeriod`).
 */
export function lessonOn(item: LessonItem, today: string, paidOn: string): Lesson | null {
  const dated = item.slots.find((slot) => slot.date === today);
  if (dated) return { date: today, slot: dated };
  if (item.weeks.some((week) => week.starts_on <= today && today <= week.ends_on)) {
    return { date: today, slot: null };
  }
  const weekly = item.slots.filter((slot) => slot.weekday === weekdayOf(today));
  if (weekly.length === 0 || today < paidOn) return null;
  if (item.recurrentPriceCents === 0 && item.numberOfMeetings) {
    const period = itemPeriod(item, paidOn);
    if (!period || today > period.to) return null;
  }
  return { date: today, slot: weekly.sort((a, b) => a.start.localeCompare(b.start))[0] ?? null };
}
