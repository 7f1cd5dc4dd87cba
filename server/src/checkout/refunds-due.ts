// Sending back payments the shop could not keep. Run by the payment worker and, after the reply, by the
// capture that found one; a refund is asked of the gateway outside any transaction and recorded after.
import { GatewayError, type GatewayRefund } from "../payments/index.ts";
import type { CheckoutContext, RefundReason } from "./checkout.deps.ts";
import {
  findOrder,
  findPaymentById,
  findRefundsDue,
  insertRefund,
  type PaymentRow,
  updatePayment,
} from "./checkout.repository.ts";
import {
  failedLaterError,
  failureForFamily,
  gaveNothingAlready,
  refuseAnswerWithoutMoney,
} from "./failed-refunds.ts";
import { endUnkeptOrder, refundReasonOf } from "./gateway-refunds.ts";
import { refundIdInRound } from "./installation.ts";
import {
  countFailedRefund,
  findIssue,
  noteFailureTold,
  reopenRefundIssue,
  resolveRefundIssue,
} from "./payment-issues.repository.ts";

/**
 * Refunds payments the shop could not keep (the payment worker, and the capture that found them): the
 * rest of the capture in full, with the reason noted for it. A failed call is tried again in the next
 * rounds, at most `REFUND_ATTEMPTS` times, and not at all when PayPal refused the refund itself; then it
 * waits as `refund_failed` in `payment_issues` for staff (D90).
 */
export async function refundsDue(ctx: CheckoutContext, limit: number, paymentId?: number): Promise<number> {
  const { db, gateway, ids, log } = ctx;
  let done = 0;
  for (const payment of await findRefundsDue(db, limit, paymentId)) {
    if (payment.captureId === null) continue;
    const expected = payment.amountCents - payment.refundedCents;
    if (expected <= 0) continue;
    const issue = await findIssue(db, payment.id);
    const reason = refundReasonOf(issue?.reason);
    let refund: GatewayRefund;
    try {
      // Without an amount PayPal refunds what is left of the capture: right even when the capture's
      // amount was not the one we asked for.
      refund = await gateway.refundCapture(
        payment.captureId,
        refundIdInRound(ids.refundRequestIdOf(payment.orderId, payment.captureId), issue?.refundRound ?? 0),
      );
      refuseAnswerWithoutMoney(refund);
    } catch (error) {
      const state = await countRefundFailure(ctx, payment, { reason }, error);
      if (state === "refund_failed")
        log.error({ err: error, paymentId: payment.id }, "refund failed for good; staff refund by hand");
      else log.warn({ err: error, paymentId: payment.id }, "refund failed; retried by the payment worker");
      continue;
    }
    await recordRefund(ctx, payment, refund, refund.amountCents > 0 ? refund.amountCents : expected, reason);
    done += 1;
  }
  return done;
}

/**
 * Counts a failed refund call: tried again in the next rounds while the gateway did not answer, given up at
 * once when it refused (D90). A refusal is told to the family once, under the order's lock (D578): it has
 * heard nothing of the refund yet, so its notice says why the payment was not kept and that the school pays
 * the money another way. A call nobody answered is not told, also when given up: it may have gone through. A
 * refund answered as cancelled is a person's act at the gateway.
 */
async function countRefundFailure(
  { db, documents }: CheckoutContext,
  payment: PaymentRow,
  refund: { reason: RefundReason },
  error: unknown,
): Promise<"refund_pending" | "refund_failed"> {
  const retryable = error instanceof GatewayError && error.failure === "unavailable";
  const message = error instanceof Error ? error.message : String(error);
  const tell = error instanceof GatewayError && !retryable && failureForFamily(message) !== null;
  if (!tell) return countFailedRefund(db, payment.id, message, !retryable);
  return db.transaction(async (tx) => {
    await findOrder(tx, payment.orderId, true);
    const state = await countFailedRefund(tx, payment.id, message, true);
    const issue = await findIssue(tx, payment.id, true);
    // Read again under the order's lock: a refund made meanwhile (in the dashboard, or by a try beside this
    // one) leaves nothing owed, and the family is not asked for an account.
    const now = await findPaymentById(tx, payment.id, true);
    const owed = now?.refundDue ? now.amountCents - now.refundedCents : 0;
    if (state === "refund_failed" && issue?.failureToldAt === null && owed > 0) {
      await documents.refundNotice(tx, payment.orderId, owed, refund.reason, true);
      await noteFailureTold(tx, payment.id);
    }
    return state;
  });
}

/** The refund made at the gateway, recorded once (the payment's lock and its `refundDue` guard it). */
async function recordRefund(
  { db, documents }: CheckoutContext,
  payment: PaymentRow,
  refund: GatewayRefund,
  amount: number,
  reason: RefundReason,
) {
  await db.transaction(async (tx) => {
    const order = await findOrder(tx, payment.orderId, true);
    const locked = await findPaymentById(tx, payment.id, true);
    if (!order || !locked?.refundDue) return;
    const inserted = await insertRefund(tx, {
      paymentId: payment.id,
      gatewayRefundId: refund.id,
      amountCents: amount,
      reason,
      status: refund.status,
    });
    const gaveNothing = inserted ? null : await gaveNothingAlready(tx, refund.id);
    if (gaveNothing) {
      // The gateway reported this refund failed or cancelled before the worker recorded its answer (D566).
      await reopenRefundIssue(tx, payment.id, reason, failedLaterError(payment.gateway, null, gaveNothing));
      return;
    }
    await updatePayment(tx, payment.id, {
      refundDue: false,
      status: "refunded",
      refundedCents: payment.amountCents,
    });
    await resolveRefundIssue(tx, payment.id);
    // The order of the payment ends with it; a late payment of an earlier attempt leaves the order alone.
    if (order.paypalId === payment.gatewayOrderId) await endUnkeptOrder(tx, order);
    await documents.refundNotice(tx, order.id, amount, reason);
  });
}
