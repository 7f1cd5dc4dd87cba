import type { AdminPaymentIssue } from "@atelier/contract";
import { findIssue, resolveIssueByHand, retryGivenUpRefund } from "../checkout/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

/**
 * A payment that needs a person (D90), settled from the dashboard (D565): a refund given up after its tries
 * handed back to the payment worker for a new round, or the payment marked handled with the staff's note.
 * Under the issue's row lock, audited; a repeat answers the issue as it is, a payment without one is 404.
 */

type Issue = NonNullable<Awaited<ReturnType<typeof findIssue>>>;

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
  paymentId: number,
  change: (tx: Tx, issue: Issue) => Promise<boolean>,
  note?: string,
): Promise<AdminPaymentIssue> {
  return db.transaction(async (tx) => {
    const before = await findIssue(tx, paymentId, true);
    if (!before) throw AppError.notFound();
    if (!(await change(tx, before))) return answerOf(before);
    const after = await findIssue(tx, paymentId);
    if (!after) throw AppError.notFound();
    await recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: "payment_issues",
      recordId: paymentId,
      action: "update",
      before: auditValues(before),
      after: auditValues(after, note),
    });
    return answerOf(after);
  });
}

/** The given-up refund tried again in a new round; one already handed back (a double click) is the answer. */
export const retryPaymentRefund = (db: Db, staff: AuthUser, paymentId: number) =>
  settle(db, staff, paymentId, async (tx, issue) => {
    if (issue.state === "refund_pending" || issue.state === "refunded") return false;
    if (issue.state !== "refund_failed" || issue.resolvedAt !== null)
      throw AppError.validation("non_field_errors", "payment_issue_not_failed");
    await retryGivenUpRefund(tx, paymentId);
    return true;
  });

/** The payment marked handled: off the dashboard, with the staff's note in the audit log. */
export const resolvePaymentIssue = (db: Db, staff: AuthUser, paymentId: number, note: string) =>
  settle(
    db,
    staff,
    paymentId,
    async (tx, issue) => {
      if (issue.resolvedAt !== null) return false;
      await resolveIssueByHand(tx, paymentId);
      return true;
    },
    note,
  );
