// Recording a month paid after the first: autopay sales (PayPal, Stripe) and renewal orders all end
// here, so the paid period moves on by the contract's one definition of a month (D121, D122).
import { addDays, paidDays, periodInstants } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { enqueueStaffNotice } from "../mail/index.ts";
import { GATEWAY_LABELS, type GatewayName } from "../payments/index.ts";
import { invoiceMonthPaid } from "./month-paid.ts";
import type { SubscriptionsContext } from "./subscriptions.deps.ts";
import {
  findPageOfSubscription,
  findSubscriptionById,
  findSubscriptionOfItem,
  insertSubscriptionPayment,
  periodFrom,
  type SubscriptionRow,
  updateSubscription,
} from "./subscriptions.repository.ts";

/**
 * A month paid after the first (an autopay sale or a renewal order's capture), counted once per gateway
 * reference: the paid period moves on by one month from where it ended, whatever order events arrive in.
 */
export async function recordPayment(
  ctx: SubscriptionsContext,
  subscriptionId: number,
  payment: {
    reference: string;
    kind: "autopay" | "renewal_order";
    amountCents: number;
    /** Where the money came in: the primary gateway unless named (Stripe's invoices, D115). */
    gateway?: GatewayName;
    /**
     * What the gateway said it charged, where that is not the contract's month (D597): another amount or
     * currency. Kept on record, no month given, staff told to refund it.
     */
    mismatch?: { charged: string; expectedCents: number };
  },
): Promise<"recorded" | "already_recorded" | "ended" | "mismatch"> {
  const { db, gateway, log } = ctx;
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
    const paidVia = payment.gateway ?? gateway.name;
    const paymentId = await insertSubscriptionPayment(tx, {
      subscriptionId,
      gateway: paidVia,
      reference: payment.reference,
      kind: payment.kind,
      amountCents: payment.amountCents,
      periodStart,
      periodEnd,
    });
    if (paymentId === null) return "already_recorded";
    if (payment.mismatch) {
      log.error(
        { subscriptionId, reference: payment.reference },
        "autopay charged another amount than the month's",
      );
      await tellStaffToRefund(ctx, tx, sub, { ...payment, gateway: paidVia }, payment.mismatch);
      return "mismatch";
    }
    // A month the contract does not give whole: it ended, or it ends before this month does (a charge or a
    // capture already on its way while the parent cancelled, D542, or an order refunded at the gateway). The period stays as it is; the
    // payment is on record and staff are told to refund it (D555).
    if (sub.status === "ended" || (sub.cancelAt && sub.cancelAt.getTime() < periodEnd.getTime())) {
      log.error(
        { subscriptionId, reference: payment.reference },
        "payment for a month after the contract's end",
      );
      await tellStaffToRefund(ctx, tx, sub, { ...payment, gateway: paidVia });
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
    // The month's own invoice and its mail (D556); a month refused above is refunded, not invoiced.
    await invoiceMonthPaid(ctx, tx, sub, {
      subscriptionPaymentId: paymentId,
      period: next,
      amountCents: payment.amountCents,
      gateway: paidVia,
      reference: payment.reference,
    });
    return "recorded";
  });
}

/**
 * The school's notice of a month paid after the contract's end (D555), or charged with another amount than
 * the contract's month (D597), in the payment's transaction.
 */
async function tellStaffToRefund(
  ctx: SubscriptionsContext,
  tx: Tx,
  sub: SubscriptionRow,
  payment: { reference: string; amountCents: number; gateway: GatewayName },
  mismatch?: { charged: string; expectedCents: number },
) {
  const [owned] = await findSubscriptionOfItem(tx, sub.orderItemId);
  await enqueueStaffNotice(
    tx,
    await ctx.staffEmails(tx),
    {
      event: mismatch ? "payment_amount_mismatch" : "payment_after_end",
      orderId: owned?.orderId ?? null,
      parentEmail: owned?.email ?? null,
      items: [{ child: owned?.visitorName ?? null, offer: owned?.staffPageName ?? "" }],
      paymentAfterEnd: {
        cents: payment.amountCents,
        gateway: GATEWAY_LABELS[payment.gateway],
        reference: payment.reference,
        contractNumber: sub.contractNumber,
        ...(mismatch ? { charged: mismatch.charged, expectedCents: mismatch.expectedCents } : {}),
      },
    },
    { publicUrl: ctx.publicUrl },
  );
}
