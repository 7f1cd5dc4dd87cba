// The subscription worker's round: what is due is claimed with a lease (so two instances never handle
// one subscription at once), then autopay is stopped at the gateway, the month ends, or a renewal opens.
import type { createCancellationService } from "./cancellation.service.ts";
import { mailContractEnded } from "./contract-mails.ts";
import { openRenewal } from "./renewal.ts";
import { graceMs, type SubscriptionsContext } from "./subscriptions.deps.ts";
import {
  claimDueSubscriptions,
  endItem,
  findSubscriptionById,
  type SubscriptionRow,
  updateSubscription,
} from "./subscriptions.repository.ts";

type CancelAtGateway = ReturnType<typeof createCancellationService>["cancelAtGateway"];

export async function runOnce(
  ctx: SubscriptionsContext,
  cancelAtGateway: CancelAtGateway,
): Promise<{ ended: number; renewals: number; cancelled: number }> {
  const { db, log, graceHours } = ctx;
  const round = { ended: 0, renewals: 0, cancelled: 0 };
  const due = await claimDueSubscriptions(db, { limit: 25, leaseSeconds: 120, graceHours });
  for (const sub of due) {
    try {
      if (sub.gatewayCancelDue) {
        await cancelAtGateway(sub);
        round.cancelled += 1;
      }
      const endsAt = (sub.cancelAt ?? sub.periodEnd).getTime();
      if (endsAt + graceMs(sub, graceHours) <= Date.now()) {
        await end(ctx, sub);
        round.ended += 1;
      } else if (
        !sub.cancelAt &&
        sub.autopay !== "active" &&
        sub.renewalFor?.getTime() !== sub.periodEnd.getTime()
      ) {
        await openRenewal(ctx, sub);
        round.renewals += 1;
      }
    } catch (error) {
      log.warn({ err: error, subscriptionId: sub.id }, "subscription left for the next round");
    }
    await updateSubscription(db, sub.id, { claimedUntil: null }).catch(() => undefined);
  }
  return round;
}

/** The paid month is over (cancelled, or nobody paid the next one): the item ends and frees the seat. */
async function end(ctx: SubscriptionsContext, sub: SubscriptionRow) {
  const { db, gateway, log, graceHours } = ctx;
  await db.transaction(async (tx) => {
    const locked = await findSubscriptionById(tx, sub.id, true);
    if (locked?.status !== "running") return;
    const endsAt = locked.cancelAt ?? locked.periodEnd;
    if (endsAt.getTime() + graceMs(locked, graceHours) > Date.now()) return;
    await updateSubscription(tx, sub.id, { status: "ended", claimedUntil: null });
    await endItem(tx, locked.orderItemId);
    // A cancellation was confirmed when it was declared; an unpaid month is told now (D550).
    if (!locked.cancelAt) await mailContractEnded(ctx, tx, locked);
  });
  // Nothing more is charged for an ended contract.
  if (sub.gatewaySubscriptionId && sub.autopay !== "cancelled" && sub.autopay !== "none") {
    await gateway
      .cancelSubscription(sub.gatewaySubscriptionId, "Vertrag beendet")
      .catch((error: unknown) =>
        log.warn({ err: error, subscriptionId: sub.id }, "ended subscription not cancelled at PayPal"),
      );
  }
}
