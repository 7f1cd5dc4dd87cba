import type { AuditArea, PaymentDisputeState } from "@atelier/contract";
import { z } from "zod";
import type { Db, Tx } from "../db/index.ts";
import { centsOf } from "../payments/index.ts";
import { findOrder } from "./checkout.repository.ts";
import {
  findDisputeLocked,
  heldOf,
  insertDispute,
  type PaymentDisputeRow,
  paymentOfCapture,
  type ReportedDispute,
  takenOfPayment,
  updateDispute,
} from "./disputes.repository.ts";
import { refundOf } from "./gateway-refunds.ts";

/**
 * Disputes and reversals of captured payments: a card payment disputed at Stripe, a PayPal dispute, a
 * PayPal capture reversed. The gateway's signed event is recorded against the payment it names, once per
 * case, and written to the audit log; the order then needs attention in the back office until the case is
 * won or staff decide on a lost one. Nothing is cancelled, refunded or credited here: staff decide.
 */

/** The back office's audit write (D98), handed down by the wiring: checkout sits below the admin area. */
export type DisputeAudit = (
  tx: Tx,
  entry: {
    userId: null;
    userEmail: string;
    resource: AuditArea;
    recordId: number;
    action: "create" | "update";
    before: unknown;
    after: unknown;
  },
) => Promise<void>;

/** The audit log names the gateway as the one who wrote the case. */
const ACTOR = { stripe: "Stripe (webhook)", paypal: "PayPal (webhook)", demo: "demo" } as const;

const auditValues = (row: Pick<PaymentDisputeRow, "state" | "amountCents" | "takenCents" | "reason">) => ({
  state: row.state,
  amount_cents: row.amountCents,
  taken_cents: row.takenCents,
  reason: row.reason,
});

/** A won or lost case stays so: a late `created` or `updated` event delivered after `closed` changes nothing. */
const isClosed = (state: PaymentDisputeState) => state !== "open";

/**
 * Records a case once per gateway id; a later report moves it on (open → won or lost), never back. Answers
 * `unknown_payment` when no payment of the shop has the capture (another integration's, a subscription
 * month's): the caller keeps the event for staff as unmatched.
 */
export async function recordDispute(
  db: Db,
  audit: DisputeAudit,
  reported: ReportedDispute,
): Promise<"recorded" | "unchanged" | "unknown_payment"> {
  return db.transaction(async (tx) => {
    const payment = await paymentOfCapture(tx, reported.gateway, reported.captureId);
    if (!payment) return "unknown_payment";
    // The order's row before the case's, as every writer of an order's money takes them (D502): the
    // trigger that counts what was taken back writes the order.
    await findOrder(tx, payment.orderId, true);
    const before = await findDisputeLocked(tx, reported.gateway, reported.disputeId);
    const amountCents = Math.min(Math.max(0, reported.amountCents), payment.amountCents);
    // Never more than the payment still holds beside this case: two reports of one reversal, or a reversal
    // of money already refunded, do not count the same money twice (what is taken back ≤ what was paid).
    const held = heldOf(payment, await takenOfPayment(tx, payment.id, before?.id));
    const taken = reported.state === "lost" && reported.takesMoneyWhenLost ? Math.min(amountCents, held) : 0;
    const closedAt = isClosed(reported.state) ? new Date() : null;
    const entry = { userId: null, userEmail: ACTOR[reported.gateway], resource: "payment_disputes" as const };
    const fresh = {
      paymentId: payment.id,
      gateway: reported.gateway,
      disputeId: reported.disputeId,
      kind: reported.kind,
      state: reported.state,
      amountCents,
      takenCents: taken,
      reason: reported.reason,
      closedAt,
    };
    if (!before && (await insertDispute(tx, fresh))) {
      const row = await findDisputeLocked(tx, reported.gateway, reported.disputeId);
      if (row)
        await audit(tx, {
          ...entry,
          recordId: row.id,
          action: "create",
          before: null,
          after: auditValues(row),
        });
      return "recorded";
    }
    const row = before ?? (await findDisputeLocked(tx, reported.gateway, reported.disputeId));
    if (!row) return "unchanged";
    // Events come in any order and again: a closed case is final, an open one only moves to closed.
    if (isClosed(row.state) || (row.state === reported.state && row.amountCents === amountCents))
      return "unchanged";
    const change = {
      state: reported.state,
      takenCents: taken,
      amountCents,
      reason: reported.reason || row.reason,
      closedAt,
    };
    await updateDispute(tx, row.id, change);
    await audit(tx, {
      ...entry,
      recordId: row.id,
      action: "update",
      before: auditValues(row),
      after: auditValues({ ...row, ...change }),
    });
    return "recorded";
  });
}

