// A payment that needs a person (D90), settled by staff from the dashboard (D565): a refund given up after
// its tries handed back to the payment worker, or the payment marked handled. The order's row first, then
// the payment's, then the issue's: the order every refund of the payment takes them in.
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findOrder, findPaymentById, updatePayment } from "./checkout.repository.ts";
import { endUnkeptOrder } from "./gateway-refunds.ts";
import {
  findIssue,
  markIssueResolved,
  type PaymentIssueRow,
  startNewRefundRound,
} from "./payment-issues.repository.ts";

/** The issue before and after a change, or as it is when the change was made already (a double click). */
export type IssueChange =
  | { before: PaymentIssueRow; after: PaymentIssueRow }
  | { unchanged: PaymentIssueRow };

async function lockedIssue(tx: Tx, paymentId: number) {
  const seen = await findPaymentById(tx, paymentId);
  if (!seen) throw AppError.notFound();
  const order = await findOrder(tx, seen.orderId, true);
  const payment = await findPaymentById(tx, paymentId, true);
  const issue = await findIssue(tx, paymentId, true);
  if (!payment || !issue) throw AppError.notFound();
  return { order, payment, issue };
}

async function changed(tx: Tx, before: PaymentIssueRow): Promise<IssueChange> {
  const after = await findIssue(tx, before.paymentId);
  if (!after) throw AppError.notFound();
  return { before, after };
}

/**
 * The given-up refund tried again: `REFUND_ATTEMPTS` more tries by the payment worker, under a request id of
 * their own (it refunds what is left of the capture, so a new id cannot pay twice). Only a refund given up.
 */
export async function retryGivenUpRefund(tx: Tx, paymentId: number): Promise<IssueChange> {
  const { issue } = await lockedIssue(tx, paymentId);
  if (issue.state === "refund_pending" || issue.state === "refunded") return { unchanged: issue };
  if (issue.state !== "refund_failed" || issue.resolvedAt !== null)
    throw AppError.validation("non_field_errors", "payment_issue_not_failed");
  await startNewRefundRound(tx, paymentId);
  return changed(tx, issue);
}

/**
 * The payment marked handled: off the dashboard, its state kept. A refund given up is then one staff made
 * by hand (in the gateway's dashboard its report would have closed it): nothing is due any more, and the
 * order of the payment ends as the worker's refund would end it (D529), without a mail (staff spoke to the
 * family). A refund still being tried cannot be marked.
 */
export async function resolveIssueByHand(tx: Tx, paymentId: number): Promise<IssueChange> {
  const { order, payment, issue } = await lockedIssue(tx, paymentId);
  if (issue.resolvedAt !== null) return { unchanged: issue };
  if (issue.state !== "refund_failed" && issue.state !== "review")
    throw AppError.validation("non_field_errors", "payment_issue_running");
  if (issue.state === "refund_failed" && payment.refundDue) {
    await updatePayment(tx, payment.id, { refundDue: false });
    if (order && order.paypalId === payment.gatewayOrderId) await endUnkeptOrder(tx, order);
  }
  await markIssueResolved(tx, paymentId);
  return changed(tx, issue);
}
