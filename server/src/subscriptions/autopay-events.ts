// What the gateways say about autopay: PayPal's `BILLING.SUBSCRIPTION.*` and sales, Stripe's session,
// invoice and subscription events (D115). The webhooks verify and store each event once; this applies it.
import { CURRENCY } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { centsOf, GatewayError, type StripeSubscriptionEvent } from "../payments/index.ts";
import { mailRenewalDue } from "./contract-mails.ts";
import { recordMonthRefund } from "./month-refund.ts";
import { recordPayment } from "./record-payment.ts";
import type { SubscriptionsContext } from "./subscriptions.deps.ts";
import {
  findSubscriptionBy,
  findSubscriptionByItem,
  findSubscriptionOfItem,
  type SubscriptionRow,
  updateSubscription,
} from "./subscriptions.repository.ts";

/** The PayPal states of `BILLING.SUBSCRIPTION.*` events in our `autopay` words. */
const AUTOPAY_BY_EVENT: Record<string, SubscriptionRow["autopay"]> = {
  "BILLING.SUBSCRIPTION.ACTIVATED": "active",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED": "active",
  "BILLING.SUBSCRIPTION.SUSPENDED": "suspended",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED": "suspended",
  "BILLING.SUBSCRIPTION.CANCELLED": "cancelled",
  "BILLING.SUBSCRIPTION.EXPIRED": "cancelled",
};

/** An autopay month's sale refunded in PayPal's dashboard (D558). */
const SALE_REFUNDED = "PAYMENT.SALE.REFUNDED";

export const SUBSCRIPTION_EVENT_TYPES = [
  ...Object.keys(AUTOPAY_BY_EVENT),
  "PAYMENT.SALE.COMPLETED",
  SALE_REFUNDED,
];

/** What a subscription webhook carries (Subscriptions v1 resource, or a sale of one). */
export type SubscriptionEvent = {
  id: string;
  event_type: string;
  create_time?: string;
  resource?: {
    id?: string;
    custom_id?: string;
    billing_agreement_id?: string;
    /** A sale's refund: the sale it gives back (Payments v1). */
    sale_id?: string;
    amount?: { total?: string; value?: string; currency?: string };
    state?: string;
  };
};

/**
 * A sale's amount as PayPal writes it (Payments v1: `{ total: "49.00", currency: "EUR" }`): its cents where
 * it is a plain amount of euros and cents, else null, and the words staff read of it.
 */
export function saleCharge(amount: { total?: string; value?: string; currency?: string } | undefined) {
  const total = String(amount?.total ?? amount?.value ?? "").slice(0, 32);
  const currency = String(amount?.currency ?? "").slice(0, 8);
  const cents = /^\d{1,7}(\.\d{1,2})?$/.test(total) ? centsOf(total) : null;
  return { cents, currency, text: `${total || "?"} ${currency || "?"}` };
}

/** `BILLING.SUBSCRIPTION.*` and `PAYMENT.SALE.COMPLETED` (the webhook stored the event once by its id). */
export async function handleEvent(
  ctx: SubscriptionsContext,
  event: SubscriptionEvent,
): Promise<"done" | "not_ours"> {
  const { db, log } = ctx;
  const resource = event.resource ?? {};
  if (event.event_type === "PAYMENT.SALE.COMPLETED") {
    const gatewayId = resource.billing_agreement_id;
    const sub = gatewayId ? await findSubscriptionBy(db, "gatewaySubscriptionId", gatewayId) : undefined;
    if (!sub || !resource.id) {
      log.warn({ eventId: event.id }, "sale of an unknown subscription ignored");
      return "not_ours";
    }
    // Completed is the only state that moved money; PayPal sends such a sale again when it completes.
    if (resource.state !== undefined && resource.state !== "completed") {
      log.warn({ eventId: event.id, state: resource.state }, "sale not completed ignored");
      return "done";
    }
    const owned = (await findSubscriptionOfItem(db, sub.orderItemId))[0];
    const sale = saleCharge(resource.amount);
    const expectedCents = owned?.monthlyCents ?? 0;
    const fits = sale.cents !== null && sale.currency === CURRENCY && sale.cents === expectedCents;
    await recordPayment(ctx, sub.id, {
      reference: resource.id,
      kind: "autopay",
      amountCents: sale.cents ?? 0,
      ...(fits ? {} : { mismatch: { charged: sale.text, expectedCents } }),
    });
    return "done";
  }
  if (event.event_type === SALE_REFUNDED) {
    // Payments v1 may write the refunded amount negative; the month's refund counts it as given back.
    const amount = Math.abs(centsOf(resource.amount?.total ?? resource.amount?.value));
    const outcome =
      resource.sale_id && resource.id
        ? await recordMonthRefund(ctx, {
            gateway: "paypal",
            paymentReference: resource.sale_id,
            refundId: resource.id,
            amountCents: amount,
          })
        : "unknown";
    if (outcome !== "unknown") return "done";
    log.warn({ eventId: event.id }, "refund of a sale of no month of ours ignored");
    return "not_ours";
  }
  const autopay = AUTOPAY_BY_EVENT[event.event_type];
  if (!autopay || !resource.id) return "done";
  if (autopay === "active" && (await stopUnwanted(ctx, resource.id, resource.custom_id))) return "done";
  const changedAt = event.create_time ? new Date(event.create_time) : new Date();
  if (await applyAutopay(ctx, resource.id, autopay, changedAt)) return "done";
  log.warn({ eventId: event.id }, "status of an unknown subscription ignored");
  return "not_ours";
}

