// Lessons over a season (issue 35, D365–D372): the factory builds the context and binds each use case to
// it (D355): absences, makeups, cancelled lessons, the reminders' switches.
import type { AbsenceInput, Locale, MakeupInput } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import {
  bookingView,
  comingLessons,
  createAbsenceLink,
  itemOfLink,
  lessonsOf,
  ownItem,
  report,
} from "./absences.ts";
import { cancelLesson } from "./cancel-lesson.ts";
import {
  cancellations,
  cancellationsView,
  pageCancellations,
  reminderSettings,
  setReminderSettings,
} from "./lesson-settings.ts";
import { type LessonsDeps, lessonsContext } from "./lessons.deps.ts";
import type { BookedItem } from "./lessons.repository.ts";
import { bookMakeup, creditsOf, makeupOptions } from "./makeups.ts";

export { isLessonCancelled, type RecordAudit, rulesView, type Staff, slotMeetsOn } from "./lessons.deps.ts";

export function createLessonsService(deps: LessonsDeps) {
  const ctx = lessonsContext(deps);
  return {
    comingLessons: (item: BookedItem) => comingLessons(ctx, ctx.db, item),
    lessonsOf: (userId: number, locale: Locale) => lessonsOf(ctx, userId, locale),
    reportAbsence: async (userId: number, input: AbsenceInput) =>
      report(ctx, await ownItem(ctx, userId, input.order_item), input.dates, userId),
    linkBooking: async (token: string, locale: Locale) =>
      bookingView(ctx, await itemOfLink(ctx, token), locale),
    reportByLink: async (token: string, dates: string[]) =>
      report(ctx, await itemOfLink(ctx, token), dates, null),
    credits: (userId: number, locale: Locale) => creditsOf(ctx, userId, locale),
    makeupOptions: (userId: number, creditId: number, locale: Locale) =>
      makeupOptions(ctx, userId, creditId, locale),
    bookMakeup: (userId: number, input: MakeupInput) => bookMakeup(ctx, userId, input),
    cancelLesson: (staff: Parameters<typeof cancelLesson>[1], input: Parameters<typeof cancelLesson>[2]) =>
      cancelLesson(ctx, staff, input),
    createAbsenceLink: (tx: DbOrTx, itemId: number, until: string) =>
      createAbsenceLink(ctx, tx, itemId, until),
    reminderSettings: () => reminderSettings(ctx),
    setReminderSettings: (
      staff: Parameters<typeof setReminderSettings>[1],
      off: Parameters<typeof setReminderSettings>[2],
    ) => setReminderSettings(ctx, staff, off),
    cancellationsView: (from: string | undefined, locale: Locale) => cancellationsView(ctx, from, locale),
    cancellations: (from: string, slotIds?: number[]) => cancellations(ctx, from, slotIds),
    pageCancellations: (pageId: number, locale: Locale) => pageCancellations(ctx, pageId, locale),
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
