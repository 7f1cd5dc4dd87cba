import { z } from "zod";
import { AppointmentDateSchema } from "./contact.ts";
import { IdSchema } from "./orders.ts";
import { addDays, berlinTime, type ClosedRange, isClosed, weekdayOf } from "./rules/billing-period.ts";
import { BirthDateSchema } from "./rules/birth-date.ts";
import { NAME_MAX_LENGTH } from "./rules/constants.ts";
import { berlinDate } from "./rules/dates.ts";
import { EmailSchema } from "./rules/email.ts";
import { NameSchema } from "./rules/name.ts";
import { isOneLine, ONE_LINE } from "./rules/one-line.ts";
import { PhoneSchema } from "./rules/phone.ts";
import { visitDayOf } from "./rules/picked-day.ts";

export { visitDayOf };

/**
 * Visit requests (`POST /api/v2/orders/visit_request/`, `/visit_request/out/`, `/visit_request/waiting/`):
 * a trial visit, an off-site ("out") visit, or a place on the waiting list of an offer, in the payload
 * of api-shapes "Cart and orders". Guests may send them; a signed-in parent's account is noted.
 */

export const VISIT_REQUEST_KINDS = ["trial", "out", "waiting"] as const;
export type VisitRequestKind = (typeof VISIT_REQUEST_KINDS)[number];

/** Children in one request: siblings fit; more is a runaway client. */
export const VISIT_REQUEST_MAX_CHILDREN = 10;
/** Adults in one request (parents, a grandparent, a nanny). */
export const VISIT_REQUEST_MAX_ADULTS = 4;
/** At most this many visit requests per client address and minute (429 with Retry-After beyond). */
export const VISIT_REQUEST_RATE_LIMIT_PER_MINUTE = 5;

/**
 * A child as the existing client sends it: a visitor object (`{id, first_name, last_name, birth_date}`).
 * The id is a saved visitor of a signed-in parent, or a guest's local number (then dropped).
 */
export const VisitRequestChildSchema = z.object({
  id: IdSchema.nullish(),
  first_name: NameSchema,
  last_name: NameSchema,
  birth_date: BirthDateSchema.nullish().transform((value) => value ?? null),
});
export type VisitRequestChildInput = z.input<typeof VisitRequestChildSchema>;

export const VisitRequestAdultSchema = z.object({
  first_name: NameSchema,
  last_name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  /** "Mutter", "Vater", "Oma", … free text. */
  relation: z
    .string({ error: "invalid_type" })
    .trim()
    .max(NAME_MAX_LENGTH, { error: "too_long" })
    .refine(isOneLine, ONE_LINE)
    .nullish()
    .transform((value) => value ?? ""),
});

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: "required" }).min(1, { error: "required" }).max(max, { error: "too_long" });

export const VisitDateSchema = z
  .string({ error: "invalid_date" })
  .trim()
  .transform(visitDayOf)
  .pipe(AppointmentDateSchema)
  .nullish()
  .transform((value) => value ?? null);

const VisitRequestBaseSchema = z.object({
  product_page: IdSchema,
  /**
   * The existing client's special-offer form sends `[null]` when no child is chosen: nulls are dropped. A
   * guest's children live in that client's browser, so its trial form may send `children: []` (issue 31
   * item 9, D222): the request is taken with the adults' contact, by which the school reaches the family.
   */
  children: z
    .array(VisitRequestChildSchema.nullable(), { error: "required" })
    .max(VISIT_REQUEST_MAX_CHILDREN, { error: "too_long" })
    .transform((children) => children.filter((child) => child !== null)),
  /** At least one adult, each with e-mail and phone: the way to reach the family is never left out. */
  adults: list(VisitRequestAdultSchema, VISIT_REQUEST_MAX_ADULTS),
  date: VisitDateSchema,
  /**
   * The group a trial is asked for (issue 32 item 8): the slot of the offer that meets on `date`, as our
   * trial form offers them (D329). Optional: the existing client sends a day only, and the school then picks
   * the group when it confirms. Kept only with a trial.
   */
  schedule_slot: IdSchema.nullish().transform((value) => value ?? null),
});

/** Our own form names the child it asks for (the API takes a request without one, D222). */
const childNamed = (value: { children: unknown[] }, ctx: z.RefinementCtx) => {
  if (value.children.length === 0) ctx.addIssue({ code: "custom", path: ["children"], message: "required" });
};

