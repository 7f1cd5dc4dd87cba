// A refund the gateway accepted and later reports failed (D566): Stripe's card refunds can fail days after
// they were made (the card expired, was cancelled, lost or stolen), and the money goes back to the school's
// Stripe balance, not to the family. The shop had counted it as paid back; now it stops counting it, and
// the refund that sent it waits for staff again, as one given up after its tries does (D565).
import type { Tx } from "../db/index.ts";
import { GatewayError, type GatewayName, type GatewayRefund } from "../payments/index.ts";
import {
  findOrder,
  findPaymentByCapture,
  findRefundOfGateway,
  insertRefund,
  markRefundFailed,
  updatePayment,
} from "./checkout.repository.ts";
import { type ItemRefunds, refundReasonOf } from "./gateway-refunds.ts";
import {
  findIssue,
  noteFailedLater,
  noteFailureTold,
  reopenRefundIssue,
} from "./payment-issues.repository.ts";

/** A refund recorded as failed at the gateway (D566): it gave nothing back. */
export const FAILED = "FAILED";

/**
 * A refund cancelled before it was paid out, in PayPal's words (`CANCELLED`; Stripe's `canceled`, a refund
 * waiting for the customer's action that the school or Stripe cancelled). It gave nothing back either (D569).
 */
export const CANCELLED = "CANCELLED";

/** Whether a refund in this status gave the family nothing: failed, or cancelled before it was paid out. */
export const gaveNothingBack = (status: string | null | undefined): status is "FAILED" | "CANCELLED" =>
  status === FAILED || status === CANCELLED;

const FAILED_ANSWER = "the refund was answered as failed";
const CANCELLED_ANSWER = "the refund was answered as cancelled";

/**
 * A try answered with a refund already failed or cancelled is a refusal, not a payout (D566): the same
 * request id is answered so again, so a new try needs one of its own.
 */
export function refuseAnswerWithoutMoney(refund: GatewayRefund): void {
  if (gaveNothingBack(refund.status))
    throw new GatewayError("refused", refund.status === CANCELLED ? CANCELLED_ANSWER : FAILED_ANSWER);
}

/**
 * A refund as the gateway reports it after it failed or was cancelled: its id, the capture, its status
 * (`FAILED` or `CANCELLED`), why (Stripe's words, if any).
 */
export type FailedRefund = {
  id: string;
  captureId: string;
  amountCents: number;
  status: string;
  failureReason: string | null;
};

const FAILED_LATER = ": the refund failed after it was accepted";
const CANCELLED_LATER = ": the refund was cancelled before it was paid out";
const FAILED_PENDING = ": the refund failed while it was pending";

/** Stripe's reasons for a failed or cancelled refund (`failure_reason`), in the words of Stripe's dashboard. */
const STRIPE_REASONS: Record<string, string> = {
  expired_or_canceled_card: "the card has expired or was cancelled",
  lost_or_stolen_card: "the card was reported lost or stolen",
  charge_for_pending_refund_disputed: "the payment was disputed while the refund was pending",
  insufficient_funds: "the Stripe balance did not cover the refund",
  declined: "the refund was declined",
  merchant_request: "the refund was cancelled in the dashboard",
};

/**
 * How the failure is noted on the refund for staff, in the gateway's words (D565 shows them): as a refusal
 * the gateway answered, so a new try asks under a request id of its own. The old id would be answered with
 * the refund that failed.
 */
export function failedLaterError(gateway: GatewayName, reason: string | null, status: string = FAILED) {
  // Stripe's card refunds fail at the card's bank (the settling dialog says so); PayPal's fail while they
  // wait for the school's bank (D570), which the dialog does not claim.
  const how = status === CANCELLED ? CANCELLED_LATER : gateway === "stripe" ? FAILED_LATER : FAILED_PENDING;
  const why = (reason && STRIPE_REASONS[reason]) || "reason not given";
  return `refused: ${gateway === "stripe" ? "Stripe" : "PayPal"}${how} (${why})`;
}

/**
 * Whether a refund's last error is the gateway's report that it failed after it was accepted: at the card's
 * bank, as the settling dialog says (not a cancelled one, whose reason is only in the gateway's words).
 */
export const failedAfterAccepted = (lastError: string | null) => lastError?.includes(FAILED_LATER) ?? false;

/** Stripe's reasons that are the card's: its bank sent the money back (an expired, cancelled or lost card). */
const CARD_REASONS = ["expired_or_canceled_card", "lost_or_stolen_card"];

/**
 * Stripe's reasons the family is not told of (D578): the school's Stripe balance was short (staff try again
 * once it is topped up), or the family disputed the payment meanwhile (the money goes back by the dispute; a
 * transfer besides would pay twice).
 */
const SCHOOL_SIDE_REASONS = ["insufficient_funds", "charge_for_pending_refund_disputed"];

const hasReason = (lastError: string, reasons: readonly string[]) =>
  reasons.some((reason) => lastError.includes(`(${STRIPE_REASONS[reason]})`));

