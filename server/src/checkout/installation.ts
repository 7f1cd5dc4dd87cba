import { randomBytes } from "node:crypto";
import type { Db } from "../db/index.ts";
import { installation } from "../db/index.ts";
import type { GatewayCapture } from "../payments/index.ts";

/** This shop's installation (D90): its random id and since when it has one. */
export type Installation = { id: string; since: Date };

/**
 * The installation's id, made at the first start (16 hex digits, 64 random bits) and kept in the database,
 * so a restart keeps it; several instances starting at once agree on the first one written.
 */
export async function loadInstallation(db: Db): Promise<Installation> {
  await db
    .insert(installation)
    .values({ id: randomBytes(8).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select().from(installation);
  if (!row) throw new Error("installation row missing after insert");
  return { id: row.id, since: row.createdAt };
}

type Staging = { id: number; paymentAttempt: number };

/**
 * A refund's request id in its round of tries (D565): a refund given up and then tried again by staff asks
 * with an id of its own, since PayPal and Stripe answer a repeated id with their first refusal. Round 0
 * keeps the id of before, so a refund recorded before this rule is asked as it always was.
 */
export const refundIdInRound = (requestId: string, round: number): string =>
  round === 0 ? requestId : `${requestId}-retry-${round}`;

/**
 * The ids this installation sends PayPal (D50, D90). A request id is the same for the same step of the
 * same staging, so a retry replays PayPal's first answer; the installation's part keeps two shops on one
 * PayPal account (staging and production, a copy of the database) from ever sending the same id.
 */
export function paymentIds({ id: installationId, since }: Installation) {
  const customIdOf = (orderId: number) => `${installationId}-${orderId}`;
  return {
    customIdOf,
    /** Unique per staging: PayPal refuses an invoice id twice. */
    invoiceIdOf: (order: Staging) => `ATELIER-${installationId}-${order.id}-${order.paymentAttempt}`,
    /** A capture after a refused funding source is a new step (`capture-1`, …). */
    requestIdOf: (order: Staging, step: string) =>
      `atelier-${installationId}-${order.id}-${order.paymentAttempt}-${step}`,
    refundRequestIdOf: (orderId: number, captureId: string) =>
      `atelier-${installationId}-${orderId}-refund-${captureId}`,

    /**
     * Whether PayPal's capture belongs to our order: its custom_id names this installation and the order
     * (or, without one, its invoice_id does). A payment made before this installation had an id carries
     * the order number alone (the ids of then), and is read with it.
     */
    isOurs(
      capture: Pick<GatewayCapture, "customId" | "invoiceId">,
      payment: { orderId: number; createdAt: Date },
    ) {
      if (capture.customId !== null) {
        if (capture.customId === customIdOf(payment.orderId)) return true;
        return payment.createdAt < since && capture.customId === String(payment.orderId);
      }
      if (capture.invoiceId === null) return false;
      if (capture.invoiceId.startsWith(`ATELIER-${installationId}-${payment.orderId}-`)) return true;
      return payment.createdAt < since && capture.invoiceId.startsWith(`ATELIER-${payment.orderId}-`);
    },
  };
}

export type PaymentIds = ReturnType<typeof paymentIds>;
