// Recording a month paid after the first: autopay sales (PayPal, Stripe) and renewal orders all end
// here, so the paid period moves on by the contract's one definition of a month (D121, D122).
import { addDays, paidDays, periodInstants } from "@atelier/contract";
import type { GatewayName } from "../payments/index.ts";
import type { SubscriptionsContext } from "./subscriptions.deps.ts";
import {
  findPageOfSubscription,
  findSubscriptionById,
  insertSubscriptionPayment,
  periodFrom,
  updateSubscription,
} from "./subscriptions.repository.ts";

/**
 * A month paid after the first (an autopay sale or a renewal order's capture), counted once per gateway
 * reference: the paid period moves on by one month from where it ended, whatever order events arrive in.
 */
export async function recordPayment(
  { db, gateway, log }: SubscriptionsContext,
  subscriptionId: number,
  payment: {
    reference: string;
    kind: "autopay" | "renewal_order";
    amountCents: number;
    /** Where the money came in: the primary gateway unless named (Stripe's invoices, D115). */
    gateway?: GatewayName;
  },
): Promise<"recorded" | "already_recorded" | "ended"> {
  return db.transaction(async (tx) => {
    const sub = await findSubscriptionById(tx, subscriptionId, true);
    if (!sub) throw new Error(`subscription ${subscriptionId} vanished`);
    // The next period of the contract's one definition (D121): from the day after the paid one, a month
    // of open days (closed days inside it are not billed, D122), and a lesson more for each one the school
    // cancelled in it (D393).
    const paid = paidDays(sub.periodStart, sub.periodEnd);
    const pageId = await findPageOfSubscription(tx, sub.id);
    const next = await periodFrom(tx, sub, pageId, addDays(paid.to, 1));
    const { start: periodStart, end: periodEnd } = periodInstants(next);
    const fresh = await insertSubscriptionPayment(tx, {
      subscriptionId,
      gateway: payment.gateway ?? gateway.name,
      reference: payment.reference,
      kind: payment.kind,
      amountCents: payment.amountCents,
      periodStart,
      periodEnd,
    });
    if (!fresh) return "already_recorded";
    if (sub.status === "ended") {
      // The seat is already free; staff refund the month (logged, the payment is on record).
      log.error({ subscriptionId, reference: payment.reference }, "payment for an ended subscription");
      return "ended";
    }
    await updateSubscription(tx, sub.id, {
      periodStart,
      periodEnd,
      // The token stays: its link, opened again, says the month is paid.
      renewalOrderId: null,
      renewalApproveUrl: null,
      renewalOpenedAt: null,
      renewalFor: null,
      ...(payment.kind === "autopay" && sub.autopay === "suspended" ? { autopay: "active" as const } : {}),
    });
    return "recorded";
  });
}
