// The checkout service: the use cases of paying for a cart or a payment link, each in its own module
// (D355), bound here to the one context they share. Routes, webhooks and the payment worker call this.
import type { FulfillRequest as FulfillBody, FulfillQuery, Locale, PaymentConfig } from "@atelier/contract";
import { CURRENCY } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import type { GatewayCapture } from "../payments/index.ts";
import { capture, decline } from "./capture.ts";
import { type CheckoutDeps, checkoutContext } from "./checkout.deps.ts";
import type { OrderRow, PaymentRow } from "./checkout.repository.ts";
import { cancelPayment, fulfill } from "./fulfil.ts";
import { applyKeptRefunds, showUnknownKeptRefunds } from "./gateway-refunds.ts";
import { resolve, resolveOwn, view } from "./lookup.ts";
import { payLink, paymentLinkFor } from "./payment-link.ts";
import { pendingRefunds } from "./pending-refunds.ts";
import { recordCapture } from "./record-capture.ts";
import { refundsDue } from "./refunds-due.ts";
import { restoreToCart } from "./restore-to-cart.ts";
import { cancelAtStripe, isSignedCancel, type StripeCancelQuery } from "./stripe-cancel.ts";

export type {
  CaptureOutcome,
  CheckoutDeps,
  OrderDocuments,
  RefundReason,
} from "./checkout.deps.ts";

export type CheckoutService = ReturnType<typeof createCheckoutService>;

export function createCheckoutService(deps: CheckoutDeps) {
  const ctx = checkoutContext(deps);
  const { db, gateway } = ctx;
  const restore = (tx: Tx, order: OrderRow, closedAs: "cancelled" | "declined") =>
    restoreToCart(ctx, tx, order, closedAs);

  return {
    recordCapture: (gatewayOrderId: string, captured: GatewayCapture) =>
      recordCapture(ctx, gatewayOrderId, captured),
    decline: (orderId: number, gatewayOrderId: string) => decline(ctx, orderId, gatewayOrderId),
    refundsDue: (limit: number) => refundsDue(ctx, limit),
    /**
     * The refund of one payment tried now, not at the worker's next round (staff's "Erstattung erneut
     * versuchen", D571): the same try under the same request id as the worker's, so the two never pay twice.
     */
    refundDueNow: (paymentId: number) => refundsDue(ctx, 1, paymentId),
    /** PayPal's pending refunds asked about once an hour until they end (D570). */
    pendingRefunds: (limit: number) => pendingRefunds(ctx, limit),
    /** Refund events kept for captures unknown then and recorded since (a capture racing its refund event). */
    keptRefunds: () =>
      db.transaction(async (tx) => {
        const applied = await applyKeptRefunds(tx, deps.itemRefunds);
        const shown = await showUnknownKeptRefunds(tx);
        if (shown > 0) deps.log.warn({ shown }, "refunds of captures still unknown shown to staff");
        return applied;
      }),
    restoreToCart: restore,
    /** Stripe's back link (D291): false when the link was not made by this server. */
    async stripeCancelled(query: StripeCancelQuery): Promise<boolean> {
      if (!deps.stripeCancel || !isSignedCancel(deps.stripeCancel, query)) return false;
      await cancelAtStripe({ db, gateway, restoreToCart: restore }, query);
      return true;
    },
    capture: (order: OrderRow, payment: PaymentRow | undefined, locale: Locale) =>
      capture(ctx, order, payment, locale),
    resolve: (ref: string) => resolve(ctx, ref),

    config(): PaymentConfig {
      return {
        gateway: gateway.name === "paypal" ? "paypal" : "demo",
        stripe: gateway.stripe !== null,
        client_id: gateway.name === "paypal" ? deps.paypal.clientId : null,
        sdk_url: deps.paypal.sdkUrl,
        currency: CURRENCY,
        reservation_minutes: deps.reservationMinutes,
      };
    },

    fulfill: (userId: number | null, query: FulfillQuery, body: FulfillBody, locale: Locale) =>
      fulfill(ctx, userId, query, body, locale),

    /** `POST /orders/{id}/capture/` by the order's owner (anyone else: 404). */
    async captureFor(userId: number, ref: string, locale: Locale) {
      const found = await resolveOwn(ctx, userId, ref);
      return capture(ctx, found.order, found.payment, locale);
    },

    cancelPayment: (userId: number, ref: string, locale: Locale) => cancelPayment(ctx, userId, ref, locale),
    paymentLinkFor: (userId: number, token: string, locale: Locale) =>
      paymentLinkFor(ctx, userId, token, locale),
    payLink: (userId: number, token: string, query: FulfillQuery) => payLink(ctx, userId, token, query),

    /** `GET /orders/{id}/`: one of the parent's orders. */
    async orderFor(userId: number, ref: string, locale: Locale) {
      const found = await resolveOwn(ctx, userId, ref);
      return view(ctx, found.order.id, locale);
    },
  };
}
