import { type Json, type PayPalStore, paypalError, type Route, type StandInSubscription } from "./store.ts";

/**
 * Subscriptions v1 for course subscriptions: catalog products, billing plans (refused for an unknown
 * product), subscriptions (refused for an unknown plan; a cancel of one not active or suspended refused, as PayPal does) and the
 * monthly sale a PAYMENT.SALE.COMPLETED event carries.
 */

function subscriptionBody(store: PayPalStore, subscription: StandInSubscription) {
  return {
    id: subscription.id,
    status: subscription.status,
    plan_id: subscription.request.plan_id,
    custom_id: subscription.request.custom_id,
    start_time: subscription.request.start_time,
    links: [
      {
        href: `${store.url}/webapps/billing/subscriptions?ba_token=${subscription.id}`,
        rel: "approve",
        method: "GET",
      },
      { href: `${store.url}/v1/billing/subscriptions/${subscription.id}`, rel: "self", method: "GET" },
    ],
  };
}

function createPlan(store: PayPalStore, body: Json) {
  if (!store.products.has(String(body.product_id)))
    return paypalError(store, 422, "UNPROCESSABLE_ENTITY", "INVALID_PRODUCT_ID");
  const id = `P-${String(store.next()).padStart(12, "0")}`;
  store.plans.set(id, body);
  return { status: 201, body: { id, status: "ACTIVE", ...body } };
}

function createSubscription(store: PayPalStore, body: Json) {
  if (!store.plans.has(String(body.plan_id)))
    return paypalError(store, 422, "UNPROCESSABLE_ENTITY", "INVALID_PLAN_ID");
  const subscription: StandInSubscription = {
    id: `I-${String(store.next()).padStart(12, "0")}`,
    status: "APPROVAL_PENDING",
    request: body,
  };
  store.subscriptions.set(subscription.id, subscription);
  return { status: 201, body: subscriptionBody(store, subscription) };
}

/**
 * PayPal cancels only an active or suspended subscription: one cancelled before, and one still awaiting the
 * buyer's approval (which the buyer can still approve), answer 422 SUBSCRIPTION_STATUS_INVALID.
 */
function cancelSubscription(store: PayPalStore, found: StandInSubscription, body: Json) {
  if (found.status !== "ACTIVE" && found.status !== "SUSPENDED")
    return paypalError(store, 422, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID");
  found.status = "CANCELLED";
  found.cancelReason = String(body.reason ?? "");
  return { status: 204, body: undefined };
}

export const subscriptionRoutes = (store: PayPalStore): Route[] => {
  const named = (match: RegExpExecArray) => store.subscriptions.get(decodeURIComponent(match[1] ?? ""));
  const missing = () => paypalError(store, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  return [
    {
      method: "POST",
      path: /^\/v1\/catalogs\/products$/,
      run(_, body) {
        const id = `PROD-${String(store.next()).padStart(12, "0")}`;
        store.products.set(id, body);
        return { status: 201, body: { id, ...body } };
      },
    },
    { method: "POST", path: /^\/v1\/billing\/plans$/, run: (_, body) => createPlan(store, body) },
    {
      method: "POST",
      path: /^\/v1\/billing\/subscriptions$/,
      run: (_, body) => createSubscription(store, body),
    },
    {
      method: "GET",
      path: /^\/v1\/billing\/subscriptions\/([^/]+)$/,
      run(match) {
        const found = named(match);
        return found ? { status: 200, body: subscriptionBody(store, found) } : missing();
      },
    },
    {
      method: "POST",
      path: /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/,
      run(match, body) {
        const found = named(match);
        return found ? cancelSubscription(store, found, body) : missing();
      },
    },
  ];
};

/** The resource of a PAYMENT.SALE.COMPLETED event: one monthly charge of a subscription. */
export function saleResource(store: PayPalStore, subscriptionId: string, saleId?: string): Json {
  const id = saleId ?? `SALE${String(store.next()).padStart(12, "0")}`;
  const subscription = store.subscriptions.get(subscriptionId);
  const plan = subscription ? store.plans.get(String(subscription.request.plan_id)) : undefined;
  const cycles = (plan?.billing_cycles as { pricing_scheme: { fixed_price: { value: string } } }[]) ?? [];
  return {
    id,
    state: "completed",
    amount: { total: cycles[0]?.pricing_scheme.fixed_price.value ?? "0.00", currency: "EUR" },
    billing_agreement_id: subscriptionId,
    custom: subscription?.request.custom_id,
  };
}
