import type {
  AttendanceMarkInput,
  InstructorLesson,
  InstructorLessons,
  InstructorMe,
  InstructorReport,
  InstructorReportInput,
  InstructorRoster,
  LessonSummary,
  Locale,
} from "@atelier/contract";
import { addDays, todayInBerlin } from "@atelier/contract";
import { findClosedRangesOfPage } from "../catalogue/index.ts";
import { createAttendance, type RecordAudit } from "../checkin/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import {
  findInstructorOfUser,
  findReportsOfInstructor,
  findSlotInstructor,
  findSlotsOfInstructor,
  type ReportRow,
  upsertReport,
} from "./instructor-desk.repository.ts";

/** How many days the instructor's list shows: today and the six after it (D381). */
export const INSTRUCTOR_DAYS = 7;

const joinName = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

/** A report as both the instructor and the back office read it. */
export function toReport(row: ReportRow, locale: Locale): InstructorReport {
  const first = locale === "ru" ? (row.firstNameRu ?? row.firstName) : row.firstName;
  const last = locale === "ru" ? (row.lastNameRu ?? row.lastName) : row.lastName;
  return {
    id: row.report.id,
    slot: row.report.slotId,
    date: row.report.lessonDate,
    instructor: row.report.instructorId,
    instructor_name: joinName(first, last),
    product_name: row.productName[locale] || row.productName.de,
    start: row.start.slice(0, 5),
    reason: row.report.reason,
    status: row.report.status === "done" ? "done" : "open",
    created_at: row.report.createdAt.toISOString(),
  };
}

/** Whether one of a page's closed ranges (D114) takes `date`. */
const closedIn = (ranges: { startsOn: string; endsOn: string }[], date: string) =>
  ranges.some((range) => range.startsOn <= date && date <= range.endsOn);

/** Whether a house closure (D114) takes `date` for this product page. */
async function closedOn(db: Db, productPageId: number, date: string): Promise<boolean> {
  return closedIn(await findClosedRangesOfPage(db, productPageId, date), date);
}

type UpsertedReport = Awaited<ReturnType<typeof upsertReport>>;

/** The audit of a new or changed report, under the instructor's account. */
function auditReport(
  recordAudit: RecordAudit,
  tx: Tx,
  user: AuthUser,
  before: UpsertedReport["before"],
  row: UpsertedReport["row"],
) {
  return recordAudit(tx, {
    userId: user.id,
    userEmail: user.email,
    resource: "instructor-reports",
    recordId: row.id,
    action: before ? "update" : "create",
    before: before ? { reason: before.reason, status: before.status } : null,
    after: { slot: row.slotId, lesson_date: row.lessonDate, reason: row.reason, status: row.status },
  });
}

/**
 * The instructor's phone (issue 35, D380–D384). Every read and write first finds the instructor record of
 * the signed-in account and answers only about slots whose instructor it is: another instructor's slot is
 * a 404, as if it did not exist. Rosters and marks are the back office's (the shared roster, D131), so what
 * staff see there (absences, makeups) the instructor sees too.
 */
