import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { orders, paymentIssues, payments } from "../db/index.ts";

/** The only code that touches `payment_issues` (D90): refunds due with their reason and tries, captures for staff. */

export type PaymentIssueRow = typeof paymentIssues.$inferSelect;
export type PaymentIssueReason = PaymentIssueRow["reason"];

/**
 * How often a refund is tried before staff are asked to refund by hand: with the worker's default round
 * of 30 s, about five minutes of PayPal being down. A refusal PayPal will repeat (4xx) ends it at once.
 */
export const REFUND_ATTEMPTS = 10;

/** Notes why a payment needs more than recording; a second note of the same payment replaces the first. */
export async function noteIssue(
  db: DbOrTx,
  paymentId: number,
  reason: PaymentIssueReason,
  state: "refund_pending" | "review",
): Promise<void> {
  await db
    .insert(paymentIssues)
    .values({ paymentId, reason, state })
    .onConflictDoUpdate({
      target: paymentIssues.paymentId,
      set: { reason, state, attempts: 0, lastError: null, resolvedAt: null, updatedAt: sql`now()` },
    });
}

export async function findIssue(
  db: DbOrTx,
  paymentId: number,
  lock = false,
): Promise<PaymentIssueRow | undefined> {
  const query = db.select().from(paymentIssues).where(eq(paymentIssues.paymentId, paymentId));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/**
 * A refund given up after its tries, handed back to the payment worker by staff (D565): a new round of
 * `REFUND_ATTEMPTS` tries, under a request id of its own.
 */
export async function startNewRefundRound(db: DbOrTx, paymentId: number): Promise<void> {
  await db
    .update(paymentIssues)
    .set({
      state: "refund_pending",
      attempts: 0,
      refundRound: sql`${paymentIssues.refundRound} + 1`,
      resolvedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentIssues.paymentId, paymentId), eq(paymentIssues.state, "refund_failed")));
}

/**
 * The worker's refund of a payment the shop could not keep, reported failed by the gateway after it was
 * accepted (D566): given up at once, with the gateway's reason, back on the staff's dashboard.
 */
export async function reopenRefundIssue(
  db: DbOrTx,
  paymentId: number,
  reason: PaymentIssueReason,
  lastError: string,
): Promise<void> {
  await db
    .insert(paymentIssues)
    .values({ paymentId, reason, state: "refund_failed", lastError })
    .onConflictDoUpdate({
      target: paymentIssues.paymentId,
      set: { state: "refund_failed", lastError, resolvedAt: null, updatedAt: sql`now()` },
    });
}

/**
 * A refund the gateway reports failed after it was accepted, which nothing of the shop's can send again
 * (D566): a payment to review on the staff's dashboard, with the gateway's reason. It replaces another
 * issue of the payment: a dashboard refund's note to book it is moot once that refund failed.
 */
export async function noteFailedLater(db: DbOrTx, paymentId: number, lastError: string): Promise<void> {
  await noteIssue(db, paymentId, "refund_failed_later", "review");
  await db
    .update(paymentIssues)
    .set({ lastError, unbookedCents: 0 })
    .where(eq(paymentIssues.paymentId, paymentId));
}

/**
 * A part of a paid order's payment refunded in the gateway's dashboard (D565): noted for staff when the
 * gateway reports more given back beyond the shop's refunds (`unbooked`) than when they were last told or
 * last booked, so a report of the shop's own refund, or of money already shown, notes nothing.
 */
export async function noteGatewayRefund(db: DbOrTx, paymentId: number, unbooked: number): Promise<void> {
  const issue = await findIssue(db, paymentId);
  // Another open issue of the payment stays as it is (none is known for a paid order's own payment).
  if (issue && issue.reason !== "refunded_at_paypal" && issue.resolvedAt === null) return;
  const seen = issue?.reason === "refunded_at_paypal" ? issue.unbookedCents : 0;
  if (unbooked <= seen) return;
  await noteIssue(db, paymentId, "refunded_at_paypal", "review");
  await db
    .update(paymentIssues)
    .set({ unbookedCents: unbooked })
    .where(eq(paymentIssues.paymentId, paymentId));
}

