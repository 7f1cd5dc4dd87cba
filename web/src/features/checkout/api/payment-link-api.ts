import type { FulfillReply, PaymentLink } from "@atelier/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** A mailed payment link (D157): the order staff built, for the signed-in parent it was made for. */
export const paymentLinkOptions = (userKey: string, token: string) =>
  queryOptions({
    queryKey: ["orders", "payment-link", userKey, token],
    queryFn: ({ signal }) =>
      api.get<PaymentLink>(`/api/v2/orders/payment_link/${encodeURIComponent(token)}/`, undefined, signal),
    retry: false,
  });

export const paymentLinkApi = {
  /** POST /api/v2/orders/payment_link/{token}/pay/: opens the gateway's payment of exactly that order. */
  pay: (token: string, gateway: "paypal" | "stripe", successUrl: string, cancelUrl: string) =>
    api.post<FulfillReply>(`/api/v2/orders/payment_link/${encodeURIComponent(token)}/pay/`, undefined, {
      payment_gateway: gateway,
      success_url: successUrl,
      cancel_url: cancelUrl,
    }),
};