export function createInstructorDesk(db: Db, deps: { recordAudit: RecordAudit; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const attendance = createAttendance(db, deps);

  async function instructorOf(user: AuthUser, locale: Locale) {
    const found = await findInstructorOfUser(db, user.id, locale);
    // An instructor account no admin has linked to an instructor record yet teaches nothing.
    if (!found) throw new AppError("permission_denied", 403);
    return found;
  }

  async function reportedKeys(instructorId: number, from: string) {
    const rows = await findReportsOfInstructor(db, instructorId, from);
    return { rows, keys: new Set(rows.map((row) => `${row.report.slotId}/${row.report.lessonDate}`)) };
  }

  const toLesson = ({ seats_taken: _taken, ...summary }: LessonSummary, reported: Set<string>) => ({
    ...summary,
    reported: reported.has(`${summary.slot}/${summary.date}`),
  });

  /** The instructor's own lesson at `date`, or a 404 (not theirs, no lesson that day, or the house closed). */
  async function ownLesson(user: AuthUser, slot: number, date: string, locale: Locale) {
    const me = await instructorOf(user, locale);
    const found = await findSlotInstructor(db, slot);
    if (!found || found.instructorId !== me.instructorId) throw AppError.notFound();
    if (await closedOn(db, found.productPageId, date)) throw AppError.notFound();
    const roster = await attendance.roster({ slot, date, locale });
    return { me, roster };
  }

  return {
    async me(user: AuthUser, locale: Locale): Promise<InstructorMe> {
      const me = await instructorOf(user, locale);
      return {
        id: me.user.id,
        email: me.user.email,
        first_name: me.user.firstName,
        last_name: me.user.lastName,
        instructor: { id: me.instructorId, name: me.name },
        locale: me.user.locale,
      };
    },

    /** Today's lessons and those of the six days after it, Berlin days; closed days left out (D381). */
    async lessons(user: AuthUser, locale: Locale): Promise<InstructorLessons> {
      const me = await instructorOf(user, locale);
      const today = todayInBerlin(now());
      const slots = await findSlotsOfInstructor(db, me.instructorId);
      const own = new Set(slots.map((slot) => slot.id));
      const pages = [...new Set(slots.map((slot) => slot.productPageId))];
      const closed = new Map(
        await Promise.all(
          pages.map(async (page) => [page, await findClosedRangesOfPage(db, page, today)] as const),
        ),
      );
      const { keys } = await reportedKeys(me.instructorId, today);
      const days: InstructorLessons["days"] = [];
      for (let offset = 0; offset < INSTRUCTOR_DAYS; offset++) {
        const date = addDays(today, offset);
        const lessons: InstructorLesson[] = own.size
          ? (await attendance.lessons(date, locale))
              .filter((lesson) => own.has(lesson.slot))
              .filter((lesson) => !closedIn(closed.get(lesson.product_page) ?? [], date))
              .map((lesson) => toLesson(lesson, keys))
          : [];
        days.push({ date, lessons });
      }
      return { today, days };
    },

    /** The roster of one own lesson: the shared roster without orders and e-mail, plus trial visitors. */
    async roster(user: AuthUser, slot: number, date: string, locale: Locale): Promise<InstructorRoster> {
      const { me, roster } = await ownLesson(user, slot, date, locale);
      const { keys } = await reportedKeys(me.instructorId, date);
      return {
        lesson: toLesson(roster.lesson, keys),
        children: roster.children.map(
          ({ order: _order, parent_email: _email, purchase_option: _option, ...child }) => child,
        ),
        trial_visitors: roster.trial_visitors,
      };
    },

    /** Present or absent, by the back office's write (the door's check-in row; audited under the instructor). */
    async mark(user: AuthUser, input: AttendanceMarkInput) {
      await ownLesson(user, input.slot, input.date, "de");
      return attendance.mark(user, input);
    },

    /** "I can't give this lesson": a request to staff, audited; it cancels nothing (D383). */
    async report(user: AuthUser, input: InstructorReportInput, locale: Locale): Promise<InstructorReport> {
      const { me } = await ownLesson(user, input.slot, input.date, locale);
      if (input.date < todayInBerlin(now())) throw AppError.validation("date", "instructor_report_past");
      const id = await db.transaction(async (tx) => {
        const { before, row } = await upsertReport(tx, {
          slotId: input.slot,
          lessonDate: input.date,
          instructorId: me.instructorId,
          userId: user.id,
          reason: input.reason,
        });
        if (before?.reason !== row.reason || before?.status !== row.status)
          await auditReport(deps.recordAudit, tx, user, before, row);
        return row.id;
      });
      const { rows } = await reportedKeys(me.instructorId, input.date);
      const row = rows.find((one) => one.report.id === id);
      if (!row) throw AppError.notFound();
      return toReport(row, locale);
    },
  };
}

export type InstructorDesk = ReturnType<typeof createInstructorDesk>;