/** A trial or off-site visit: on a day today or later (Berlin), or on a day the school proposes (no date). */
export const VisitRequestSchema = VisitRequestBaseSchema;
/**
 * Our own shop's trial and off-site form asks for the day (its date picker offers the class's days); the
 * API also takes a request without one, as the existing client sends it (D95).
 */
export const VisitRequestFormSchema = VisitRequestBaseSchema.superRefine((value, ctx) => {
  childNamed(value, ctx);
  if (value.date === null) ctx.addIssue({ code: "custom", path: ["date"], message: "required" });
});
/** A waiting list: a wished start date is optional (today or later when given). */
export const WaitingRequestSchema = VisitRequestBaseSchema;
/** Our own shop's waiting-list form: a child is named. */
export const WaitingRequestFormSchema = VisitRequestBaseSchema.superRefine(childNamed);
export type VisitRequestInput = z.input<typeof VisitRequestSchema>;
export type VisitRequestBody = z.output<typeof VisitRequestSchema> | z.output<typeof WaitingRequestSchema>;

/** 201 reply: the stored request. */
export const VisitRequestReplySchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_REQUEST_KINDS),
  product_page: z.number().int(),
  user: z.number().int().nullable(),
  children: z.array(
    z.object({
      id: z.number().int().nullable(),
      first_name: z.string(),
      last_name: z.string(),
      birth_date: z.string().nullable(),
    }),
  ),
  adults: z.array(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      relation: z.string(),
    }),
  ),
  date: z.string().nullable(),
  /** The trial's chosen group (slot id), or null (D329). */
  schedule_slot: z.number().int().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type VisitRequestReply = z.infer<typeof VisitRequestReplySchema>;

/** A slot of the course as the trial form and the server read it: a weekly time or a dated session. */
export type TrialSlot = {
  id: number;
  weekday: number | null;
  date: string | null;
  start: string;
  end: string;
};
/** One date a trial may be asked for: the day, and the group (slot) and time that meets then. */
export type TrialDate = { slot: number; date: string; start: string; end: string };

/** How far ahead the trial form offers the course's lesson days. */
export const TRIAL_WEEKS_AHEAD = 4;

/**
 * The course's coming lesson dates for a trial (issue 32 item 8, D297): each weekly time's days from `now` on
 * for {@link TRIAL_WEEKS_AHEAD} weeks, skipping closed days and today's lessons that have begun, and the dated
 * sessions to come; by day and time.
 */
/** Whether a lesson on `day` (YYYY-MM-DD) starting at `start` (HH:MM[:SS]) has begun in Berlin at `now`. */
export function lessonBegun(day: string, start: string, now: Date): boolean {
  return (
    day < berlinDate(now) || (day === berlinDate(now) && start.slice(0, 5) <= berlinTime(now).slice(0, 5))
  );
}

export function trialDates(
  slots: readonly TrialSlot[],
  closed: readonly ClosedRange[],
  now: Date,
  weeks: number = TRIAL_WEEKS_AHEAD,
): TrialDate[] {
  const today = berlinDate(now);
  const last = addDays(today, weeks * 7 - 1);
  const found: TrialDate[] = [];
  for (const slot of slots) {
    const begun = (day: string) => lessonBegun(day, slot.start, now);
    if (slot.date !== null) {
      if (slot.date >= today && !begun(slot.date) && !isClosed(slot.date, closed))
        found.push({ slot: slot.id, date: slot.date, start: slot.start, end: slot.end });
      continue;
    }
    for (let day = today; day <= last; day = addDays(day, 1)) {
      if (weekdayOf(day) === slot.weekday && !isClosed(day, closed) && !begun(day))
        found.push({ slot: slot.id, date: day, start: slot.start, end: slot.end });
    }
  }
  return found.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
}

/**
 * Whether the course meets on `date` (D297): a weekday of one of its weekly times or one of its dated
 * sessions, not closed. A course without times takes any day (the school proposes one).
 */
export function isLessonDay(
  date: string,
  slots: readonly TrialSlot[],
  closed: readonly ClosedRange[],
): boolean {
  if (slots.length === 0) return true;
  if (isClosed(date, closed)) return false;
  const weekday = weekdayOf(date);
  return slots.some((slot) => (slot.date !== null ? slot.date === date : slot.weekday === weekday));
}
