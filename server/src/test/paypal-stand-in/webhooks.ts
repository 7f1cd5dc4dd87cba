import type { Json, PayPalStore, Route } from "./store.ts";

/**
 * Webhook events as PayPal posts them, with the transmission headers, and PayPal's verification endpoint
 * (`verify-webhook-signature`), which answers SUCCESS only for this stand-in's webhook id and signature:
 * the shop's refusal of a forged event is tested against it.
 */

export type SignedEvent = {
  headers: Record<string, string>;
  payload: { id: string; event_type: string; create_time: string; resource: Json };
};

/** The signature a webhook from this stand-in carries. */
export const signatureFor = (transmissionId: string) => `stand-in-signature-${transmissionId}`;

export function webhookEvent(
  store: PayPalStore,
  eventType: string,
  resource: Json,
  eventId = `WH-${store.next()}`,
  createTime = new Date(),
): SignedEvent {
  // PayPal sends these when a subscription became so: the buyer approved it, or a charge failed.
  const subscription = store.subscriptions.get(String(resource.id));
  if (subscription && subscription.status !== "CANCELLED") {
    if (eventType === "BILLING.SUBSCRIPTION.ACTIVATED") subscription.status = "ACTIVE";
    // The shop's plans suspend at the first failed charge (D72).
    if (eventType === "BILLING.SUBSCRIPTION.SUSPENDED" || eventType === "BILLING.SUBSCRIPTION.PAYMENT.FAILED")
      subscription.status = "SUSPENDED";
  }
  const transmissionId = `tx-${eventId}`;
  return {
    headers: {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": `${store.url}/certs/stand-in`,
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-sig": signatureFor(transmissionId),
      "paypal-transmission-time": new Date().toISOString(),
    },
    payload: { id: eventId, event_type: eventType, create_time: createTime.toISOString(), resource },
  };
}

export const webhookRoutes = (webhookId: string): Route[] => [
  {
    method: "POST",
    path: /^\/v1\/notifications\/verify-webhook-signature$/,
    run(_, body) {
      const ok =
        body.webhook_id === webhookId &&
        typeof body.transmission_id === "string" &&
        body.transmission_sig === signatureFor(body.transmission_id);
      return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
    },
  },
];
