import { z } from "zod";
import { PAYMENT_GATEWAYS } from "./checkout.ts";
import { IdSchema } from "./orders.ts";
import { NAME_MAX_LENGTH } from "./rules/constants.ts";
import { isIsoDate } from "./rules/dates.ts";
import { EmailSchema } from "./rules/email.ts";
import { LocaleQuerySchema } from "./rules/locale.ts";
import { PathIdSchema } from "./rules/path-id.ts";

/**
 * Monthly course subscriptions after checkout (issue #9, D72–D74): autopay through a PayPal subscription
 * (`POST /api/v2/orders/subscriptions/{id}/make_recurring/`), a one-off payment for the next month without
 * it, cancellation at the end of the paid month (`PATCH /api/v2/orders/items/{id}/cancel/`) and the
 * § 312k BGB cancellation page that needs no sign-in.
 */

/** Days before the paid month ends when a subscription without autopay offers paying the next one. */
export const RENEWAL_NOTICE_DAYS = 7;

/** The same day one month later (the 31st becomes the last day of a shorter month), in UTC. */
export function addMonth(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/** A school holiday of a course (D74): first and last day, ISO dates, both inclusive. */
export type SubscriptionPause = { startsOn: string; endsOn: string };

const DAY_MS = 86_400_000;

/**
 * The end of a paid month that starts at `start`: one month later, plus every paused day from `start`
 * on that falls before the (growing) end, so a month of lessons is a month of lessons (D74).
 */
export function paidMonthEnd(start: Date, pauses: readonly SubscriptionPause[]): Date {
  let end = addMonth(start).getTime();
  const sorted = [...pauses].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  for (const pause of sorted) {
    const from = Math.max(Date.parse(`${pause.startsOn}T00:00:00Z`), start.getTime());
    const to = Date.parse(`${pause.endsOn}T00:00:00Z`) + DAY_MS;
    if (from < end && to > from) end += to - from;
  }
  return new Date(end);
}

/**
 * Contract numbers (D91) are random, not derived from ids, because the § 312k page cancels by number
 * without a password: 12 characters of Crockford's base 32 (no I, L, O, U, so a number read from paper
 * is not misread), 60 random bits, shown in groups of four: "K7QM-3XHD-9PRA". The database draws them
 * (the subscription row's default, db/schema/subscriptions.ts).
 */
export const CONTRACT_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CONTRACT_NUMBER_LENGTH = 12;
const CONTRACT_NUMBER_GROUP = 4;
const CONTRACT_NUMBER_RE = new RegExp(`^[${CONTRACT_NUMBER_ALPHABET}]{${CONTRACT_NUMBER_LENGTH}}$`);

/**
 * A contract number as typed ("k7qm 3xhd 9pra", "K7QM-3XHD-9PRA", an O for a zero) in its stored form,
 * or null when it cannot be one (an old-style "1234-56" included: those named contracts by their ids).
 */
export function normalizeContractNumber(value: string): string | null {
  const compact = value
    .toUpperCase()
    .replace(/[\s\-–]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (!CONTRACT_NUMBER_RE.test(compact)) return null;
  const groups: string[] = [];
  for (let at = 0; at < compact.length; at += CONTRACT_NUMBER_GROUP)
    groups.push(compact.slice(at, at + CONTRACT_NUMBER_GROUP));
  return groups.join("-");
}

/**
 * `make_recurring/?payment_gateway=`: PayPal's buttons (the default, the existing client's call) or Stripe
 * Checkout in subscription mode for card or SEPA (D115); without Stripe keys `stripe` is served as `paypal`.
 */
export const MakeRecurringQuerySchema = LocaleQuerySchema.extend({
  payment_gateway: z.enum(PAYMENT_GATEWAYS, { error: "invalid_choice" }).default("paypal"),
});
export type MakeRecurringQuery = z.infer<typeof MakeRecurringQuerySchema>;

/** PayPal: the subscription id its buttons approve. Stripe: also `url`, its Checkout page to go to. */
export const MakeRecurringReplySchema = z.object({ id: z.string(), url: z.string().optional() });
export type MakeRecurringReply = z.infer<typeof MakeRecurringReplySchema>;

export const CANCEL_REASON_MAX_LENGTH = 1000;
const ReasonSchema = z.string().trim().max(CANCEL_REASON_MAX_LENGTH, { error: "too_long" });

/** The existing client sends no body; ours may send a reason. */
export const ItemCancelBodySchema = z
  .object({ reason: ReasonSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});

export const ItemCancelReplySchema = z.object({
  id: z.number().int(),
  /** When the subscription ends: the end of the paid month (ISO timestamp). */
  ends_at: z.string(),
  /** When the cancellation was received (ISO timestamp). */
  cancelled_at: z.string(),
  /** The last day it runs (Berlin, YYYY-MM-DD, D121): what "endet am" shows. */
  ends_on: z.string(),
});
export type ItemCancelReply = z.infer<typeof ItemCancelReplySchema>;

export const CANCELLATION_KINDS = ["ordinary", "extraordinary"] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];

/** At most this many cancellations per client address and minute on the public page. */
export const CONTRACT_CANCEL_RATE_LIMIT_PER_MINUTE = 5;

/**
 * The § 312k page's form. A signed-in parent picks the contract (`item`); anyone else names it by its
 * contract or order number and the e-mail address of the account or the order (D73).
 */
export const ContractCancelRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "required" })
    .max(2 * NAME_MAX_LENGTH + 1, { error: "too_long" }),
  email: EmailSchema,
  contract: z.string().trim().min(1, { error: "required" }).max(40, { error: "invalid" }),
  item: IdSchema.optional(),
  kind: z.enum(CANCELLATION_KINDS, { error: "invalid_choice" }),
  reason: ReasonSchema.default(""),
  /** "next_possible" or a date (YYYY-MM-DD) the parent wishes. */
  end: z.union([z.literal("next_possible"), z.string().refine(isIsoDate, { error: "invalid_date" })], {
    error: "invalid_date",
  }),
});
export type ContractCancelRequest = z.infer<typeof ContractCancelRequestSchema>;
export type ContractCancelInput = z.input<typeof ContractCancelRequestSchema>;

export const ContractCancelReplySchema = z.object({
  /** When the declaration was received (ISO timestamp), as the confirmation mail states it. */
  received_at: z.string(),
  /** Where the confirmation goes. */
  email: z.string(),
});
export type ContractCancelReply = z.infer<typeof ContractCancelReplySchema>;

/** A running subscription of the signed-in parent, to pick on the cancellation page. */
export const CancellableContractSchema = z.object({
  item: z.number().int(),
  contract_number: z.string(),
  name: z.string(),
  visitor_name: z.string().nullable(),
  paid_until: z.string(),
  ends_at: z.string().nullable(),
  /** The last paid day (Berlin, YYYY-MM-DD, D121). */
  paid_through: z.string(),
});
export type CancellableContract = z.infer<typeof CancellableContractSchema>;
export const CancellableContractsSchema = z.array(CancellableContractSchema);

export const SubscriptionItemParamsSchema = z.object({ id: PathIdSchema });

/** PayPal sends the buyer back with `?token=<order id>&PayerID=…`. */
export const RenewalReturnQuerySchema = z.object({
  token: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, { error: "invalid" }),
  PayerID: z.string().max(64).optional(),
});

/** The random token of a "pay the next month" link. */
export const RenewalPayQuerySchema = z.object({
  token: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: "invalid" }),
});
