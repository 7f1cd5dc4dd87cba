import { z } from "zod";
import { UserAddressSchema } from "./accounts.ts";
import { HistorySchema } from "./history.ts";

/**
 * A family's data as the shop holds it (Art. 15 and 20 GDPR, D560): the parent downloads it from the
 * profile, staff from the person's page. Machine-readable, one JSON file; dates ISO, money in cents. What
 * only the school's staff see of the family (the team's notes on a child) is in it too; capability-like
 * values (tokens, gift card codes, mail bodies with their links) are not.
 */
export const DataExportSchema = z.object({
  exported_at: z.string(),
  account: z.object({
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
    ...UserAddressSchema.shape,
    locale: z.string(),
    email_verified: z.boolean(),
    created_at: z.string(),
    /** Confirmed addresses the account moved off (D577), newest first, each with when (D580). */
    previous_emails: z.array(z.object({ email: z.string(), until: z.string() })),
  }),
  children: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      birth_date: z.string(),
      /** The team's notes (allergies, who fetches the child), as staff wrote them. */
      notes: z.string(),
    }),
  ),
  /** Every paid, refunded or cancelled booking, as the profile's history shows it. */
  purchases: HistorySchema,
  /** Each order with what was given for it: the billing data and the payer's name at the gateway. */
  orders: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      billing: z.record(z.string(), z.unknown()).nullable(),
      payer_first_name: z.string().nullable(),
      payer_last_name: z.string().nullable(),
      total_cents: z.number().int(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
  /** Each lesson date a child was checked in, marked absent by staff, or reported absent by the parent. */
  attendance: z.array(
    z.object({
      item: z.number().int(),
      date: z.string(),
      record: z.enum(["checked_in", "absent_marked_by_staff", "absence_reported"]),
      at: z.string(),
    }),
  ),
  /** Make-up lessons: each credit (for an absence or a lesson the school cancelled) and the lesson it booked. */
  makeups: z.array(
    z.object({
      item: z.number().int(),
      reason: z.string(),
      for_date: z.string(),
      expires_on: z.string(),
      used_at: z.string().nullable(),
      booked_date: z.string().nullable(),
      booking_cancelled_at: z.string().nullable(),
    }),
  ),
  /** Gift cards the parent bought, without their codes (a code pays: it stays on the card's PDF). */
  gift_cards: z.array(
    z.object({
      initial_cents: z.number().int(),
      balance_cents: z.number().int(),
      recipient_name: z.string().nullable(),
      message: z.string(),
      expires_at: z.string().nullable(),
      bought_at: z.string(),
    }),
  ),
  waiting_list: z.array(
    z.object({
      offer: z.string(),
      child: z.number().int(),
      status: z.string(),
      joined_at: z.string(),
      offered_at: z.string().nullable(),
      accepted_at: z.string().nullable(),
    }),
  ),
  visit_requests: z.array(
    z.object({
      kind: z.string(),
      offer: z.string(),
      status: z.string(),
      date: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  party_requests: z.array(
    z.object({
      offer: z.string(),
      dates: z.array(z.string()),
      children_count: z.number().int(),
      ages: z.array(z.number()),
      comment: z.string(),
      status: z.string(),
      confirmed_date: z.string().nullable(),
      declined_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  contract_cancellations: z.array(
    z.object({
      contract: z.string(),
      name: z.string(),
      email: z.string(),
      kind: z.string(),
      reason: z.string(),
      requested_end: z.string(),
      declared_at: z.string(),
    }),
  ),
  contact_requests: z.array(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      phone: z.string(),
      message: z.string(),
      comment: z.string(),
      created_at: z.string(),
    }),
  ),
  /** The mails the shop sent to the account's address: subject and when, not their text (its links still work). */
  mails: z.array(z.object({ subject: z.string(), created_at: z.string(), sent_at: z.string().nullable() })),
});
export type DataExport = z.infer<typeof DataExportSchema>;
