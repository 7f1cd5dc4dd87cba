// What the gateway gave back of an order's payment, set against the refunds the shop knows of (D562, D565):
// one rule for the order page's warning, the booking of a dashboard refund, the staff's dashboard and the
// settling of a failed refund.
import type { DbOrTx } from "../db/index.ts";
import { staffRefundSharesOf } from "./staff-refunds.repository.ts";
import { withdrawalSharesOf } from "./withdrawals.repository.ts";

/**
 * The gateway's part of an order's withdrawals and staff refunds: `done` went back (the shop's own refunds
 * and those settled in the gateway's dashboard), `pending` is still being sent. A failed one is in neither:
 * its money did not go back until a person settles it; one settled elsewhere took nothing from the gateway.
 */
export async function gatewayShares(db: DbOrTx, orderId: number): Promise<{ done: number; pending: number }> {
  const [staff, withdrawn] = await Promise.all([
    staffRefundSharesOf(db, orderId),
    withdrawalSharesOf(db, orderId),
  ]);
  return { done: staff.done + withdrawn.done, pending: staff.pending + withdrawn.pending };
}

/** What the shop's refunds of the order send or sent back through the gateway: done and pending. */
export async function carriedAtGatewayCents(db: DbOrTx, orderId: number): Promise<number> {
  const shares = await gatewayShares(db, orderId);
  return shares.done + shares.pending;
}

/**
 * What the gateway reports given back of the payment beyond what the shop's refunds carry: a refund made in
 * PayPal's or Stripe's dashboard, not booked to an item yet (D562), or a failed refund staff made there by
 * hand and have not marked yet (D565).
 */
export async function unbookedAtGateway(db: DbOrTx, orderId: number, refundedCents: number): Promise<number> {
  return Math.max(0, refundedCents - (await carriedAtGatewayCents(db, orderId)));
}
