import { z } from "zod";
import { EmailSchema } from "./rules/email.ts";
import { NameSchema } from "./rules/name.ts";
import { PhoneSchema } from "./rules/phone.ts";

/** Contact forms (`POST /api/v2/contact_us/appointment/`, `/callback/`, `/partnership/`). */

export const CONTACT_TEXT_MAX_LENGTH = 2000;
export const CONTACT_POSITION_MAX_LENGTH = 64;
/** The school's time zone: "today" for an appointment date is Berlin's today. */
export const SCHOOL_TIME_ZONE = "Europe/Berlin";

export const CONTACT_REQUEST_KINDS = ["appointment", "callback", "partnership"] as const;
export type ContactRequestKind = (typeof CONTACT_REQUEST_KINDS)[number];

/** Today's date in Berlin as YYYY-MM-DD. */
export function todayInBerlin(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: SCHOOL_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const OptionalTextSchema = z
  .string({ error: "invalid_type" })
  .trim()
  .max(CONTACT_TEXT_MAX_LENGTH, { error: "too_long" })
  .optional()
  .default("");

/** An ISO date (YYYY-MM-DD), today or later in Berlin. */
export const AppointmentDateSchema = z
  .string({ error: "required" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_date", abort: true })
  .refine(isRealDate, { error: "invalid_date", abort: true })
  .refine((value) => value >= todayInBerlin(), { error: "date_in_past" });

const ContactBaseSchema = z.object({
  first_name: NameSchema,
  last_name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
});

export const ContactAppointmentSchema = ContactBaseSchema.extend({
  comment: OptionalTextSchema,
  appointment_date: AppointmentDateSchema,
});
export type ContactAppointment = z.infer<typeof ContactAppointmentSchema>;
export type ContactAppointmentInput = z.input<typeof ContactAppointmentSchema>;

export const ContactCallbackSchema = ContactBaseSchema.extend({ comment: OptionalTextSchema });
export type ContactCallback = z.infer<typeof ContactCallbackSchema>;
export type ContactCallbackInput = z.input<typeof ContactCallbackSchema>;

export const ContactPartnershipSchema = ContactBaseSchema.extend({
  message: OptionalTextSchema,
  position: z
    .string({ error: "invalid_type" })
    .trim()
    .max(CONTACT_POSITION_MAX_LENGTH, { error: "too_long" })
    .optional()
    .default(""),
});
export type ContactPartnership = z.infer<typeof ContactPartnershipSchema>;
export type ContactPartnershipInput = z.input<typeof ContactPartnershipSchema>;

/** 201 reply: the stored request's id. */
export const ContactCreatedSchema = z.object({ id: z.number().int() });
export type ContactCreated = z.infer<typeof ContactCreatedSchema>;

/** At most this many contact-form posts per client IP and minute (429 with Retry-After beyond). */
export const CONTACT_RATE_LIMIT_PER_MINUTE = 5;
