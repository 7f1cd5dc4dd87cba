import { invalid, RETRIEVE, type Route, type Shape, stripeError } from "./parameters.ts";
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
 * as a SEPA debit's refund is until the bank confirms it, or waiting for the customer's action (a bank
 * transfer's refund needs their account); counted in the charge's refunded amount all the same.
 */
export function refund(
  store: StripeStore,
  intent: StandInPaymentIntent,
  amount: number,
  metadata: Json = {},
  status: "succeeded" | "pending" | "requires_action" = "succeeded",
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

/** The statuses a refund may change from, as Stripe moves it (a failed one stays failed). */
const CHANGES_FROM: Record<"succeeded" | "failed" | "canceled", string[]> = {
  // A refund waiting for the customer's action goes through once they gave their account.
  succeeded: ["pending", "requires_action"],
  // A refund Stripe accepted can fail later at the card's bank; one already failed is answered as it is.
  failed: ["succeeded", "pending", "failed"],
  // Only a refund waiting for the customer's action can be cancelled.
  canceled: ["requires_action"],
};

/**
 * A refund of any intent goes through, fails at the bank or is cancelled, as Stripe would move it; one that
 * gave nothing back is the charge's again. Answers the refund as its event carries it; throws for a refund
 * not known or in a status Stripe would not move that way.
 */
export function changeRefund(
  store: StripeStore,
  refundId: string,
  status: "succeeded" | "failed" | "canceled",
  failureReason?: string,
): Json {
  for (const intent of store.intents.values()) {
    const at = intent.refunds.findIndex((entry) => entry.id === refundId);
    const current = intent.refunds[at];
    if (!current) continue;
    if (!CHANGES_FROM[status].includes(String(current.status)))
      throw new Error(`refund ${refundId} is ${String(current.status)}: Stripe does not make it ${status}`);
    if (current.status === status) return current;
    const changed = { ...current, status, ...(failureReason ? { failure_reason: failureReason } : {}) };
    intent.refunds[at] = changed;
    if (status !== "succeeded") intent.refunded -= Number(current.amount);
    return changed;
  }
  throw new Error(`no refund ${refundId}`);
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
  const status = intent.refundsNeedAction ? "requires_action" : "succeeded";
  return {
    status: 200,
    body: refund(store, intent, amount, (body.metadata as Json | undefined) ?? {}, status),
  };
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
    path: /^\/v1\/refunds\/([^/]+)$/,
    shape: RETRIEVE,
    run(match) {
      const id = decodeURIComponent(match[1] ?? "");
      for (const intent of store.intents.values()) {
        const found = intent.refunds.find((entry) => entry.id === id);
        if (found) return { status: 200, body: found };
      }
      // Stripe answers an object it does not know with 404.
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such refund: '${id}'`,
        param: "id",
      });
    },
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