/**
 * How a failed refund is told to the family (D578), from its last error: the card's bank sent it back
 * (`at_bank`), the payment service refused it (`refused`), or not at all: a refund cancelled (by a person in
 * the dashboard, or as a try's answer, D569) or failed for a reason on the school's side.
 */
export function failureForFamily(lastError: string | null): "at_bank" | "refused" | null {
  if (!lastError) return null;
  if (lastError.includes(CANCELLED_LATER) || lastError.includes(CANCELLED_ANSWER)) return null;
  if (hasReason(lastError, SCHOOL_SIDE_REASONS)) return null;
  return hasReason(lastError, CARD_REASONS) ? "at_bank" : "refused";
}

/**
 * Records that a refund the shop had counted failed at the gateway, once (a refund already failed is left
 * as it is). The payment counts its money as not given back; the withdrawal or staff refund that sent it is
 * `failed` again with the gateway's reason, for staff to try again or settle (D565); a refund of a payment
 * the shop could not keep is due again and waits on the dashboard as given up (D90). Any other (a dashboard
 * refund staff booked or marked, a whole order refunded in the dashboard) is put on the staff's dashboard to
 * review. A refund never recorded is kept as failed. Answers `unknown_capture` when no payment has that
 * capture, `unchanged` when there was nothing to record.
 */
export async function applyFailedRefund(
  tx: Tx,
  refund: FailedRefund,
  itemRefunds: ItemRefunds,
  gateway: GatewayName,
): Promise<"applied" | "unchanged" | "unknown_capture"> {
  const known = await findPaymentByCapture(tx, gateway, refund.captureId);
  if (!known) return "unknown_capture";
  // The order's row, then the payment's, then the refund's: the order every refund of the order takes.
  await findOrder(tx, known.orderId, true);
  const payment = await findPaymentByCapture(tx, gateway, refund.captureId, true);
  if (!payment) return "unknown_capture";
  const recorded = await findRefundOfGateway(tx, refund.id, true);
  if (!recorded) {
    // Never counted: a dashboard refund that failed before it completed, or the shop's own refund whose
    // answer it has not recorded yet (its call went unanswered). Kept as failed, so the shop's next try,
    // answered with this refund under the same request id, records the failure instead of a payout.
    await insertRefund(tx, {
      paymentId: payment.id,
      gatewayRefundId: refund.id,
      amountCents: Math.max(1, refund.amountCents),
      reason: "gateway",
      status: gaveNothingBack(refund.status) ? refund.status : FAILED,
    });
    return "applied";
  }
  if (recorded.paymentId !== payment.id || gaveNothingBack(recorded.status)) return "unchanged";
  await markRefundFailed(tx, recorded.id, refund.status === CANCELLED ? CANCELLED : FAILED);
  const refunded = Math.max(0, payment.refundedCents - recorded.amountCents);
  await updatePayment(tx, payment.id, {
    refundedCents: refunded,
    ...(payment.status === "refunded" && refunded < payment.amountCents ? { status: "captured" } : {}),
  });
  const lastError = failedLaterError(gateway, refund.failureReason, refund.status);
  if (await itemRefunds.refundFailed(tx, payment.orderId, recorded.id, lastError)) return "applied";
  const issue = await findIssue(tx, payment.id);
  if (recorded.reason === refundReasonOf(recorded.reason) || issue?.state === "refunded") {
    // The payment worker's refund of a payment the shop could not keep (D90), recorded by the worker or by
    // the gateway's report that came first: due again, and given up at once, since the gateway's failure
    // will not pass by itself. Staff try again or mark it handled (D565).
    await updatePayment(tx, payment.id, { refundDue: true });
    await reopenRefundIssue(tx, payment.id, issue?.reason ?? refundReasonOf(recorded.reason), lastError);
    // The family was told this refund was made (its refund notice): now that it did not arrive (D578), once
    // per payment, whichever way it failed first (D582).
    const told = failureForFamily(lastError);
    if (told && (await findIssue(tx, payment.id))?.failureToldAt === null) {
      await itemRefunds.refundFailedNotice(tx, payment.orderId, recorded.amountCents, told === "at_bank");
      await noteFailureTold(tx, payment.id);
    }
  } else {
    // Money the shop recorded some other way (a dashboard refund booked to an item or marked as the failed
    // refund's, a whole order refunded in the dashboard): nothing of the shop's can send it again, so staff
    // see it on the dashboard until they mark it handled.
    await noteFailedLater(tx, payment.id, lastError);
  }
  return "applied";
}

/**
 * The status of the refund a try of the shop's was answered with, when the gateway already reported it
 * failed or cancelled (an unanswered try asked again under its request id, D566): then that try failed,
 * whatever the answer said. Null otherwise.
 */
export async function gaveNothingAlready(
  tx: Tx,
  gatewayRefundId: string,
): Promise<"FAILED" | "CANCELLED" | null> {
  const status = (await findRefundOfGateway(tx, gatewayRefundId))?.status;
  return gaveNothingBack(status) ? status : null;
}
