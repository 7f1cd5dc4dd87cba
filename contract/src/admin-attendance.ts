import { z } from "zod";
import { PRODUCT_TYPES } from "./catalogue.ts";
import { RECORDED_PAYMENT_GATEWAYS } from "./checkout.ts";
import { isIsoDate } from "./rules/dates.ts";
import { LocaleQuerySchema } from "./rules/locale.ts";

/**
 * Attendance, the dashboard and the accounting export of the back office (issue 21, D131–D135).
 * Dates are Berlin days (YYYY-MM-DD), money integer cents.
 */

const ID_MAX = 2_147_483_647;
const id = z.coerce.number().int().min(1, { error: "invalid" }).max(ID_MAX, { error: "invalid" });
const isoDate = z.string().max(10, { error: "invalid_date" }).refine(isIsoDate, { error: "invalid_date" });

/** `GET /api/v2/admin/attendance/lessons/?date=`: the lessons of one day, for the date and slot pickers. */
export const LessonsQuerySchema = LocaleQuerySchema.extend({ date: isoDate });

/** `GET /api/v2/admin/attendance/?slot=&date=` and its `.csv`. */
export const AttendanceQuerySchema = LocaleQuerySchema.extend({ slot: id, date: isoDate });
export type AttendanceQuery = z.infer<typeof AttendanceQuerySchema>;

export const ATTENDANCE_MARKS = ["present", "absent"] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];

