import { z } from "zod";
import { LessonSummarySchema, RosterChildSchema, TrialVisitorSchema } from "./admin-attendance.ts";
import { isIsoDate } from "./rules/dates.ts";
import { LocaleQuerySchema, LocaleSchema } from "./rules/locale.ts";

/**
 * The instructor's phone (issue 35, D380–D384): `/api/v2/instructor/*`, for accounts with the role
 * `instructor` only. An instructor sees the lessons of the slots whose instructor record is theirs, their
 * rosters, marks present or absent, and reports a lesson they cannot give; never orders or payments.
 */

const ID_MAX = 2_147_483_647;
const id = z.coerce.number().int().min(1, { error: "invalid" }).max(ID_MAX, { error: "invalid" });
const isoDate = z.string().max(10, { error: "invalid_date" }).refine(isIsoDate, { error: "invalid_date" });

/** `GET /api/v2/instructor/me/`: who teaches here. */
export const InstructorMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The instructor record, its name as the shop spells it in the request's language. */
  instructor: z.object({ id: z.number().int(), name: z.string() }),
  locale: LocaleSchema,
});
export type InstructorMe = z.infer<typeof InstructorMeSchema>;

/** One of the instructor's lessons: the back office's lesson summary, and whether they reported it (D383). */
export const InstructorLessonSchema = LessonSummarySchema.omit({ seats_taken: true }).extend({
  reported: z.boolean(),
});
export type InstructorLesson = z.infer<typeof InstructorLessonSchema>;

/** `GET /api/v2/instructor/lessons/`: today and the six days after it, Berlin days (D381). */
export const InstructorLessonsSchema = z.object({
  today: z.string(),
  days: z.array(z.object({ date: z.string(), lessons: z.array(InstructorLessonSchema) })),
});
export type InstructorLessons = z.infer<typeof InstructorLessonsSchema>;

/**
 * One child of an instructor's roster: the shared roster's row (whatever marks it carries, absences and
 * makeups too) without the order, the parent's e-mail and the purchase option (D382).
 */
export const InstructorRosterChildSchema = RosterChildSchema.omit({
  order: true,
  parent_email: true,
  purchase_option: true,
});
export type InstructorRosterChild = z.infer<typeof InstructorRosterChildSchema>;

/** A trial visitor confirmed for this lesson date: as the office's roster lists them (D618). */
export const InstructorTrialVisitorSchema = TrialVisitorSchema;

/** `GET /api/v2/instructor/roster/?slot=&date=`. */
export const InstructorRosterQuerySchema = LocaleQuerySchema.extend({ slot: id, date: isoDate });
export const InstructorRosterSchema = z.object({
  lesson: InstructorLessonSchema,
  children: z.array(InstructorRosterChildSchema),
  trial_visitors: z.array(InstructorTrialVisitorSchema),
});
export type InstructorRoster = z.infer<typeof InstructorRosterSchema>;

/** `POST /api/v2/instructor/reports/`: "I can't give this lesson", with a reason; repeatable (D383). */
export const InstructorReportInputSchema = z
  .object({
    slot: z.number({ error: "invalid" }).int().min(1, { error: "invalid" }).max(ID_MAX, { error: "invalid" }),
    date: isoDate,
    reason: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(1_000, { error: "too_long" }),
  })
  .strict();
export type InstructorReportInput = z.infer<typeof InstructorReportInputSchema>;

export const INSTRUCTOR_REPORT_STATUSES = ["open", "done"] as const;

/** A report as the instructor and the back office read it. */
export const InstructorReportSchema = z.object({
  id: z.number().int(),
  slot: z.number().int(),
  date: z.string(),
  instructor: z.number().int(),
  instructor_name: z.string(),
  product_name: z.string(),
  start: z.string(),
  reason: z.string(),
  status: z.enum(INSTRUCTOR_REPORT_STATUSES),
  created_at: z.string(),
});
export type InstructorReport = z.infer<typeof InstructorReportSchema>;
export const InstructorReportListSchema = z.array(InstructorReportSchema);

/** `PUT /api/v2/admin/instructor-reports/:id/`: staff mark a report handled (or open again). */
export const InstructorReportStatusInputSchema = z
  .object({ status: z.enum(INSTRUCTOR_REPORT_STATUSES, { error: "invalid_choice" }) })
  .strict();
