import type { AdminPaymentIssue } from "@atelier/contract";
import { type IssueChange, resolveIssueByHand, retryGivenUpRefund } from "../checkout/index.ts";
import type { Db, Tx } from "../db/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

/**
 * A payment that needs a person (D90), settled from the dashboard (D565): a refund given up after its tries
 * handed back to the payment worker for a new round, or the payment marked handled with the staff's note.
 * Audited; a repeat answers the issue as it is, a payment without one is 404.
 */

type Issue = Extract<IssueChange, { before: unknown }>["before"];

const answerOf = (issue: Issue): AdminPaymentIssue => ({
  payment: issue.paymentId,
  state: issue.state,
  resolved: issue.resolvedAt !== null,
});

const auditValues = (issue: Issue, note?: string) => ({
  state: issue.state,
  reason: issue.reason,
  refund_round: issue.refundRound,
  resolved: issue.resolvedAt !== null,
  ...(note ? { note } : {}),
});

async function settle(
  db: Db,
  staff: AuthUser,
  change: (tx: Tx) => Promise<IssueChange>,
  note?: string,
): Promise<AdminPaymentIssue> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    if ("unchanged" in result) return answerOf(result.unchanged);
    await recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: "payment_issues",
      recordId: result.after.paymentId,
      action: "update",
      before: auditValues(result.before),
      after: auditValues(result.after, note),
    });
    return answerOf(result.after);
  });
}

/** The given-up refund tried again in a new round; one already handed back (a double click) is the answer. */
export const retryPaymentRefund = (db: Db, staff: AuthUser, paymentId: number) =>
  settle(db, staff, (tx) => retryGivenUpRefund(tx, paymentId));

/** The payment marked handled: off the dashboard, with the staff's note in the audit log. */
export const resolvePaymentIssue = (db: Db, staff: AuthUser, paymentId: number, note: string) =>
  settle(db, staff, (tx) => resolveIssueByHand(tx, paymentId), note);