/**
 * What waits to be booked of a dashboard refund after staff booked some of it (D562): remembered, and the
 * payment leaves the dashboard once nothing waits (D565). `unbooked` 0 also for an order refunded whole.
 */
export async function bookedGatewayRefund(db: DbOrTx, paymentId: number, unbooked: number): Promise<void> {
  await db
    .update(paymentIssues)
    .set({
      unbookedCents: sql`least(${paymentIssues.unbookedCents}, ${unbooked})`,
      resolvedAt:
        unbooked === 0 ? sql`coalesce(${paymentIssues.resolvedAt}, now())` : sql`${paymentIssues.resolvedAt}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentIssues.paymentId, paymentId), eq(paymentIssues.reason, "refunded_at_paypal")));
}

/** A payment that needed a person, marked handled by staff (D565): off the dashboard, its state kept. */
export async function markIssueResolved(db: DbOrTx, paymentId: number): Promise<void> {
  await db
    .update(paymentIssues)
    .set({ resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(paymentIssues.paymentId, paymentId), isNull(paymentIssues.resolvedAt)));
}

/** The family was mailed that its refund could not go back the way it paid (D578): once per payment. */
export async function noteFailureTold(db: DbOrTx, paymentId: number): Promise<void> {
  await db
    .update(paymentIssues)
    .set({ failureToldAt: sql`now()` })
    .where(eq(paymentIssues.paymentId, paymentId));
}

/**
 * Counts a failed refund call; after `REFUND_ATTEMPTS`, or at once when `final` (PayPal refused the refund
 * itself), the issue becomes `refund_failed` and the worker stops trying. Answers the new state.
 */
export async function countFailedRefund(
  db: DbOrTx,
  paymentId: number,
  error: string,
  final: boolean,
): Promise<"refund_pending" | "refund_failed"> {
  const [row] = await db
    .insert(paymentIssues)
    .values({
      paymentId,
      reason: "seats_gone",
      state: final || REFUND_ATTEMPTS <= 1 ? "refund_failed" : "refund_pending",
      attempts: 1,
      lastError: error,
    })
    .onConflictDoUpdate({
      target: paymentIssues.paymentId,
      set: {
        attempts: sql`${paymentIssues.attempts} + 1`,
        state: sql`case when ${final}::boolean or ${paymentIssues.attempts} + 1 >= ${REFUND_ATTEMPTS} then 'refund_failed'::payment_issue_state else ${paymentIssues.state} end`,
        lastError: error,
        updatedAt: sql`now()`,
      },
    })
    .returning({ state: paymentIssues.state });
  return row?.state === "refund_failed" ? "refund_failed" : "refund_pending";
}

/** The refund went through (ours, or made by staff at PayPal): the issue is closed. */
export async function resolveRefundIssue(db: DbOrTx, paymentId: number): Promise<void> {
  await db
    .update(paymentIssues)
    .set({ state: "refunded", resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentIssues.paymentId, paymentId),
        inArray(paymentIssues.state, ["refund_pending", "refund_failed"]),
      ),
    );
}

/**
 * What the back office shows staff (D90): refunds that ran out of attempts or that PayPal refused, and
 * captures to look at (another shop's order, partly refunded at PayPal before we knew), newest first.
 */
export async function paymentsNeedingAttention(db: DbOrTx, limit = 100) {
  return db
    .select({
      paymentId: paymentIssues.paymentId,
      orderId: payments.orderId,
      orderStatus: orders.status,
      gatewayOrderId: payments.gatewayOrderId,
      captureId: payments.captureId,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      reason: paymentIssues.reason,
      state: paymentIssues.state,
      attempts: paymentIssues.attempts,
      lastError: paymentIssues.lastError,
      since: paymentIssues.createdAt,
      updatedAt: paymentIssues.updatedAt,
    })
    .from(paymentIssues)
    .innerJoin(payments, eq(payments.id, paymentIssues.paymentId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(inArray(paymentIssues.state, ["refund_failed", "review"]), isNull(paymentIssues.resolvedAt)))
    .orderBy(desc(paymentIssues.updatedAt))
    .limit(limit);
}
