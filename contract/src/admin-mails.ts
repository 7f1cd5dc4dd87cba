import { z } from "zod";
import { MAIL_STATUSES } from "./labels.ts";

/**
 * The back office's list of the mail outbox (every mail the shop wrote, D15): where each went, what it was
 * and how its sending went. Never its text: a password reset's or an address's link in it signs in or
 * confirms for whoever reads it, and an order's or a gift card's carries codes that pay or open the door.
 */

/** What a mail is: the outbox's template names, each with its words in the labels. */
export const MAIL_KINDS = [
  "verify-email",
  "password-reset",
  "email-change",
  "email-changed",
  "contact-request",
  "contact-confirmation",
  "order-confirmation",
  "refund-notice",
  "refund-failed",
  "gift-card",
  "visit-request-confirmation",
  "visit-request-notification",
  "visit-request-confirmed",
  "visit-request-message",
  "waiting-list-offer",
  "waiting-list-joined",
  "withdrawal-confirmation",
  "contract-cancellation",
  "staff-notice",
  "staff-refund",
  "payment-link",
  "party-request-notification",
  "party-request-received",
  "party-declined",
  "booking-moved",
  "waiting-list-removed",
  "waiting-list-offer-withdrawn",
  "lesson-cancelled",
  "lesson-reminder",
  "renewal-due",
  "contract-ended",
  "month-paid",
] as const;

/**
 * Why the last attempt failed, in classes staff can act on: the mail server's own words may name the
 * server, its login or the address, and are for the log, not the screen.
 */
export const MAIL_FAILURES = [
  "unreachable",
  "login_refused",
  "address_refused",
  "deferred",
  "unclassified",
] as const;
export type MailFailure = (typeof MAIL_FAILURES)[number];

export const AdminMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** One of MAIL_KINDS; an older server's template shows as it is. */
  template: z.string(),
  locale: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** Why the last attempt failed, as a class; null when none failed (or its words were cleared, D563). */
  failure: z.enum(MAIL_FAILURES).nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** When the worker tries it next (a waiting mail), or the day it waits for (a gift card's). */
  next_attempt_at: z.string().nullable(),
  /** Its text is no longer kept (D563): it cannot be sent again. */
  texts_cleared: z.boolean(),
});
export type AdminMail = z.infer<typeof AdminMailSchema>;
export const AdminMailListSchema = z.array(AdminMailSchema);
