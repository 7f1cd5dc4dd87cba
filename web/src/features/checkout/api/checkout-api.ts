import type { Billing, FulfillReply, Order } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v2/orders/{id}/: one order of the signed-in parent (the completion page). */
export const orderOptions = (userKey: string, id: string) =>
  queryOptions({
    queryKey: ["orders", "detail", userKey, id],
    queryFn: ({ signal }) => api.get<Order>(`/api/v2/orders/${encodeURIComponent(id)}/`, undefined, signal),
  });

export type FulfillRequest = {
  cartId: string;
  billing: Billing;
  /** `stripe`: Stripe Checkout (cards, Apple Pay, Google Pay, SEPA); else PayPal (or the demo gateway). */
  gateway?: "stripe";
  /** The gateway's own page (demo, Stripe, PayPal without the buttons) sends the browser back to these. */
  successUrl?: string;
  cancelUrl?: string;
};

export const checkoutApi = {
  /**
   * POST /api/v2/orders/fulfill/: the order with the terms accepted ("Zahlungspflichtig bestellen") and the
   * billing data; reserves the seats and creates the gateway's order. Idempotent per cart (decision D50): the
   * same cart again answers the same gateway order while it awaits payment.
   */
  fulfill: ({ cartId, billing, gateway, successUrl, cancelUrl }: FulfillRequest) =>
    api.post<FulfillReply>(
      "/api/v2/orders/fulfill/",
      { terms_accepted: true, billing },
      {
        payment_gateway: gateway ?? "paypal",
        cart_id: cartId,
        success_url: successUrl,
        cancel_url: cancelUrl,
      },
    ),
  /** POST /api/v2/orders/{id}/capture/ with PayPal's approval data; answers the paid order. */
  capture: (id: string, approval: { orderID: string; payerID?: string | null | undefined }) =>
    api.post<Order>(`/api/v2/orders/${encodeURIComponent(id)}/capture/`, {
      orderID: approval.orderID,
      payerID: approval.payerID ?? null,
    }),
  /** POST /api/v2/orders/{id}/cancel_payment/: the buyer closed PayPal; answers the cart with the items back. */
  cancelPayment: (id: string) => api.post<Order>(`/api/v2/orders/${encodeURIComponent(id)}/cancel_payment/`),
};
