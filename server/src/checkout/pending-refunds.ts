// Pending refunds (D570). A refund PayPal takes while the school's PayPal balance is too low is `PENDING`
// (paid from the school's bank, `ECHECK`), and so is a SEPA refund at Stripe; each is counted as given back
// when it is made, and ends days later, completed, failed or cancelled. PayPal reports no such end by
// webhook, and a Stripe event can be missed (or came before the shop read it, as for refunds recorded before
// D570), so the payment worker asks about each pending refund once an hour until it ends; a failed or
// cancelled one is what D566 does with a refund Stripe reports failed.
import { GatewayError, type GatewayName, type Gateways } from "../payments/index.ts";
import type { CheckoutContext } from "./checkout.deps.ts";
import { claimPendingRefunds, markRefundCompleted, type PendingRefund } from "./checkout.repository.ts";
import { applyFailedRefund, gaveNothingBack } from "./failed-refunds.ts";

/** How often a pending refund is asked about at its gateway. */
export const PENDING_REFUND_CHECK_MINUTES = 60;

/** Asks the gateways about up to `limit` pending refunds due a look; answers how many of them ended. */
export async function pendingRefunds(ctx: CheckoutContext, limit: number): Promise<number> {
  const { db, gateway, log } = ctx;
  const getRefund = gateway.getRefund;
  if (!getRefund) return 0;
  // Only the gateways this shop can ask now (Stripe's refunds wait while no Stripe key is set).
  const gateways: GatewayName[] = [
    ...(gateway.name === "paypal" ? (["paypal"] as const) : []),
    ...(gateway.stripe ? (["stripe"] as const) : []),
  ];
  const due = await claimPendingRefunds(db, {
    gateways,
    limit,
    everyMinutes: PENDING_REFUND_CHECK_MINUTES,
  });
  let ended = 0;
  for (const refund of due) {
    try {
      if (await endedAtGateway(ctx, getRefund, refund)) ended += 1;
    } catch (error) {
      // Asked again in an hour. A refund PayPal does not know is a fault to see, not to guess about; any
      // other failure (PayPal or the database) leaves this refund alone and the round goes on.
      const unknown = error instanceof GatewayError && error.failure === "not_found";
      log[unknown ? "error" : "warn"](
        { err: error, refundId: refund.id },
        unknown
          ? "PayPal does not know a pending refund"
          : "pending refund not settled; asked again in an hour",
      );
    }
  }
  return ended;
}

/** One pending refund as its gateway holds it now: recorded if it ended; true when this changed it. */
async function endedAtGateway(
  { db, itemRefunds, log }: CheckoutContext,
  getRefund: NonNullable<Gateways["getRefund"]>,
  refund: PendingRefund,
) {
  const now = await getRefund(refund.gatewayRefundId);
  if (now.status === "COMPLETED") {
    await markRefundCompleted(db, refund.gatewayRefundId);
    return true;
  }
  if (!gaveNothingBack(now.status)) return false;
  const outcome = await db.transaction((tx) =>
    applyFailedRefund(
      tx,
      {
        ...refund,
        id: refund.gatewayRefundId,
        status: now.status,
        // PayPal names a reason only for a pending refund (`ECHECK`): why it waited, not why it failed.
        failureReason: refund.gateway === "stripe" ? (now.failureReason ?? null) : null,
      },
      itemRefunds,
      refund.gateway,
    ),
  );
  if (outcome !== "applied") return false;
  log.warn({ refundId: refund.id }, "a pending refund ended without the money; staff settle it");
  return true;
}
