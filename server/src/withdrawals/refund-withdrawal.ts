// Paying back a recorded withdrawal through the gateway. Outside any lock (the gateway may be slow), then
// recorded under the order's lock; the request id is the withdrawal's, so every retry refunds once.
import type { RefundState } from "@atelier/contract";
import { REFUND_ATTEMPTS, refundIdInRound, refuseAnswerWithoutMoney } from "../checkout/index.ts";
import { GatewayError, type GatewayRefund } from "../payments/index.ts";
import { recordPayout } from "./record-payout.ts";
import { countFailedTry, tellFamilyRefundFailed } from "./refund-failed-notice.ts";
import { stateOf, type WithdrawalsContext } from "./withdrawals.deps.ts";
import {
  countFailedWithdrawalTry,
  findCapturedPayment,
  findWithdrawal,
  lockOrder,
  updateWithdrawal,
} from "./withdrawals.repository.ts";

/**
 * Sends a recorded withdrawal's refund to the gateway (no lock held during the call) and records the
 * outcome. The request id is the withdrawal's, so a retry, a second instance or the worker refund once.
 */
export async function refundWithdrawal(ctx: WithdrawalsContext, withdrawalId: number): Promise<RefundState> {
  const { db, gateway, log } = ctx;
  const row = await findWithdrawal(db, withdrawalId);
  if (row?.refundState !== "pending") return stateOf(row);
  const payment = row.paymentId ? await findCapturedPayment(db, row.orderId, row.paymentId) : undefined;
  if (!payment?.captureId) {
    const lastError = "no captured payment";
    await countFailedTry(
      ctx,
      { table: "withdrawals", row },
      { amountCents: row.gatewayCents, lastError },
      { refundState: "failed", lastError },
      (db, values) => countFailedWithdrawalTry(db, row, values),
    );
    log.error({ withdrawalId }, "withdrawal refund without a captured payment; refund by hand");
    return "failed";
  }
  let answer: GatewayRefund;
  try {
    answer = await gateway.refundCapture(
      payment.captureId,
      refundIdInRound(`atelier-withdrawal-${row.id}`, row.refundRound),
      row.gatewayCents,
    );
    refuseAnswerWithoutMoney(answer);
  } catch (error) {
    const attempts = row.refundAttempts + 1;
    const retry =
      error instanceof GatewayError && error.failure === "unavailable" && attempts < REFUND_ATTEMPTS; // the one bound of refund tries (D90); then staff refund by hand
    const lastError =
      error instanceof GatewayError ? `${error.failure}: ${error.message}`.slice(0, 500) : "gateway error";
    await countFailedTry(
      ctx,
      { table: "withdrawals", row },
      { amountCents: row.gatewayCents, lastError },
      {
        refundAttempts: attempts,
        lastError,
        ...(retry ? {} : { refundState: "failed" }),
      },
      (db, values) => countFailedWithdrawalTry(db, row, values),
    );
    log.warn(
      { err: error, withdrawalId },
      retry ? "withdrawal refund left for the next round" : "withdrawal refund failed; refund by hand",
    );
    return retry ? "pending" : "failed";
  }
  return db.transaction(async (tx) => {
    await lockOrder(tx, row.orderId);
    const locked = await findWithdrawal(tx, row.id, true);
    if (locked?.refundState !== "pending") return stateOf(locked);
    const payout = await recordPayout(tx, payment, answer, row.gatewayCents, "withdrawal", ctx.now());
    await updateWithdrawal(tx, row.id, payout.values);
    if (payout.state === "failed")
      await tellFamilyRefundFailed(
        tx,
        ctx.publicUrl,
        { table: "withdrawals", row: locked },
        row.gatewayCents,
        payout.values.lastError,
      );
    return payout.state;
  });
}
