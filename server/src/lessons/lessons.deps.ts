// What every use case of lessons over a season shares (D355, D365): the service's typed `deps`, the clock,
// and the small rules more than one use case reads.
import { createHash } from "node:crypto";
import { type AuditArea, LESSON_HORIZON_DAYS } from "@atelier/contract";
import { and, eq } from "drizzle-orm";
import { cancelledLessons, type Db, type DbOrTx, type Tx } from "../db/index.ts";
import { weekdayOf } from "./lesson-time.ts";
import type { LessonItem } from "./lesson-today.ts";
import type { BookedItem } from "./lessons.repository.ts";

/** The back office's audit write (D98), handed down by the wiring: lessons sit below the admin area. */
export type RecordAudit = (
  tx: Tx,
  entry: {
    userId: number;
    userEmail: string;
    resource: AuditArea;
    recordId: number;
    action: "create" | "update";
    before: unknown;
    after: unknown;
  },
) => Promise<void>;

export type Staff = { id: number; email: string };

export type LessonsDeps = {
  db: Db;
  recordAudit: RecordAudit;
  webUrl: string;
  publicUrl: string;
  now?: () => Date;
};

/** The deps with the clock settled and the account's address derived once. */
export type LessonsContext = LessonsDeps & { now: () => Date; accountUrl: string };

export function lessonsContext(deps: LessonsDeps): LessonsContext {
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    accountUrl: `${deps.webUrl.replace(/\/$/, "")}/profile?tab=workshops`,
  };
}

/** How far ahead the parent sees and may report coming lessons (one rule, in the contract). */
export const HORIZON_DAYS = LESSON_HORIZON_DAYS;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const asItem = (item: BookedItem): LessonItem => ({
  slots: item.slots,
  weeks: [],
  recurrentPriceCents: item.recurrentPriceCents,
  numberOfMeetings: item.numberOfMeetings,
});

export const childName = (item: { visitorFirstName: string; visitorLastName: string }) =>
  [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" ");

/** Whether a date lies in one of the closures. */
export const closedOn = (list: readonly { startsOn: string; endsOn: string }[], date: string) =>
  list.some((closure) => closure.startsOn <= date && date <= closure.endsOn);

/** Whether `slot` has a lesson on `date` by its calendar alone (weekday or its own date). */
export const slotMeetsOn = (slot: { weekday: number | null; date: string | null }, date: string) =>
  slot.date === date || (slot.date === null && slot.weekday === weekdayOf(date));

/** Whether a lesson date of a slot was cancelled by the school (check-in and the roster ask). */
export async function isLessonCancelled(db: DbOrTx, slotId: number, date: string) {
  const [row] = await db
    .select({ id: cancelledLessons.id })
    .from(cancelledLessons)
    .where(and(eq(cancelledLessons.scheduleSlotId, slotId), eq(cancelledLessons.lessonDate, date)));
  return Boolean(row);
}

/** A page's rules as the parent reads them before acting. */
export function rulesView(rules: {
  makeupAllowed: boolean;
  absenceCutoffMinutes: number;
  creditValidDays: number;
  creditsPerMonth: number;
  cancelledLessonOutcome: string;
  whatToBring: { de: string; ru: string };
}) {
  return {
    makeup_allowed: rules.makeupAllowed,
    absence_cutoff_minutes: rules.absenceCutoffMinutes,
    credit_valid_days: rules.creditValidDays,
    credits_per_month: rules.creditsPerMonth,
    cancelled_lesson_outcome: rules.cancelledLessonOutcome as "credit" | "lengthen",
    what_to_bring: rules.whatToBring,
  };
}
