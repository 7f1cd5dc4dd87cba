// Course subscriptions month by month (D72): autopay through a PayPal or Stripe subscription, a one-off
// payment for the next month without it, cancellation at the end of the paid month, the end of unpaid
// months, and the § 312k cancellation page (D73). PayPal is called only outside row locks. Each use case
// is its own module (D355), bound here to the context they share.
import type { Locale } from "@atelier/contract";
import type { GatewayCapture, GatewayName, StripeSubscriptionEvent } from "../payments/index.ts";
import { makeRecurring } from "./autopay.ts";
import { handleEvent, handleStripeEvent, type SubscriptionEvent } from "./autopay-events.ts";
import { createCancellationService } from "./cancellation.service.ts";
import { type MonthRefund, recordMonthRefund } from "./month-refund.ts";
import { recordPayment } from "./record-payment.ts";
import { payRenewal, recordRenewalCapture, renewalPayment } from "./renewal.ts";
import { runOnce } from "./subscription-worker.ts";
import { type SubscriptionsDeps, subscriptionsContext } from "./subscriptions.deps.ts";

export { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from "./autopay-events.ts";
export type { SubscriptionsDeps } from "./subscriptions.deps.ts";

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const ctx = subscriptionsContext(deps);
  const cancellation = createCancellationService(deps);

  return {
    makeRecurring: (userId: number, itemId: number, locale: Locale, requested?: "paypal" | "stripe") =>
      makeRecurring(ctx, userId, itemId, locale, requested),
    handleEvent: (event: SubscriptionEvent) => handleEvent(ctx, event),
    handleStripeEvent: (event: StripeSubscriptionEvent) => handleStripeEvent(ctx, event),
    payRenewal: (gatewayOrderId: string) => payRenewal(ctx, gatewayOrderId),
    renewalPayment: (token: string) => renewalPayment(ctx, token),
    recordRenewalCapture: (gatewayOrderId: string, capture: GatewayCapture) =>
      recordRenewalCapture(ctx, gatewayOrderId, capture),
    recordMonthRefund: (refund: MonthRefund) => recordMonthRefund(ctx, refund),
    cancelItem: cancellation.cancelItem,
    declare: cancellation.declare,
    cancellable: cancellation.cancellable,
    runOnce: () => runOnce(ctx, cancellation.cancelAtGateway),
    recordPayment: (
      subscriptionId: number,
      payment: {
        reference: string;
        kind: "autopay" | "renewal_order";
        amountCents: number;
        gateway?: GatewayName;
      },
    ) => recordPayment(ctx, subscriptionId, payment),
  };
}
