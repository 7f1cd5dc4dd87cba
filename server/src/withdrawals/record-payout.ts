// The gateway's answer to a withdrawal's or a staff refund's payout, recorded under the order's lock: the
// refund once (its gateway id), its amount counted on the payment once, and whether the gateway had already
// reported that refund failed (D566).
import { failedLaterError, gaveNothingBack, insertRefund } from "../checkout/index.ts";
import type { Tx } from "../db/index.ts";
import type { GatewayName } from "../payments/index.ts";
import { addRefundedCents, findRefundByGatewayId } from "./withdrawals.repository.ts";

/** What the payout came to, as the withdrawal's or staff refund's row takes it. */
export type Payout =
  | { state: "completed"; values: { refundState: "completed"; refundId: number | null; refundedAt: Date } }
  | { state: "failed"; values: { refundState: "failed"; refundId: number; lastError: string } };

export async function recordPayout(
  tx: Tx,
  payment: { id: number; gateway: GatewayName },
  answer: { id: string; status: string },
  cents: number,
  reason: "staff" | "withdrawal",
  now: Date,
): Promise<Payout> {
  // A webhook may have recorded this refund already (and counted it on the payment): then the insert
  // does nothing and the amount is not counted twice.
  const inserted = await insertRefund(tx, {
    paymentId: payment.id,
    gatewayRefundId: answer.id,
    amountCents: cents,
    reason,
    status: answer.status,
  });
  if (inserted) await addRefundedCents(tx, payment.id, cents);
  const recorded = await findRefundByGatewayId(tx, answer.id);
  // Reported failed before the shop recorded its answer: its try was answered with that refund again.
  if (!inserted && gaveNothingBack(recorded?.status)) {
    const lastError = failedLaterError(payment.gateway, null, recorded?.status);
    return { state: "failed", values: { refundState: "failed", refundId: recorded.id, lastError } };
  }
  return {
    state: "completed",
    values: { refundState: "completed", refundId: recorded?.id ?? null, refundedAt: now },
  };
}