/** One lesson of a day: a weekly slot on that weekday or a dated session, with the children coming. */
export const LessonSummarySchema = z.object({
  slot: z.number().int(),
  product_page: z.number().int(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  /** The offer's house in the request's language; null when it has none (issue 29). */
  house: z.string().nullable(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  seats: z.number().int(),
  seats_taken: z.number().int(),
  seats_left: z.number().int(),
  children: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  /** The school cancelled this date (issue 35, D369), with the reason in the request's language. */
  cancelled: z.boolean(),
  cancel_reason: z.string().nullable(),
  /** A weekly lesson on a day the house is closed or the course paused (D610): nobody comes by it. */
  closed: z.boolean(),
  /** Children the parents reported absent, and children coming to a makeup (D372). */
  reported_absent: z.number().int(),
  makeups: z.number().int(),
});
export type LessonSummary = z.infer<typeof LessonSummarySchema>;
export const LessonSummaryListSchema = z.array(LessonSummarySchema);

export const RosterChildSchema = z.object({
  order_item: z.number().int(),
  order: z.number().int(),
  visitor_name: z.string(),
  birth_date: z.string().nullable(),
  /** Full years on the lesson date. */
  age: z.number().int().nullable(),
  parent_name: z.string(),
  parent_email: z.string(),
  parent_phone: z.string(),
  /** The booking's comment and the child's notes from the profile. */
  comment: z.string(),
  notes: z.string(),
  purchase_option: z.string(),
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  checked_in_at: z.string().nullable(),
  /** The parent reported "won't come" for this date (D366). */
  reported_absent: z.boolean(),
  /** The child comes to this date only, as a makeup of another lesson (D368). */
  makeup: z.boolean(),
});
export type RosterChild = z.infer<typeof RosterChildSchema>;

export const RosterWaitingSchema = z.object({
  id: z.number().int(),
  visitor_name: z.string(),
  age: z.number().int().nullable(),
  parent_name: z.string(),
  parent_phone: z.string(),
  status: z.enum(["waiting", "offered"]),
  since: z.string(),
});

/** A trial visitor staff confirmed for this lesson date (a visit request of kind `trial`, D270, D618). */
export const TrialVisitorSchema = z.object({
  visitor_name: z.string(),
  age: z.number().int().nullable(),
  parent_name: z.string(),
  parent_phone: z.string(),
});

export const RosterSchema = z.object({
  lesson: LessonSummarySchema,
  children: z.array(RosterChildSchema),
  waiting: z.array(RosterWaitingSchema),
  trial_visitors: z.array(TrialVisitorSchema),
});
export type Roster = z.infer<typeof RosterSchema>;

/**
 * Whether "present" may be marked for a lesson on `date` (YYYY-MM-DD) when it is `today` in Berlin: from the
 * lesson's day on, never ahead (it is the door's check-in row, D108); "absent" may be marked ahead.
 */
export const presentMarkable = (date: string, today: string): boolean => date <= today;

/** `PUT /api/v2/admin/attendance/`: present or absent for one booked child at one lesson date; repeatable. */
export const AttendanceMarkInputSchema = z.object({
  slot: id,
  date: isoDate,
  order_item: id,
  attendance: z.enum(ATTENDANCE_MARKS, { error: "invalid_choice" }),
});
export type AttendanceMarkInput = z.infer<typeof AttendanceMarkInputSchema>;

export const AttendanceMarkSchema = z.object({
  order_item: z.number().int(),
  date: z.string(),
  attendance: z.enum(ATTENDANCE_MARKS),
  checked_in_at: z.string().nullable(),
});

/** `GET /api/v2/admin/dashboard/`: the back office's first page (D133). */
export const DashboardSchema = z.object({
  today: z.string(),
  tomorrow: z.string(),
  /** Paid orders' amounts due at checkout, less refunds, in cents, by the Berlin day and month paid. */
  sales_today_cents: z.number().int(),
  sales_month_cents: z.number().int(),
  paid_orders_today: z.number().int(),
  paid_orders_month: z.number().int(),
  lessons_today: LessonSummaryListSchema,
  lessons_tomorrow: LessonSummaryListSchema,
  filling_up: z.array(
    z.object({
      slot: z.number().int(),
      product_name: z.string(),
      weekday: z.number().int().nullable(),
      date: z.string().nullable(),
      start: z.string(),
      seats: z.number().int(),
      seats_taken: z.number().int(),
    }),
  ),
  /** Requests whose staff status is `new` or `in_progress` (D136, D178), by kind of inbox. */
  open_visit_requests: z.number().int(),
  open_contact_requests: z.number().int(),
  open_party_requests: z.number().int(),
  /** Instructors' "I can't give this lesson" reports staff have not marked done (issue 35, D383). */
  open_instructor_reports: z.number().int(),
  /** Makeup lessons booked this week, Monday to Sunday (Berlin), not cancelled (issue 35, D372). */
  makeups_this_week: z.number().int(),
  payment_issues: z.array(
    z.object({
      payment: z.number().int(),
      order: z.number().int(),
      reason: z.string(),
      state: z.string(),
      attempts: z.number().int(),
      amount_cents: z.number().int(),
      since: z.string(),
      /** The order's parent, for staff to write or call (issue 29, D326); null for a guest's or erased order. */
      parent: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
    }),
  ),
  /**
   * Mails the outbox gave up on after its last attempt, newest first (D534): a family's reset, confirmation
   * or offer that never reached it; staff send one again with `POST /api/v2/admin/mails/{id}/resend/`.
   */
  failed_mails: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      template: z.string(),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /**
   * Refunds the payment service took but has not paid out for more than `SLOW_REFUND_DAYS` (D574), oldest
   * first: PayPal waits for the school's bank, a SEPA refund for the family's. Staff ask the payment service.
   */
  slow_refunds: z.array(
    z.object({
      refund: z.number().int(),
      order: z.number().int(),
      gateway: z.enum(RECORDED_PAYMENT_GATEWAYS),
      amount_cents: z.number().int(),
      since: z.string(),
      parent: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
    }),
  ),
  /** Signed gateway events about nothing the shop knows, newest first (D201): for staff to look at. */
  unmatched_payment_events: z.array(
    z.object({
      id: z.number().int(),
      gateway: z.string(),
      event_type: z.string(),
      resource_id: z.string().nullable(),
      received_at: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** `GET /api/v2/admin/accounting/{month}.csv|.zip`: a month's invoices and credit notes (D134). */
export const AccountingParamsSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "invalid_date" })
    .refine((month) => month >= "2000-01" && month <= "2999-12", { error: "invalid_date" }),
});
