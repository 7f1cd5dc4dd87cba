import { addDays, berlinDate, type ClosedRange, isClosed, weekdayOf } from "@atelier/contract";
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
 * The last day a meeting card paid on `paidOn` can have a meeting: its first lesson and its closures are each
 * looked for up to a year ahead, besides its weeks. A card past it is over without its weeks worked out.
 */
export function meetingCardLastPossibleDay(
  card: { numberOfMeetings: number | null; slots: readonly { weekday: number | null }[] },
  paidOn: string,
): string {
  const times = card.slots.filter((slot) => slot.weekday !== null).length;
  return addDays(paidOn, 2 * 366 + Math.ceil((card.numberOfMeetings ?? 0) / Math.max(1, times)) * 7);
}

/**
 * The item's lesson on `today` (a Berlin day), or null (D108). A dated slot on that day; an academy week
 * that covers it (a day's programme, no slot); a weekly slot on that weekday from the day it was paid on
 * (`paidAt`: the payment's moment, or its Berlin day). A subscription runs while it is not cancelled (the
 * item's status says so); a meeting card's weekly times count only
 * up to its last meeting (`itemPeriod`), from its first lesson after the payment and past the course's
 * `closed` days (D548; `lessonClosures` reads them). A cancelled subscription has none after its last paid
 * day (`lastDay`, D635; `lessonEnds` reads them), though its item stays active until the worker ends it.
 * `heldLessonOn` leaves out the closed days.
 */
export function lessonOn(
  item: LessonItem,
  today: string,
  paidAt: Date | string,
  closed: readonly ClosedRange[] = [],
  lastDay?: string,
): Lesson | null {
  if (lastDay !== undefined && today > lastDay) return null;
  const paidOn = typeof paidAt === "string" ? paidAt : berlinDate(paidAt);
  const dated = item.slots.find((slot) => slot.date === today);
  if (dated) return { date: today, slot: dated };
  if (item.weeks.some((week) => week.starts_on <= today && today <= week.ends_on)) {
    return { date: today, slot: null };
  }
  const weekly = item.slots.filter((slot) => slot.weekday === weekdayOf(today));
  if (weekly.length === 0 || today < paidOn) return null;
  if (item.recurrentPriceCents === 0 && item.numberOfMeetings) {
    // An old card is over without working out its weeks (the door and the roster ask for every card).
    if (today > meetingCardLastPossibleDay(item, paidOn)) return null;
    const period = itemPeriod(item, paidAt, closed);
    // Paid after that day's lesson began, its meetings start next week (D250): that day is not one of them.
    if (!period || today < period.from || today > period.to) return null;
  }
  return { date: today, slot: weekly.sort((a, b) => a.start.localeCompare(b.start))[0] ?? null };
}

/**
 * The lesson the child comes to on `today`: `lessonOn`, but no weekly lesson on a day the house is closed or
 * the course paused (D74, D122, D610). The door, the day's lists and the first-lesson reminder ask this; the
 * parent's list of coming lessons shows such a day as closed (the house) or paused (the course).
 */
export function heldLessonOn(
  item: LessonItem,
  today: string,
  paidAt: Date | string,
  closed: readonly ClosedRange[] = [],
  lastDay?: string,
): Lesson | null {
  const lesson = lessonOn(item, today, paidAt, closed, lastDay);
  if (lesson?.slot && lesson.slot.weekday !== null && lesson.slot.date === null && isClosed(today, closed))
    return null;
  return lesson;
}
