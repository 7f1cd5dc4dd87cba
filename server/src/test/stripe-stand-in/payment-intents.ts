import { invalid, RETRIEVE, type Route } from "./parameters.ts";
import type { Json, StandInPaymentIntent, StripeStore } from "./store.ts";

/** PaymentIntents and their charges as Stripe shows them; a payment intent is made by paying a session. */

export const intentObject = (intent: StandInPaymentIntent): Json => ({
  id: intent.id,
  object: "payment_intent",
  amount: intent.amount,
  amount_received: intent.status === "succeeded" ? intent.amount : 0,
  currency: "eur",
  status: intent.status,
  latest_charge: intent.chargeId,
  metadata: intent.metadata,
});

/** The charge of a payment intent as `charge.refunded` carries it. */
export const chargeObject = (intent: StandInPaymentIntent): Json => ({
  id: intent.chargeId,
  object: "charge",
  amount: intent.amount,
  amount_refunded: intent.refunded,
  refunded: intent.refunded >= intent.amount,
  currency: "eur",
  payment_intent: intent.id,
  metadata: intent.metadata,
});

export const paymentIntentRoutes = (store: StripeStore): Route[] => [
  {
    method: "GET",
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    shape: RETRIEVE,
    run(match) {
      const found = store.intents.get(decodeURIComponent(match[1] ?? ""));
      if (!found) return invalid(`No such payment_intent: '${match[1]}'`, "resource_missing", "intent");
      return { status: 200, body: intentObject(found) };
    },
  },
];
