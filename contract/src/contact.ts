import { z } from "zod";
import { isRealDate, todayInBerlin } from "./rules/dates.ts";
import { EmailSchema } from "./rules/email.ts";
import { NameSchema } from "./rules/name.ts";
import { isOneLine, ONE_LINE } from "./rules/one-line.ts";
import { PhoneSchema } from "./rules/phone.ts";
import { visitDayOf } from "./rules/picked-day.ts";

/** Contact forms (`POST /api/v2/contact_us/appointment/`, `/callback/`, `/partnership/`). */

export const CONTACT_TEXT_MAX_LENGTH = 2000;
export const CONTACT_POSITION_MAX_LENGTH = 64;

export const CONTACT_REQUEST_KINDS = ["appointment", "callback", "partnership"] as const;
export type ContactRequestKind = (typeof CONTACT_REQUEST_KINDS)[number];

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
  /**
   * A day, or the timestamp the existing client's date picker makes of it, read as a visit request's day is
   * (D628): its visit requests send "2026-12-20T23:00:00.000Z" for 21 December in Berlin.
   */
  appointment_date: z.string({ error: "required" }).trim().transform(visitDayOf).pipe(AppointmentDateSchema),
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
    .refine(isOneLine, ONE_LINE)
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
