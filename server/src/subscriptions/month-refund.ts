// Money given back at the gateway for a month paid after the first (D558): staff refund a month in PayPal's
// dashboard (a renewal order's capture, or an autopay sale). The shop records it once per gateway refund and
// corrects that month's invoice with a credit note, so the month's export shows it. The contract runs on:
// a refund alone does not say the family leaves; staff cancel the contract where that is meant.
import { paidDays } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { enqueueMail, formatDate } from "../mail/index.ts";
import { GATEWAY_LABELS, type GatewayName } from "../payments/index.ts";
import type { SubscriptionsContext } from "./subscriptions.deps.ts";
import {
  findContractMailFacts,
  findSubscriptionById,
  insertSubscriptionRefund,
  lockSubscriptionPayment,
  refundedOfSubscriptionPayment,
} from "./subscriptions.repository.ts";

export type MonthRefund = {
  gateway: GatewayName;
  /** The month's payment as it was recorded: the renewal order's capture id, or the autopay sale's id. */
  paymentReference: string;
  refundId: string;
  amountCents: number;
};

/** `unknown`: no month was paid with that reference here (the caller decides whose refund it is). */
export async function recordMonthRefund(
  ctx: SubscriptionsContext,
  refund: MonthRefund,
): Promise<"recorded" | "already_recorded" | "unknown"> {
  return ctx.db.transaction(async (tx) => {
    const payment = await lockSubscriptionPayment(tx, refund.gateway, refund.paymentReference);
    if (!payment) return "unknown";
    // Never more than the month's payment in all: a refund reported twice under two ids counts once.
    const left = payment.amountCents - (await refundedOfSubscriptionPayment(tx, payment.id));
    const cents = Math.max(0, Math.min(Math.abs(refund.amountCents), left));
    const fresh = await insertSubscriptionRefund(tx, {
      subscriptionPaymentId: payment.id,
      gateway: refund.gateway,
      refundId: refund.refundId,
      amountCents: cents,
    });
    if (!fresh) return "already_recorded";
    if (cents > 0) await creditTheMonth(ctx, tx, payment, cents, refund);
    return "recorded";
  });
}

/** The month's credit note, and the parent's mail with it, as a refund staff make in the back office sends. */
async function creditTheMonth(
  ctx: SubscriptionsContext,
  tx: Tx,
  payment: { id: number; subscriptionId: number; periodStart: Date; periodEnd: Date },
  cents: number,
  refund: MonthRefund,
) {
  const subscription = await findSubscriptionById(tx, payment.subscriptionId);
  const note = await ctx.creditMonthInvoice(tx, {
    subscriptionPaymentId: payment.id,
    ...(subscription ? { orderItemId: subscription.orderItemId } : {}),
    amountCents: cents,
    paymentReference: `${GATEWAY_LABELS[refund.gateway]} ${refund.refundId}`,
  });
  if (!note) {
    ctx.log.info(
      { subscriptionPaymentId: payment.id },
      "a month without an invoice refunded: no credit note",
    );
    return;
  }
  const facts = await findContractMailFacts(tx, payment.subscriptionId);
  if (!facts?.email) return;
  // Refunded after the contract ended (staff ended it, then gave a month back): nothing is said of it.
  const ended = subscription?.status === "ended";
  const month = paidDays(payment.periodStart, payment.periodEnd);
  const days = `${formatDate(month.from, facts.locale)} – ${formatDate(month.to, facts.locale)}`;
  const course = facts.childName ? `${facts.productName} (${facts.childName})` : facts.productName;
  await enqueueMail(
    tx,
    {
      to: facts.email,
      template: "staff-refund",
      locale: facts.locale,
      data: {
        firstName: facts.firstName,
        orderId: facts.orderId,
        item: `${course}, ${days}`,
        refundCents: cents,
        cancelled: false,
        ended,
        reason: "",
        creditNoteNumber: note.number,
      },
      attachments: [{ kind: "invoice-pdf", invoiceId: note.id, filename: `${note.number}.pdf` }],
    },
    { publicUrl: ctx.publicUrl },
  );
}
