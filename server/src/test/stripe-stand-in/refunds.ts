import { invalid, type Route, type Shape } from "./parameters.ts";
import type { Json, StandInPaymentIntent, StripeStore } from "./store.ts";

/**
 * Refunds (create, list by payment intent). Stripe refuses a refund of an intent that has not succeeded,
 * of a charge refunded in full, and of more than is left; the stand-in does the same, so the shop's
 * handling of each refusal is tested against what Stripe answers.
 */

const REFUND_CREATE: Shape = {
  payment_intent: true,
  charge: true,
  amount: true,
  reason: true,
  metadata: "map",
  expand: "list",
};
const REFUND_LIST: Shape = { payment_intent: true, charge: true, limit: true };

/**
 * Refunds `amount` of the intent's charge (through the API or at Stripe's dashboard): at once, or pending
 * as a SEPA debit's refund is until the bank confirms it (counted in the charge's refunded amount all the same).
 */
export function refund(
  store: StripeStore,
  intent: StandInPaymentIntent,
  amount: number,
  metadata: Json = {},
  status: "succeeded" | "pending" = "succeeded",
): Json {
  intent.refunded += amount;
  const object = {
    id: store.nextId("re"),
    object: "refund",
    amount,
    currency: "eur",
    charge: intent.chargeId,
    payment_intent: intent.id,
    status,
    metadata,
  };
  intent.refunds.push(object);
  return object;
}

function createRefund(store: StripeStore, body: Json) {
  const intent = store.intents.get(String(body.payment_intent ?? ""));
  if (!intent) return invalid("No such payment_intent", "resource_missing", "payment_intent");
  if (intent.status !== "succeeded")
    return invalid(
      "This PaymentIntent does not have a successful charge to refund.",
      "charge_not_refundable",
    );
  const left = intent.amount - intent.refunded;
  if (left <= 0)
    return invalid(`Charge ${intent.chargeId} has already been refunded.`, "charge_already_refunded");
  const amount = body.amount === undefined ? left : Number(body.amount);
  if (!Number.isInteger(amount) || amount <= 0)
    return invalid("Invalid integer", "parameter_invalid_integer", "amount");
  if (amount > left)
    return invalid(
      `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
      "amount_too_large",
      "amount",
    );
  return { status: 200, body: refund(store, intent, amount, (body.metadata as Json | undefined) ?? {}) };
}

export const refundRoutes = (store: StripeStore): Route[] => [
  {
    method: "POST",
    path: /^\/v1\/refunds$/,
    shape: REFUND_CREATE,
    run: (_, body) => createRefund(store, body),
  },
  {
    method: "GET",
    path: /^\/v1\/refunds$/,
    shape: REFUND_LIST,
    run(_, body) {
      // Newest first, as Stripe lists.
      const found = store.intents.get(String(body.payment_intent ?? ""));
      return {
        status: 200,
        body: { object: "list", data: found ? [...found.refunds].reverse() : [], has_more: false },
      };
    },
  },
];
