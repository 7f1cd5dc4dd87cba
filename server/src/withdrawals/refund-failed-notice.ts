// The family's mail when a withdrawal's or staff refund's payout fails for good (D578): its confirmation said
// the money goes back the way it was paid, and the family would otherwise wait for money that never comes.
// Told once per refund (`failure_told_at`), when the gateway refused it or the card's bank sent it back. A try
// nobody answered may have gone through (staff check it first); a cancelled refund is a person's act in the
// dashboard; money the gateway shows given back another way needs no transfer.
import { failureForFamily } from "../checkout/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import { enqueueRefundFailedNotice } from "../invoices/index.ts";
import { unbookedAtGateway } from "./gateway-money.ts";
import { lastTryRefused } from "./settle-refund.ts";
import { updateStaffRefund } from "./staff-refunds.repository.ts";
import type { WithdrawalsContext } from "./withdrawals.deps.ts";
import { findCapturedPayment, lockOrder, updateWithdrawal } from "./withdrawals.repository.ts";

/** The refund's row as the notice reads it: a withdrawal's or a staff refund's. */
export type FailedRefund = {
  table: "withdrawals" | "staff_refunds";
  row: {
    id: number;
    orderId: number;
    orderItemId: number | null;
    paymentId: number | null;
    failureToldAt: Date | null;
  };
};

/** How the family hears of this failure, if at all: once, and only of a refusal the gateway answered. */
function toldAs(refund: FailedRefund, lastError: string) {
  if (refund.row.failureToldAt !== null || !lastTryRefused(lastError)) return null;
  return failureForFamily(lastError);
}

/**
 * Whether the gateway reports the money given back beyond the shop's refunds: staff refunded it in the
 * dashboard (PayPal then refuses the shop's try as more than the capture holds), so no transfer is owed.
 */
async function backAnotherWay(tx: Tx, refund: FailedRefund, amountCents: number): Promise<boolean> {
  const { orderId, paymentId } = refund.row;
  const payment = paymentId === null ? undefined : await findCapturedPayment(tx, orderId, paymentId);
  return (
    payment !== undefined && (await unbookedAtGateway(tx, orderId, payment.refundedCents)) >= amountCents
  );
}

/**
 * Queues the family's mail that the refund's gateway part `amountCents` did not reach them, in the
 * transaction that records it failed (it holds the order's lock), and notes that the family was told.
 */
export async function tellFamilyRefundFailed(
  tx: Tx,
  publicUrl: string,
  refund: FailedRefund,
  amountCents: number,
  lastError: string,
): Promise<void> {
  const told = toldAs(refund, lastError);
  if (amountCents <= 0 || told === null || (await backAnotherWay(tx, refund, amountCents))) return;
  const { row } = refund;
  await enqueueRefundFailedNotice(tx, {
    orderId: row.orderId,
    amountCents,
    atBank: told === "at_bank",
    ...(row.orderItemId === null ? {} : { itemId: row.orderItemId }),
    publicUrl,
  });
  const values = { failureToldAt: new Date() };
  if (refund.table === "withdrawals") await updateWithdrawal(tx, row.id, values);
  else await updateStaffRefund(tx, row.id, values);
}

/**
 * Counts a failed try of a withdrawal's or staff refund's payout with `count` (its repository's guarded
 * update, which answers whether it counted). One that gives the refund up is counted under the order's lock
 * (the order every refund of the order takes), with the family's mail that the money did not reach them.
 */
export async function countFailedTry<Values extends { refundState?: string | undefined }>(
  ctx: WithdrawalsContext,
  refund: FailedRefund,
  payout: { amountCents: number; lastError: string },
  values: Values,
  count: (db: DbOrTx, values: Values) => Promise<boolean>,
): Promise<void> {
  if (values.refundState !== "failed") {
    await count(ctx.db, values);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, refund.row.orderId);
    if (await count(tx, values))
      await tellFamilyRefundFailed(tx, ctx.publicUrl, refund, payout.amountCents, payout.lastError);
  });
}
