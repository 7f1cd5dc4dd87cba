import type { Json, StandInPaymentIntent, StripeStore } from "./store.ts";

/**
 * Disputes of a paid session's charge as Stripe's `charge.dispute.*` events carry them: the cardholder's
 * bank disputes the payment (`needs_response`), Stripe decides (`won`, `lost`). One dispute per charge, as
 * at Stripe, so each event of a case names the same dispute id.
 */

export type StandInDisputeStatus =
  | "warning_needs_response"
  | "warning_under_review"
  | "warning_closed"
  | "needs_response"
  | "under_review"
  | "won"
  | "lost";

const disputeIds = new WeakMap<StandInPaymentIntent, string>();

export function disputeObject(
  store: StripeStore,
  intent: StandInPaymentIntent,
  status: StandInDisputeStatus,
  amount = intent.amount - intent.refunded,
  reason = "fraudulent",
): Json {
  let id = disputeIds.get(intent);
  if (!id) {
    id = store.nextId("du");
    disputeIds.set(intent, id);
  }
  return {
    id,
    object: "dispute",
    amount,
    currency: "eur",
    charge: intent.chargeId,
    payment_intent: intent.id,
    reason,
    status,
    is_charge_refundable: false,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    evidence_details: {
      due_by: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    metadata: {},
  };
}