/** Stripe's Dispute object as `charge.dispute.*` events carry it (the part we read). */
const StripeDisputeSchema = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal("dispute"),
  amount: z.number().int().nonnegative(),
  payment_intent: z.string().min(1).max(255).nullable().optional(),
  reason: z.string().max(255).nullable().optional(),
  status: z.string().max(64),
});

/** Stripe's events about a dispute; each carries the dispute as it is now. */
export const STRIPE_DISPUTE_EVENTS = new Set([
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.funds_reinstated",
]);

/**
 * A Stripe dispute's status as the shop reads it: `won` (and an inquiry closed without a chargeback,
 * `warning_closed`, or one `prevented`) keeps the money, `lost` loses it, everything else still runs.
 */
function stripeState(status: string): PaymentDisputeState {
  if (status === "lost") return "lost";
  if (status === "won" || status === "warning_closed" || status === "prevented") return "won";
  return "open";
}

/** The case a Stripe dispute event reports, or undefined when it names no payment intent. */
export function stripeDisputeOf(object: unknown): ReportedDispute | undefined {
  const parsed = StripeDisputeSchema.safeParse(object);
  if (!parsed.success || !parsed.data.payment_intent) return undefined;
  const dispute = parsed.data;
  return {
    gateway: "stripe",
    disputeId: dispute.id,
    captureId: dispute.payment_intent as string,
    kind: "dispute",
    state: stripeState(dispute.status),
    amountCents: dispute.amount,
    reason: dispute.reason ?? "",
    takesMoneyWhenLost: true,
  };
}

/** PayPal's dispute events (Customer Disputes API, resource version 1.1). */
export const PAYPAL_DISPUTE_EVENTS = [
  "CUSTOMER.DISPUTE.CREATED",
  "CUSTOMER.DISPUTE.UPDATED",
  "CUSTOMER.DISPUTE.RESOLVED",
];
export const PAYPAL_REVERSAL_EVENT = "PAYMENT.CAPTURE.REVERSED";

const PayPalDisputeSchema = z.looseObject({
  dispute_id: z.string().min(1).max(255),
  reason: z.string().max(255).optional(),
  status: z.string().max(64).optional(),
  dispute_amount: z.looseObject({ value: z.string().max(32).optional() }).optional(),
  disputed_transactions: z
    .array(z.looseObject({ seller_transaction_id: z.string().min(1).max(255).optional() }))
    .optional(),
  dispute_outcome: z.looseObject({ outcome_code: z.string().max(64).optional() }).optional(),
});

/**
 * Outcomes of a resolved PayPal dispute (`dispute_outcome.outcome_code`) in which the buyer has the money
 * back at the seller's cost: decided for the buyer, or accepted by the seller. In `RESOLVED_WITH_PAYOUT`
 * PayPal paid the buyer from its own funds, so the school keeps the money, as in a case decided for it.
 */
const BUYER_KEEPS = new Set(["RESOLVED_BUYER_FAVOUR", "ACCEPTED"]);

/**
 * The case a PayPal dispute event reports (its first disputed transaction is the capture), or undefined.
 * A lost PayPal dispute moves no money here: PayPal takes it by a reversal or a refund, whose own events
 * count it, so a lost dispute followed by its reversal is not counted twice.
 */
export function payPalDisputeOf(resource: unknown): ReportedDispute | undefined {
  const parsed = PayPalDisputeSchema.safeParse(resource);
  const captureId = parsed.data?.disputed_transactions?.[0]?.seller_transaction_id;
  if (!parsed.success || !captureId) return undefined;
  const dispute = parsed.data;
  const outcome = dispute.dispute_outcome?.outcome_code ?? "";
  const state: PaymentDisputeState =
    dispute.status !== "RESOLVED" ? "open" : BUYER_KEEPS.has(outcome) ? "lost" : "won";
  return {
    gateway: "paypal",
    disputeId: dispute.dispute_id,
    captureId,
    kind: "dispute",
    state,
    amountCents: centsOf(dispute.dispute_amount?.value),
    reason: dispute.reason ?? "",
    takesMoneyWhenLost: false,
  };
}

/**
 * The case a PayPal capture reversal reports: money taken back at once. PayPal sends it as a refund
 * resource whose "up" link names the capture; a resource that is the capture itself, `REVERSED`, is read
 * too (one reversal per capture then).
 */
export function payPalReversalOf(resource: Parameters<typeof refundOf>[0]): ReportedDispute | undefined {
  const reversal = refundOf(resource);
  const captureId = reversal?.captureId ?? (resource?.status === "REVERSED" ? resource.id : undefined);
  if (!captureId) return undefined;
  return {
    gateway: "paypal",
    disputeId: reversal?.id ?? `reversal-${captureId}`,
    captureId,
    kind: "reversal",
    state: "lost",
    amountCents: Math.abs(reversal?.amountCents ?? centsOf(resource?.amount?.value)),
    reason: "",
    takesMoneyWhenLost: true,
  };
}
