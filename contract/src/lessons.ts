import { z } from "zod";
import { isIsoDate } from "./rules/dates.ts";

/**
 * Lessons over a season (issue 35, D365–D372): the product page's absence and makeup rules, absences the
 * parent reports, makeup credits and bookings, lessons the school cancels, and the reminders' switches.
 */

const ID_MAX = 2_147_483_647;
const id = z.coerce.number().int().min(1, { error: "invalid" }).max(ID_MAX, { error: "invalid" });
const isoDate = z.string().max(10, { error: "invalid_date" }).refine(isIsoDate, { error: "invalid_date" });

/** What a lesson the school cancels gives the booked children: a makeup credit, or a longer paid period. */
/** How far ahead the parent sees and may report coming lessons (the profile says so when none fall in it). */
export const LESSON_HORIZON_DAYS = 56;

export const CANCELLED_LESSON_OUTCOMES = ["credit", "lengthen"] as const;
export type CancelledLessonOutcome = (typeof CANCELLED_LESSON_OUTCOMES)[number];

/** The defaults of a product page's rules (issue 35): 2 hours, 8 weeks, 2 credits a month. */
export const LESSON_RULE_DEFAULTS = {
  makeup_allowed: false,
  absence_cutoff_minutes: 120,
  credit_valid_days: 56,
  credits_per_month: 2,
  cancelled_lesson_outcome: "credit" as CancelledLessonOutcome,
} as const;

/** A product page's rules as the back office edits them and the shop shows them. */
export const LessonRulesSchema = z.object({
  makeup_allowed: z.boolean(),
  absence_cutoff_minutes: z.number().int().min(0, { error: "too_small" }).max(10_080, { error: "too_big" }),
  credit_valid_days: z.number().int().min(1, { error: "too_small" }).max(365, { error: "too_big" }),
  credits_per_month: z.number().int().min(0, { error: "too_small" }).max(31, { error: "too_big" }),
  cancelled_lesson_outcome: z.enum(CANCELLED_LESSON_OUTCOMES, { error: "invalid_choice" }),
  what_to_bring: z.object({
    de: z.string().max(1000, { error: "too_long" }),
    ru: z.string().max(1000, { error: "too_long" }),
  }),
});
export type LessonRules = z.infer<typeof LessonRulesSchema>;

/**
 * The rules as the back office's product form edits them (D374): the page's rules and its makeup group,
 * the word staff give equivalent pages (same subject and age group); null or "" for none.
 */
export const AdminLessonRulesSchema = LessonRulesSchema.extend({
  makeup_group: z.string().trim().max(60, { error: "too_long" }).nullable(),
}).strict();
export type AdminLessonRules = z.infer<typeof AdminLessonRulesSchema>;

/** `POST /api/v2/lessons/absences/`: the parent's "won't come" for one or more dates of one booking. */
export const AbsenceInputSchema = z
  .object({
    order_item: id,
    dates: z.array(isoDate).min(1, { error: "required" }).max(20, { error: "too_big" }),
  })
  .strict();
export type AbsenceInput = z.infer<typeof AbsenceInputSchema>;

/** `POST /api/v2/lessons/makeups/`: a credit used for one date of a slot. */
export const MakeupInputSchema = z.object({ credit: id, slot: id, date: isoDate }).strict();
export type MakeupInput = z.infer<typeof MakeupInputSchema>;

/** `POST /api/v2/admin/lessons/cancellations/`: staff cancel one lesson date of a slot. */
export const CancelLessonInputSchema = z
  .object({
    slot: id,
    date: isoDate,
    reason_de: z.string().trim().min(1, { error: "required" }).max(500, { error: "too_long" }),
    /** Optional (D614): left empty, families who read Russian get the German reason. */
    reason_ru: z.string().trim().max(500, { error: "too_long" }).default(""),
  })
  .strict();
export type CancelLessonInput = z.infer<typeof CancelLessonInputSchema>;

/** The reminder kinds staff can turn off (school settings). */
export const REMINDER_KINDS = ["first_lesson", "trial", "makeup"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const ReminderSettingsSchema = z
  .object({ reminders_off: z.array(z.enum(REMINDER_KINDS, { error: "invalid_choice" })).max(3) })
  .strict();

/** One coming lesson of a booking, as the parent sees it. */
export type ComingLesson = {
  date: string;
  slot: number;
  start: string;
  end: string;
  /**
   * "coming", "absent" (reported), "cancelled" (by the school), "closed" (the house is closed, a holiday) or
   * "paused" (the course pauses, or the school's break: no lesson, and a subscription is paid longer for it).
   */
  status: "coming" | "absent" | "cancelled" | "closed" | "paused";
  /** Whether "won't come" can still be reported (before the cut-off). */
  can_report: boolean;
};

export type CreditView = {
  id: number;
  visitor_name: string;
  product_page: number;
  product_name: string;
  reason: "absence" | "cancelled";
  source_date: string;
  expires_on: string;
  status: "open" | "used" | "expired";
  makeup: { slot: number; date: string; start: string; end: string } | null;
};

/** A booking with lessons as the parent's account and the reminder's link show it (D366). */
export type LessonBookingView = {
  order_item: number;
  visitor_name: string;
  product_page: number;
  product_name: string;
  rules: LessonRules;
  lessons: ComingLesson[];
};

/** The answer to a report of absences: the dates as they stand now and the credits it gave. */
export type AbsenceReply = { lessons: ComingLesson[]; credits: { id: number; expires_on: string }[] };

/** A date a credit can be used on (`GET /api/v2/lessons/credits/:id/options/`). */
export type MakeupOption = {
  slot: number;
  product_page: number;
  product_name: string;
  date: string;
  start: string;
  end: string;
  seats_left: number;
};

/** A coming lesson date the school cancelled, as a product page shows it (`GET /api/v2/lessons/cancellations/`). */
export type PageCancellation = { date: string; slot: number; start: string; end: string; reason: string };
