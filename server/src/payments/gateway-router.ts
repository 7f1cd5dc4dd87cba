import type { GatewayName, PaymentGateway } from "./gateway.ts";
import {
  isStripeCaptureId,
  isStripeRefundId,
  isStripeSessionId,
  isStripeSubscriptionId,
  type StripeGateway,
} from "./stripe-gateway.ts";

/**
 * The shop's gateways as one (D103): PayPal (or the offline demo) and, when configured, Stripe. Calls on a
 * gateway order or a capture go to the gateway whose id it is (Stripe's ids carry their kind: `cs_`,
 * `pi_`), so capture, reconciliation, expiry, refunds and withdrawals need not know which one took the
 * money. New orders and subscriptions go to the primary gateway unless checkout picks Stripe.
 */
export type Gateways = PaymentGateway & {
  /**
   * The gateway a fulfil's or a make_recurring's `payment_gateway` asks for: Stripe if configured, else
   * the primary one.
   */
  forCheckout(requested: "paypal" | "stripe"): PaymentGateway;
  /** The gateway that issued a gateway order id (a payment row's `gateway`). */
  nameOf(gatewayOrderId: string): GatewayName;
  stripe: StripeGateway | null;
};

export function routeGateways(primary: PaymentGateway, stripe: StripeGateway | null): Gateways {
  const byOrder = (id: string) => (stripe && isStripeSessionId(id) ? stripe : primary);
  return {
    ...primary,
    stripe,
    forCheckout: (requested) => (requested === "stripe" && stripe ? stripe : primary),
    nameOf: (id) => byOrder(id).name,
    getOrder: (id) => byOrder(id).getOrder(id),
    captureOrder: (id, requestId) => byOrder(id).captureOrder(id, requestId),
    voidOrder: async (id) => {
      await byOrder(id).voidOrder?.(id);
    },
    // A course subscription's autopay is stopped where it was made (D115).
    cancelSubscription: (id, reason) =>
      (stripe && isStripeSubscriptionId(id) ? stripe : primary).cancelSubscription(id, reason),
    // Only where the refund's gateway can be asked (the offline demo cannot).
    ...(primary.getRefund || stripe
      ? {
          getRefund: (refundId: string) => {
            const gateway = stripe && isStripeRefundId(refundId) ? stripe : primary;
            if (!gateway.getRefund) throw new Error(`no gateway to ask about refund ${refundId}`);
            return gateway.getRefund(refundId);
          },
        }
      : {}),
    refundCapture: (captureId, requestId, amountCents) =>
      (stripe && isStripeCaptureId(captureId) ? stripe : primary).refundCapture(
        captureId,
        requestId,
        amountCents,
      ),
  };
}