/**
 * Stripe's word on a course subscription's autopay (D115), verified and stored once by the webhook:
 * the Checkout Session completed (autopay on), a month's invoice paid (the same `recordPayment` as
 * PayPal's sales, once per invoice), a charge failed (suspended), the subscription ended or changed.
 * `keep`: the invoice's order item is ours and its subscription still waits for the session's event
 * (on its way); Stripe retries. `not_ours`: no subscription of ours, nor one waiting (D201).
 */
export async function handleStripeEvent(
  ctx: SubscriptionsContext,
  event: StripeSubscriptionEvent,
): Promise<"done" | "keep" | "not_ours"> {
  const { db, log } = ctx;
  if (event.kind === "session_completed") {
    if (await stopUnwanted(ctx, event.sessionId)) return "done";
    const found = await applyAutopay(ctx, event.subscriptionId, "active", event.at, event.sessionId);
    if (!found) log.warn({ sessionId: event.sessionId }, "Stripe autopay of an unknown subscription");
    return found ? "done" : "not_ours";
  }
  if (event.kind === "invoice_paid") {
    // The month already paid was Stripe's trial: its invoice of 0 € is no payment.
    if (event.amountCents <= 0) return "done";
    const sub = await findSubscriptionBy(db, "gatewaySubscriptionId", event.subscriptionId);
    if (!sub) return (await awaitsStripeLink(ctx, event.customId)) ? "keep" : "not_ours";
    await recordPayment(ctx, sub.id, {
      reference: event.invoiceId,
      kind: "autopay",
      amountCents: event.amountCents,
      gateway: "stripe",
    });
    return "done";
  }
  if (!(await applyAutopay(ctx, event.subscriptionId, event.autopay, event.at))) {
    log.warn({ subscriptionId: event.subscriptionId }, "status of an unknown Stripe subscription ignored");
    return "not_ours";
  }
  return "done";
}

/**
 * A gateway subscription that started charging though the shop no longer wants it (D512): the parent
 * approved it after cancelling the contract (PayPal cannot cancel one still awaiting approval), after the
 * contract ended, or after turning autopay on anew, which replaced it (`customId`, our order item, still
 * names a contract of ours). It is cancelled at the gateway before its first charge, which comes only when
 * the paid month ends; a failed cancel answers 503, so the event stays unprocessed and the gateway sends it again.
 */
async function stopUnwanted(
  { db, gateway, log }: SubscriptionsContext,
  gatewaySubscriptionId: string,
  customId?: string,
): Promise<boolean> {
  const sub = await findSubscriptionBy(db, "gatewaySubscriptionId", gatewaySubscriptionId);
  const unwanted = sub
    ? sub.autopay === "cancelled" || sub.status !== "running"
    : customId !== undefined && (await findSubscriptionOfCustomId(db, customId)) !== undefined;
  if (!unwanted) return false;
  await gateway.cancelSubscription(gatewaySubscriptionId, "Vertrag beendet oder ersetzt").catch((error) => {
    // The gateway is asked to send the event again (503), as for any payment call that cannot be made now.
    if (error instanceof GatewayError) throw new AppError("payment_unavailable", 503);
    throw error;
  });
  log.info({ subscriptionId: sub?.id, customId }, "autopay no longer wanted cancelled at the gateway");
  return true;
}

/** A gateway's word on a subscription's autopay, unless a later one was applied already. */
async function applyAutopay(
  ctx: SubscriptionsContext,
  gatewaySubscriptionId: string,
  autopay: SubscriptionRow["autopay"],
  changedAt: Date,
  linkFrom?: string,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const sub =
      (await findSubscriptionBy(tx, "gatewaySubscriptionId", gatewaySubscriptionId, true)) ??
      (linkFrom ? await findSubscriptionBy(tx, "gatewaySubscriptionId", linkFrom, true) : undefined);
    if (!sub) return false;
    // Stripe's subscription takes the place of the Checkout Session that made it (D115).
    if (sub.gatewaySubscriptionId !== gatewaySubscriptionId)
      await updateSubscription(tx, sub.id, { gatewaySubscriptionId });
    // An event older than the last one applied arrived late: it no longer says how things stand.
    if (sub.autopayChangedAt && sub.autopayChangedAt.getTime() > changedAt.getTime()) return true;
    // Cancelled stays cancelled: neither PayPal nor Stripe reactivates a cancelled subscription.
    if (sub.autopay === "cancelled" && autopay !== "cancelled") return true;
    await updateSubscription(tx, sub.id, { autopay, autopayChangedAt: changedAt });
    // A failed charge where the month's link was opened before autopay was turned on (D550): the parent is
    // told now, with that link (they may be paying through it). Without one, the worker opens it and says so.
    const failed = autopay === "suspended" && sub.autopay !== "suspended" && !sub.cancelAt;
    if (failed && sub.renewalToken && sub.renewalFor?.getTime() === sub.periodEnd.getTime())
      await mailRenewalDue(ctx, tx, { ...sub, autopay }, sub.renewalToken);
    return true;
  });
}

/** The subscription of the order item a gateway's `custom_id` names (ours are its id), if any. */
async function findSubscriptionOfCustomId(db: SubscriptionsContext["db"], customId: string) {
  const itemId = /^[1-9][0-9]{0,9}$/.test(customId) ? Number(customId) : 0;
  if (!itemId || itemId > 2_147_483_647) return undefined;
  return findSubscriptionByItem(db, itemId);
}

/** Whether `customId` names an order item whose subscription waits for its Stripe session to complete. */
async function awaitsStripeLink({ db }: SubscriptionsContext, customId: string): Promise<boolean> {
  const sub = await findSubscriptionOfCustomId(db, customId);
  return sub?.autopay === "pending" && (sub.gatewaySubscriptionId?.startsWith("cs_") ?? false);
}
