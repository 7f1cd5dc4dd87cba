import { createHmac } from "node:crypto";
import type { Json, StripeStore } from "./store.ts";

/**
 * Webhook events signed as Stripe signs them, and their delivery to the shop's endpoint: a test that
 * tampers with the secret or the time sees the shop refuse what it would refuse from Stripe.
 */

export type SignedStripeEvent = { payload: string; signature: string; event: Json };

/** The signature header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, time = new Date()): string {
  const t = Math.floor(time.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** An event as Stripe posts it, signed with `secret`, at `time`. */
export function signedEvent(
  store: StripeStore,
  type: string,
  object: Json,
  options: { id?: string; time?: Date; secret: string },
): SignedStripeEvent {
  const time = options.time ?? new Date();
  const event = {
    id: options.id ?? store.nextId("evt"),
    object: "event",
    api_version: "2026-10-28.clover",
    created: Math.floor(time.getTime() / 1000),
    type,
    livemode: false,
    data: { object },
  };
  const payload = JSON.stringify(event);
  return { payload, event, signature: stripeSignature(payload, options.secret, time) };
}

/** Posts an event to the shop's webhook; answers the status (0 when no webhook is set). */
export async function deliverEvent(webhookUrl: string | null, event: SignedStripeEvent): Promise<number> {
  if (!webhookUrl) return 0;
  const response = await fetch(webhookUrl, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.payload,
  });
  await response.arrayBuffer();
  return response.status;
}
