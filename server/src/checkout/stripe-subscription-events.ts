import type { StripeGateway, StripeSubscriptionEvent } from "../payments/index.ts";
import type { Outcome, StripeEvent } from "./stripe-event.ts";

/** Stripe subscription states in our `autopay` words (D115). */
const AUTOPAY_BY_STATUS: Record<string, "active" | "suspended" | "cancelled"> = {
  active: "active",
  trialing: "active",
  past_due: "suspended",
  unpaid: "suspended",
  paused: "suspended",
  canceled: "cancelled",
  incomplete_expired: "cancelled",
};

/** What the subscriptions area does with Stripe's subscription events (injected: it sits above checkout). */
export type StripeSubscriptionHandler = (
  event: StripeSubscriptionEvent,
) => Promise<"done" | "keep" | "not_ours">;

export type StripeSubscriptionEventDeps = {
  stripe: StripeGateway | null;
  /** Course subscriptions' autopay at Stripe (D115); without it those events are ignored. */
  subscriptions?: StripeSubscriptionHandler;
};

/**
 * A course subscription's event (D115). A completed session is read from Stripe for the subscription it
 * made; an invoice names its subscription and our order item (the metadata we gave it); a subscription's
 * own events carry its status. Only what names our order item is ours.
 */
export async function subscriptionEvent(
  { stripe, subscriptions }: StripeSubscriptionEventDeps,
  event: StripeEvent,
): Promise<Outcome | "other"> {
  const object = event.data.object;
  const at = new Date((event.created ?? Math.floor(Date.now() / 1000)) * 1000);
  if (event.type === "checkout.session.completed" && object.mode === "subscription" && object.id) {
    if (!stripe || !subscriptions) return "done";
    const made = await stripe.subscriptionOfSession(object.id);
    if (!made) return "done";
    return subscriptions({ kind: "session_completed", sessionId: object.id, subscriptionId: made, at });
  }
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const details = object.parent?.subscription_details;
    const subscriptionId = typeof details?.subscription === "string" ? details.subscription : undefined;
    const customId = details?.metadata?.custom_id;
    if (!subscriptionId || typeof customId !== "string" || !customId || !object.id) return "other";
    if (!subscriptions) return "done";
    if (event.type === "invoice.payment_failed")
      return subscriptions({ kind: "status", subscriptionId, autopay: "suspended", at });
    if (object.status !== "paid") return "done";
    return subscriptions({
      kind: "invoice_paid",
      subscriptionId,
      invoiceId: object.id,
      amountCents: object.amount_paid ?? 0,
      at,
      customId,
    });
  }
  if (event.type.startsWith("customer.subscription.") && object.id?.startsWith("sub_")) {
    if (!object.metadata?.custom_id) return "other";
    const autopay =
      event.type === "customer.subscription.deleted" ? "cancelled" : AUTOPAY_BY_STATUS[object.status ?? ""];
    if (!subscriptions || !autopay) return "done";
    return subscriptions({ kind: "status", subscriptionId: object.id, autopay, at });
  }
  return "other";
}
