import { invalid, RETRIEVE, type Route, type Shape } from "./parameters.ts";
import type { Json, StandInSession, StandInSubscription, StripeStore } from "./store.ts";

/**
 * Course subscriptions (D115): Products, monthly Prices in EUR, Subscriptions (retrieve, cancel) and the
 * invoices of their renewals. A subscription is made by paying a subscription-mode session; a second
 * cancel is refused, as Stripe refuses it.
 */

const PRODUCT_CREATE: Shape = { name: true, description: true, metadata: "map", expand: "list" };
const PRICE_CREATE: Shape = {
  product: true,
  currency: true,
  unit_amount: true,
  nickname: true,
  recurring: { interval: true, interval_count: true },
  metadata: "map",
  expand: "list",
};
const SUBSCRIPTION_CANCEL: Shape = {
  cancellation_details: { comment: true, feedback: true },
  invoice_now: true,
  prorate: true,
  expand: "list",
};

/** A subscription as the API shows it (and `customer.subscription.*` events carry it). */
export function subscriptionObject(store: StripeStore, sub: StandInSubscription): Json {
  return {
    id: sub.id,
    object: "subscription",
    status: sub.status,
    metadata: sub.metadata,
    trial_end: sub.trialEnd,
    cancellation_details: sub.cancellation ?? null,
    items: {
      object: "list",
      data: [{ object: "subscription_item", price: { object: "price", ...store.prices.get(sub.price.id) } }],
    },
  };
}

function createProduct(store: StripeStore, body: Json) {
  if (typeof body.name !== "string")
    return invalid("Missing required param: name.", "parameter_missing", "name");
  const product = {
    id: store.nextId("prod"),
    object: "product",
    name: body.name,
    description: body.description,
  };
  store.products.set(product.id, product);
  return { status: 200, body: product };
}

function createPrice(store: StripeStore, body: Json) {
  const amount = Number(body.unit_amount);
  if (!store.products.has(String(body.product)))
    return invalid("No such product", "resource_missing", "product");
  if (!Number.isInteger(amount) || amount < 0)
    return invalid("Invalid integer", "parameter_invalid_integer", "unit_amount");
  if (body.currency !== "eur") return invalid("The stand-in speaks EUR only.", undefined, "currency");
  const price = {
    id: store.nextId("price"),
    object: "price",
    product: body.product,
    currency: "eur",
    unit_amount: amount,
    nickname: body.nickname ?? null,
    recurring: body.recurring ? { interval: "month", interval_count: 1, ...(body.recurring as Json) } : null,
    type: body.recurring ? "recurring" : "one_time",
  };
  store.prices.set(price.id, price);
  return { status: 200, body: price };
}

const subscriptionId = (match: RegExpExecArray) => decodeURIComponent(match[1] ?? "");
const noSuchSubscription = (id: string) => invalid(`No such subscription: '${id}'`, "resource_missing", "id");

function cancelSubscription(store: StripeStore, id: string, body: Json) {
  const sub = store.subscriptions.get(id);
  if (!sub) return noSuchSubscription(id);
  // Stripe answers a second cancel of a canceled subscription with an error, not the subscription.
  if (sub.status === "canceled")
    return invalid(`A canceled subscription can only update its cancellation_details and metadata.`);
  sub.status = "canceled";
  sub.cancellation = (body.cancellation_details as Json | undefined) ?? {};
  return { status: 200, body: subscriptionObject(store, sub) };
}

export const subscriptionRoutes = (store: StripeStore): Route[] => [
  {
    method: "POST",
    path: /^\/v1\/products$/,
    shape: PRODUCT_CREATE,
    run: (_, body) => createProduct(store, body),
  },
  { method: "POST", path: /^\/v1\/prices$/, shape: PRICE_CREATE, run: (_, body) => createPrice(store, body) },
  {
    method: "GET",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    shape: RETRIEVE,
    run(match) {
      const sub = store.subscriptions.get(subscriptionId(match));
      return sub
        ? { status: 200, body: subscriptionObject(store, sub) }
        : noSuchSubscription(subscriptionId(match));
    },
  },
  {
    method: "DELETE",
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    shape: SUBSCRIPTION_CANCEL,
    run: (match, body) => cancelSubscription(store, subscriptionId(match), body),
  },
];

/**
 * Paying a subscription-mode session: the month paid already is the trial, so the card or mandate is
 * saved and nothing is charged now; the subscription runs trialing until `subscription_data.trial_end`.
 */
export function startSubscription(store: StripeStore, session: StandInSession): void {
  const request = session.request;
  const data = (request.subscription_data as Json | undefined) ?? {};
  const price = store.prices.get(String((request.line_items as Json[])[0]?.price)) ?? {};
  const sub: StandInSubscription = {
    id: store.nextId("sub"),
    status: "trialing",
    price: { id: String(price.id), unit_amount: Number(price.unit_amount), product: String(price.product) },
    metadata: (data.metadata as Record<string, string> | undefined) ?? {},
    trialEnd: Number(data.trial_end ?? 0),
    invoices: [],
  };
  store.subscriptions.set(sub.id, sub);
  session.subscriptionId = sub.id;
  session.status = "complete";
  session.payment_status = "no_payment_required";
}

/**
 * A subscription's next month is invoiced and charged (or the charge fails: past due); answers the
 * invoice as `invoice.paid` / `invoice.payment_failed` carry it.
 */
export function renewSubscription(store: StripeStore, subscriptionId: string, succeeded: boolean): Json {
  const sub = store.subscriptions.get(subscriptionId);
  if (!sub || sub.status === "canceled")
    throw new Error(`no running stand-in subscription ${subscriptionId}`);
  sub.status = succeeded ? "active" : "past_due";
  const invoice = {
    id: store.nextId("in"),
    object: "invoice",
    billing_reason: "subscription_cycle",
    currency: "eur",
    amount_due: sub.price.unit_amount,
    amount_paid: succeeded ? sub.price.unit_amount : 0,
    status: succeeded ? "paid" : "open",
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
  };
  sub.invoices.push(invoice);
  return invoice;
}
