// The gateway's answer to a withdrawal's or a staff refund's payout, recorded under the order's lock: the
// refund once (its gateway id), its amount counted on the payment once, and whether the gateway had already
// reported that refund failed (D566).
import { FAILED, failedLaterError, insertRefund } from "../checkout/index.ts";
import type { Tx } from "../db/index.ts";
import type { GatewayName } from "../payments/index.ts";
import { addRefundedCents, findRefundByGatewayId } from "./withdrawals.repository.ts";

/** What the payout came to: the recorded refund, and the failure to note when it gave nothing back. */
export type Payout = { refundId: number | null; failedLater: string | null };

export async function recordPayout(
  tx: Tx,
  payment: { id: number; gateway: GatewayName },
  answer: { id: string; status: string },
  cents: number,
  reason: "staff" | "withdrawal",
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
  if (!inserted && recorded?.status === FAILED)
    return { refundId: recorded.id, failedLater: failedLaterError(payment.gateway, null) };
  return { refundId: recorded?.id ?? null, failedLater: null };
}
