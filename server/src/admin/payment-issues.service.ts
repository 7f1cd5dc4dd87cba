import type { AdminPaymentIssue } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import {
  type IssueChange,
  paymentIssueOf,
  resolveIssueByHand,
  retryGivenUpRefund,
} from "../checkout/index.ts";
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

/** The change made and audited in one transaction; `changed` false when it was made already. */
async function settle(
  db: Db,
  staff: AuthUser,
  change: (tx: Tx) => Promise<IssueChange>,
  note?: string,
): Promise<{ answer: AdminPaymentIssue; changed: boolean }> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    if ("unchanged" in result) return { answer: answerOf(result.unchanged), changed: false };
    await recordAudit(tx, {
      userId: staff.id,
      userEmail: staff.email,
      resource: "payment_issues",
      recordId: result.after.paymentId,
      action: "update",
      before: auditValues(result.before),
      after: auditValues(result.after, note),
    });
    return { answer: answerOf(result.after), changed: true };
  });
}

/** The refund of one payment tried now (checkout's `refundDueNow`), and where a failure of it is logged. */
export type RefundNow = {
  refundDueNow(paymentId: number): Promise<unknown>;
  log: Pick<FastifyBaseLogger, "warn">;
};

/**
 * The given-up refund tried again in a new round; one already handed back (a double click, another staff
 * member) is the answer, and tried no more here: the worker's rounds have it. The new round's first try is
 * made at once, not at the payment worker's next round (D571): the answer says how it went (refunded,
 * refused again, or still waiting when the gateway could not be reached). The worker's round may make the
 * same try beside it: both ask under the round's request id, so the money goes once.
 */
export async function retryPaymentRefund(
  db: Db,
  staff: AuthUser,
  paymentId: number,
  now: RefundNow,
): Promise<AdminPaymentIssue> {
  const { answer, changed } = await settle(db, staff, (tx) => retryGivenUpRefund(tx, paymentId));
  if (!changed || answer.state !== "refund_pending") return answer;
  try {
    await now.refundDueNow(paymentId);
  } catch (error) {
    // Recorded by the new round already; the worker's next round tries it.
    now.log.warn({ err: error, paymentId }, "refund tried again at the worker's next round");
    return answer;
  }
  const issue = await paymentIssueOf(db, paymentId);
  return issue ? answerOf(issue) : answer;
}

/** The payment marked handled: off the dashboard, with the staff's note in the audit log. */
export const resolvePaymentIssue = async (db: Db, staff: AuthUser, paymentId: number, note: string) =>
  (await settle(db, staff, (tx) => resolveIssueByHand(tx, paymentId), note)).answer;
