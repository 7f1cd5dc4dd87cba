import { z } from "zod";
import type { ProductType } from "./catalogue.ts";
import { nextWorkingDay } from "./rules/berlin-holidays.ts";
import { LocaleQuerySchema } from "./rules/locale.ts";
import { PathIdSchema } from "./rules/path-id.ts";

/**
 * The right of withdrawal (§ 355, § 356a BGB) per product type, decision D54, and the shapes of the
 * withdrawal calls (D75). One rule for the checkout's withdrawal information, the profile and the server.
 */

/**
 * Courses (subscriptions, meeting cards), academies' weeks and gift cards carry the 14-day right of
 * withdrawal; workshops, events, birthday parties and school or special offers are leisure services on a
 * fixed date and exempt (§ 312g(2) Nr. 9 BGB).
 */
export const WITHDRAWABLE_TYPES: readonly ProductType[] = ["Course", "Academy", "GiftCard"];

export function hasWithdrawalRight(type: ProductType): boolean {
  return WITHDRAWABLE_TYPES.includes(type);
}

/**
 * Types whose service may begin within the withdrawal period if the parent asks for it (§ 356(4) BGB): the
 * checkout asks for that request, and a withdrawal after the start keeps what was held (`pro_rata`, D76).
 */
export const EARLY_START_TYPES: readonly ProductType[] = ["Course", "Academy"];

/** The period in days; it starts the day after the contract's conclusion (the payment), § 187(1) BGB. */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/**
 * The last day (Berlin, `YYYY-MM-DD`) on which a contract concluded on `paidOn` may be withdrawn: the 14th
 * day after, moved to the next working day when it is a Saturday, a Sunday or a Berlin holiday (§ 193 BGB,
 * D532).
 */
export function withdrawalDeadline(paidOn: string): string {
  const date = new Date(`${paidOn}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + WITHDRAWAL_PERIOD_DAYS);
  return nextWorkingDay(date.toISOString().slice(0, 10));
}

/**
 * How the refund of a withdrawal is computed (D76): `full` (nothing rendered yet), `pro_rata` (a course or
 * academy that started at the parent's express request: what was held is kept), `gift_card_balance` (a
 * gift card refunds what is left on it).
 */
export const REFUND_BASES = ["full", "pro_rata", "gift_card_balance"] as const;
export type RefundBasis = (typeof REFUND_BASES)[number];

/**
 * The last Berlin day (`YYYY-MM-DD`) on which a booking of a workshop or event on `sessionOn` may be
 * cancelled with a full refund under the offer's policy of `daysBefore` days (D142): "bis 7 Tage vor dem
 * Termin" on a date of 13 February is 6 February.
 */
export function refundPolicyDeadline(sessionOn: string, daysBefore: number): string {
  const date = new Date(`${sessionOn}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysBefore);
  return date.toISOString().slice(0, 10);
}

/** Why an item cannot be withdrawn (null when it can); `policy_over`: the offer's refund policy has passed (D142). */
export const WITHDRAWAL_BLOCKS = [
  "no_right",
  "not_active",
  "period_over",
  "policy_over",
  "already_withdrawn",
  "nothing_left",
] as const;
export type WithdrawalBlock = (typeof WITHDRAWAL_BLOCKS)[number];

/**
 * What a recorded withdrawal was (D179): `withdrawal`, the statutory right (§ 355 BGB), or `cancellation`,
 * a workshop's or event's free cancellation under its refund policy (D142). The profile and the mails word
 * them apart: "Widerruf" / «отказ от договора» against "Stornierung" / «отмена».
 */
export const WITHDRAWAL_KINDS = ["withdrawal", "cancellation"] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];

/** A type without the statutory right is withdrawn only under its offer's refund policy (`withdrawalWindow`). */
export function withdrawalKindOf(type: ProductType): WithdrawalKind {
  return hasWithdrawalRight(type) ? "withdrawal" : "cancellation";
}

/** Where the money of a recorded withdrawal stands. */
export const REFUND_STATES = ["pending", "completed", "failed", "none"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const WithdrawalRecordSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WITHDRAWAL_KINDS),
  created_at: z.string(),
  refund_cents: z.number().int(),
  /**
   * The part of `refund_cents` given back onto the gift card that paid it, at once (D494); `refund_state`
   * is the rest's, through the payment service (D579).
   */
  gift_card_cents: z.number().int(),
  refund_state: z.enum(REFUND_STATES),
  refunded_at: z.string().nullable(),
  credit_note_number: z.string().nullable(),
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecordSchema>;

/** `GET /api/v2/orders/items/{id}/withdrawal/`: can it be withdrawn, until when, what comes back. */
export const WithdrawalSchema = z.object({
  item: z.number().int(),
  can_withdraw: z.boolean(),
  blocked_by: z.enum(WITHDRAWAL_BLOCKS).nullable(),
  /** The last day of the period (Berlin), null for an item without the right. */
  deadline: z.string().nullable(),
  paid_cents: z.number().int(),
  /** What a withdrawal now would refund. */
  refund_cents: z.number().int(),
  basis: z.enum(REFUND_BASES),
  withdrawal: WithdrawalRecordSchema.nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const ItemParamsSchema = z.object({ id: PathIdSchema });
export const OrderParamsSchema = z.object({ id: PathIdSchema });
export const VisitorParamsSchema = z.object({ id: PathIdSchema });

/** `GET /api/v2/invoices/{number}.pdf`: RE-2026-000001 or GS-2026-000001. */
export const InvoiceNumberParamsSchema = z.object({
  number: z.string().regex(/^[A-Z]{2}-\d{4}-\d{6}$/, { error: "invalid" }),
});

export const WithdrawalQuerySchema = LocaleQuerySchema;

/**
 * The one rule of whether an item may be withdrawn today (Berlin day `today`) and until when; the gift
 * card's balance (`nothing_left`) is the server's to add, it is not part of the history's facts.
 */
export function withdrawalWindow(
  facts: {
    productType: ProductType;
    orderStatus: string;
    itemStatus: string;
    /** The Berlin day the order was paid (the contract's conclusion); null if unpaid. */
    paidOn: string | null;
    withdrawn: boolean;
    /**
     * A workshop's or event's refund policy (D142): full refund up to `daysBefore` days before the booked
     * date `sessionOn` (its first date). Without it, or for types with the statutory right, nothing changes.
     */
    refundPolicy?: { daysBefore: number | null; sessionOn: string | null } | undefined;
  },
  today: string,
): { block: WithdrawalBlock | null; deadline: string | null } {
  const policy = facts.refundPolicy;
  if (
    !hasWithdrawalRight(facts.productType) &&
    policy?.daysBefore != null &&
    policy.sessionOn !== null &&
    facts.paidOn !== null
  ) {
    const deadline = refundPolicyDeadline(policy.sessionOn, policy.daysBefore);
    let block: WithdrawalBlock | null = null;
    if (facts.withdrawn) block = "already_withdrawn";
    else if (facts.orderStatus !== "paid" || facts.itemStatus !== "active") block = "not_active";
    else if (today > deadline) block = "policy_over";
    return { block, deadline };
  }
  const deadline =
    hasWithdrawalRight(facts.productType) && facts.paidOn ? withdrawalDeadline(facts.paidOn) : null;
  let block: WithdrawalBlock | null = null;
  if (facts.withdrawn) block = "already_withdrawn";
  else if (!hasWithdrawalRight(facts.productType)) block = "no_right";
  else if (facts.orderStatus !== "paid" || facts.itemStatus !== "active") block = "not_active";
  else if (!deadline || today > deadline) block = "period_over";
  return { block, deadline };
}
