import type { PaymentDisputeKind, PaymentDisputeState, RecordedPaymentGateway } from "@atelier/contract";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type DbOrTx, paymentDisputes, payments, type Tx } from "../db/index.ts";

/** The only code that touches `payment_disputes`: disputes and reversals of captured payments. */

export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect;

/** A case as a gateway reports it, before it is matched to a payment. */
export type ReportedDispute = {
  gateway: RecordedPaymentGateway;
  disputeId: string;
  /** The payment's capture as the shop stores it: Stripe's payment intent, PayPal's capture id. */
  captureId: string;
  kind: PaymentDisputeKind;
  state: PaymentDisputeState;
  amountCents: number;
  reason: string;
  /** A lost case of this gateway takes its money back by itself (Stripe's dispute, PayPal's reversal). */
  takesMoneyWhenLost: boolean;
};

/** The payment a capture names, or undefined: another integration's, a subscription month's. */
export async function paymentOfCapture(tx: DbOrTx, gateway: RecordedPaymentGateway, captureId: string) {
  const [row] = await tx
    .select({
      id: payments.id,
      orderId: payments.orderId,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
    })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.captureId, captureId)));
  return row;
}

/** The case's row, locked: events of one case and staff's mark wait for each other. */
export async function findDisputeLocked(
  tx: Tx,
  gateway: RecordedPaymentGateway,
  disputeId: string,
): Promise<PaymentDisputeRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.gateway, gateway), eq(paymentDisputes.disputeId, disputeId)))
    .for("update");
  return row;
}

/** Writes a case's first report; answers false when a racing delivery wrote it first. */
export async function insertDispute(
  tx: Tx,
  row: Omit<PaymentDisputeRow, "id" | "createdAt" | "updatedAt" | "handledAt">,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentDisputes)
    .values(row)
    .onConflictDoNothing({ target: [paymentDisputes.gateway, paymentDisputes.disputeId] })
    .returning({ id: paymentDisputes.id });
  return inserted.length > 0;
}

export async function updateDispute(
  tx: Tx,
  id: number,
  change: Pick<PaymentDisputeRow, "state" | "takenCents" | "amountCents" | "reason" | "closedAt">,
): Promise<void> {
  await tx
    .update(paymentDisputes)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(paymentDisputes.id, id));
}

/** A lost case staff decided on (kept booked, paid again, cancelled): it no longer needs attention. */
export async function markDisputeHandled(tx: Tx, orderId: number, id: number) {
  const [row] = await tx
    .select({ dispute: paymentDisputes })
    .from(paymentDisputes)
    .innerJoin(payments, eq(payments.id, paymentDisputes.paymentId))
    .where(and(eq(paymentDisputes.id, id), eq(payments.orderId, orderId)))
    .for("update", { of: paymentDisputes });
  if (!row) return undefined;
  if (row.dispute.state !== "lost" || row.dispute.handledAt !== null)
    return { before: row.dispute, changed: false };
  await tx
    .update(paymentDisputes)
    .set({ handledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(paymentDisputes.id, id));
  return { before: row.dispute, changed: true };
}

/**
 * Whether a PayPal refund id is a recorded reversal's: a reversal is a refund resource, so should PayPal
 * also report it as `PAYMENT.CAPTURE.REFUNDED`, it is not counted a second time as a refund.
 */
export async function isRecordedReversal(db: DbOrTx, refundId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(
      and(
        eq(paymentDisputes.gateway, "paypal"),
        eq(paymentDisputes.kind, "reversal"),
        eq(paymentDisputes.disputeId, refundId),
      ),
    );
  return row !== undefined;
}

/** What lost disputes and reversals took back of the payment for good, beside `exceptId` (the case at hand). */
export async function takenOfPayment(db: DbOrTx, paymentId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`coalesce(sum(${paymentDisputes.takenCents}), 0)::int` })
    .from(paymentDisputes)
    .where(
      and(
        eq(paymentDisputes.paymentId, paymentId),
        exceptId === undefined ? undefined : ne(paymentDisputes.id, exceptId),
      ),
    );
  return row?.taken ?? 0;
}

/**
 * What a payment still holds at its gateway (D662): what it paid, less what the gateway refunded and what
 * a lost dispute or a reversal took. `refunded_cents` leaves the taken money out on purpose, so every check
 * of what may still go back through the gateway asks this, or the gateway is sent money it no longer has.
 */
export const heldOf = (payment: { amountCents: number; refundedCents: number }, takenCents: number) =>
  Math.max(0, payment.amountCents - payment.refundedCents - takenCents);

/** {@link heldOf} of a stored payment, read in the caller's transaction (under its order's lock). */
export async function paymentHolds(
  db: DbOrTx,
  payment: { id: number; amountCents: number; refundedCents: number },
): Promise<number> {
  return heldOf(payment, await takenOfPayment(db, payment.id));
}

/** An order's cases, oldest first, for its page. */
export async function disputesOfOrder(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({ dispute: paymentDisputes })
    .from(paymentDisputes)
    .innerJoin(payments, eq(payments.id, paymentDisputes.paymentId))
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(paymentDisputes.createdAt), asc(paymentDisputes.id));
  return rows.map((r) => r.dispute);
}

/** Whether a case makes its order need a person: it runs, or it was lost and staff have not decided. */
export const disputeNeedsAttention = (d: Pick<PaymentDisputeRow, "state" | "handledAt">) =>
  d.state === "open" || (d.state === "lost" && d.handledAt === null);

/**
 * The orders with a case that needs a person, as a subquery for the order list's "needs attention" (D501):
 * a few rows, read by the partial index `payment_disputes_attention_idx`.
 */
export const ordersWithDisputeNeedingAttention = sql`select p.order_id from ${paymentDisputes} d join ${payments} p on p.id = d.payment_id where d.state = 'open' or (d.state = 'lost' and d.handled_at is null)`;
