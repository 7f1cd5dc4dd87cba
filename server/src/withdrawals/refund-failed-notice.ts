// The family's mail when a withdrawal's or staff refund's payout fails for good (D578): its confirmation said
// the money goes back the way it was paid, and the family would otherwise wait for money that never comes.
// Told once per refund: in its first round of tries, when the gateway refused it or the card's bank sent it
// back. A try nobody answered may have gone through (staff check it first), and a cancelled refund is
// staff's own act in the dashboard.
import { failedAfterAccepted, refundCancelled } from "../checkout/index.ts";
import type { Tx } from "../db/index.ts";
import { enqueueRefundFailedNotice } from "../invoices/index.ts";
import { lastTryRefused } from "./settle-refund.ts";

/** The refund's row as the notice reads it: a withdrawal's or a staff refund's. */
export type FailedRefundRow = { orderId: number; orderItemId: number | null; refundRound: number };

/** Whether the family hears of this failure: the first one staff did not cause, answered by the gateway. */
export const familyHearsOf = (row: Pick<FailedRefundRow, "refundRound">, lastError: string) =>
  row.refundRound === 0 && lastTryRefused(lastError) && !refundCancelled(lastError);

/**
 * Queues the family's mail that the refund's `amountCents` did not reach them, in the transaction that
 * records it failed (it holds the order's lock), when `familyHearsOf` says so.
 */
export async function tellFamilyRefundFailed(
  tx: Tx,
  publicUrl: string,
  row: FailedRefundRow,
  amountCents: number,
  lastError: string,
): Promise<void> {
  if (amountCents <= 0 || !familyHearsOf(row, lastError)) return;
  await enqueueRefundFailedNotice(tx, {
    orderId: row.orderId,
    amountCents,
    atBank: failedAfterAccepted(lastError),
    ...(row.orderItemId === null ? {} : { itemId: row.orderItemId }),
    publicUrl,
  });
}
