// Paying out a recorded staff refund (D127) through the gateway: outside any lock, its request id derived
// from the staff request's so a retry refunds once, and bounded tries (D90) before a person takes over.
import type { RefundState } from "@atelier/contract";
import { REFUND_ATTEMPTS, refundIdInRound, refuseAnswerWithoutMoney } from "../checkout/index.ts";
import { GatewayError, type GatewayRefund } from "../payments/index.ts";
import { recordPayout } from "./record-payout.ts";
import { countFailedTry, tellFamilyRefundFailed } from "./refund-failed-notice.ts";
import { countFailedStaffRefundTry, findStaffRefund, updateStaffRefund } from "./staff-refunds.repository.ts";
import { stateOf, type WithdrawalsContext } from "./withdrawals.deps.ts";
import { findCapturedPayment, lockOrder } from "./withdrawals.repository.ts";

/**
 * Sends a staff refund to the gateway (no lock held during the call), its request id derived from the
 * staff request's, so a retry refunds once. Any refusal counts as a try; after `REFUND_ATTEMPTS` tries the
 * refund is `failed` and listed for a person (D90), never retried forever.
 */
export async function refundStaff(ctx: WithdrawalsContext, id: number): Promise<RefundState> {
  const { db, gateway, log } = ctx;
  const row = await findStaffRefund(db, id);
  if (row?.refundState !== "pending") return stateOf(row);
  const payment = row.paymentId ? await findCapturedPayment(db, row.orderId, row.paymentId) : undefined;
  if (!payment?.captureId) {
    const lastError = "no captured payment";
    await countFailedTry(
      ctx,
      { table: "staff_refunds", row },
      { amountCents: row.amountCents, lastError },
      { refundState: "failed", lastError },
      (db, values) => countFailedStaffRefundTry(db, row, values),
    );
    log.error({ staffRefundId: id }, "staff refund without a captured payment; refund by hand");
    return "failed";
  }
  let answer: GatewayRefund;
  try {
    answer = await gateway.refundCapture(
      payment.captureId,
      refundIdInRound(`atelier-staff-refund-${row.requestId}`, row.refundRound),
      row.amountCents,
    );
    refuseAnswerWithoutMoney(answer);
  } catch (error) {
    const attempts = row.refundAttempts + 1;
    const retry = attempts < REFUND_ATTEMPTS;
    const lastError =
      error instanceof GatewayError ? `${error.failure}: ${error.message}`.slice(0, 500) : "gateway error";
    await countFailedTry(
      ctx,
      { table: "staff_refunds", row },
      { amountCents: row.amountCents, lastError },
      {
        refundAttempts: attempts,
        lastError,
        ...(retry ? {} : { refundState: "failed" }),
      },
      (db, values) => countFailedStaffRefundTry(db, row, values),
    );
    log.warn(
      { err: error, staffRefundId: id, attempts },
      retry ? "staff refund left for the next round" : "staff refund given up; refund by hand",
    );
    return retry ? "pending" : "failed";
  }
  return db.transaction(async (tx) => {
    await lockOrder(tx, row.orderId);
    const locked = await findStaffRefund(tx, row.id, true);
    if (locked?.refundState !== "pending") return stateOf(locked);
    const payout = await recordPayout(tx, payment, answer, row.amountCents, "staff", ctx.now());
    // A payout that went through counts as the refund's try; one already reported failed is failed (D566).
    await updateStaffRefund(
      tx,
      row.id,
      payout.state === "completed"
        ? { ...payout.values, refundAttempts: row.refundAttempts + 1 }
        : payout.values,
    );
    if (payout.state === "failed")
      await tellFamilyRefundFailed(
        tx,
        ctx.publicUrl,
        { table: "staff_refunds", row: locked },
        row.amountCents,
        payout.values.lastError,
      );
    return payout.state;
  });
}
