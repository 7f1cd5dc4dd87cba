import { invalid, RETRIEVE, type Route, type Shape } from "./parameters.ts";
import { intentObject } from "./payment-intents.ts";
import {
  type Json,
  type StandInPaymentIntent,
  type StandInSession,
  type StripeStore,
  sessionOf,
} from "./store.ts";
import { startSubscription } from "./subscriptions.ts";

/**
 * Checkout Sessions: create (payment mode, or subscription mode for course subscriptions, D115),
 * retrieve (with `expand[]=payment_intent`), expire, and what the buyer does on the hosted page (pay,
 * and the bank settling a SEPA debit). Creating refuses what Stripe refuses: an unknown mode, locale,
 * address collection or payment method type, a line without price data, a total below 50 cents, and
 * each mode's parameters in the other mode.
 */

const LINE_ITEM: Shape = {
  quantity: true,
  price: true,
  price_data: {
    currency: true,
    unit_amount: true,
    product: true,
    tax_behavior: true,
    product_data: { name: true, description: true, images: "list", metadata: "map", tax_code: true },
  },
};
const SESSION_CREATE: Shape = {
  mode: true,
  success_url: true,
  cancel_url: true,
  client_reference_id: true,
  customer_email: true,
  locale: true,
  metadata: "map",
  line_items: [LINE_ITEM],
  billing_address_collection: true,
  // Of the client's API version (2026-10-28): the older `payment_method_types` is unknown there.
  allowed_payment_method_types: "list",
  excluded_payment_method_types: "list",
  expires_at: true,
  expand: "list",
  payment_intent_data: { description: true, metadata: "map", statement_descriptor_suffix: true },
  subscription_data: { trial_end: true, trial_period_days: true, description: true, metadata: "map" },
};
const SESSION_EXPIRE: Shape = { expand: "list" };

/**
 * What the buyer types on the hosted page: the name and, when the session asked for the billing address
 * (`billing_address_collection: required`), the full address; otherwise Stripe keeps only the country a
 * card needs, so `customer_details.address` has no street.
 */
export const BUYER_ADDRESS = {
  line1: "Kastanienallee 99",
  line2: "Hinterhaus",
  postal_code: "10435",
  city: "Berlin",
  country: "DE",
  state: null,
};

const customerDetails = (request: Json) => ({
  email: "buyer@example.org",
  name: "Eva Muster",
  phone: null,
  tax_exempt: "none",
  tax_ids: [],
  address:
    request.billing_address_collection === "required"
      ? BUYER_ADDRESS
      : { line1: null, line2: null, postal_code: null, city: null, country: "DE", state: null },
});

/** What a session shows of its buyer: Stripe fills the details once the page was completed. */
const buyerOf = (session: StandInSession) => ({
  billing_address_collection: session.request.billing_address_collection ?? null,
  customer_details: session.status === "complete" ? customerDetails(session.request) : null,
});

/** The session as the API shows it, its payment intent expanded or as its id. */
export function sessionObject(store: StripeStore, session: StandInSession, expandIntent = true): Json {
  const request = session.request;
  return {
    id: session.id,
    object: "checkout.session",
    mode: request.mode,
    subscription: session.subscriptionId ?? null,
    status: session.status,
    payment_status: session.payment_status,
    amount_total: session.amount_total,
    amount_subtotal: session.amount_total,
    currency: "eur",
    client_reference_id: request.client_reference_id ?? null,
    metadata: request.metadata ?? {},
    locale: request.locale ?? null,
    success_url: request.success_url,
    cancel_url: request.cancel_url ?? null,
    url: session.status === "open" ? `${store.url}/c/pay/${session.id}` : null,
    ...buyerOf(session),
    payment_intent: session.paymentIntent
      ? expandIntent
        ? intentObject(session.paymentIntent)
        : session.paymentIntent.id
      : null,
  };
}

/** Stripe's answer to a `billing_address_collection` other than its two values. */
const refuseAddressCollection = (body: Json) =>
  body.billing_address_collection === undefined ||
  body.billing_address_collection === "auto" ||
  body.billing_address_collection === "required"
    ? undefined
    : invalid(
        "Invalid billing_address_collection: must be one of auto or required",
        "parameter_invalid_string",
        "billing_address_collection",
      );

const PAYMENT_METHOD_TYPES = new Set(["card", "sepa_debit", "paypal", "klarna", "giropay", "sofort", "link"]);

/** Stripe's answer to a payment method type it does not know. */
function refuseMethodTypes(body: Json) {
  for (const type of (body.allowed_payment_method_types as string[] | undefined) ?? [])
    if (!PAYMENT_METHOD_TYPES.has(type))
      return invalid(
        `Invalid payment_method_types[]: ${type}`,
        "parameter_invalid_string",
        "allowed_payment_method_types",
      );
  return undefined;
}
const LOCALES = new Set(["auto", "de", "ru", "en", "fr", "it", "es", "pl", "nl"]);

/** A new open session of `total` cents, answered without its (not yet existing) payment intent. */
function openSession(store: StripeStore, body: Json, total: number) {
  const session: StandInSession = {
    id: store.nextId("cs"),
    request: body,
    status: "open",
    payment_status: "unpaid",
    amount_total: total,
  };
  store.sessions.set(session.id, session);
  return { status: 200, body: sessionObject(store, session, false) };
}

function createSubscriptionSession(store: StripeStore, body: Json) {
  if (body.payment_intent_data !== undefined)
    return invalid(
      "You can not pass `payment_intent_data` in `subscription` mode.",
      undefined,
      "payment_intent_data",
    );
  const items = (body.line_items as Json[] | undefined) ?? [];
  const price = store.prices.get(String(items[0]?.price ?? ""));
  if (items.length !== 1 || !price || items[0]?.price_data !== undefined)
    return invalid("No such price", "resource_missing", "line_items[0][price]");
  const data = (body.subscription_data as Json | undefined) ?? {};
  const trialEnd = Number(data.trial_end);
  // https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-subscription_data-trial_end
  if (
    data.trial_end !== undefined &&
    (!Number.isInteger(trialEnd) || trialEnd * 1000 < Date.now() + 48 * 3_600_000)
  )
    return invalid(
      "The `trial_end` date has to be at least 2 days in the future.",
      "parameter_invalid_integer",
      "subscription_data[trial_end]",
    );
  return openSession(store, body, data.trial_end === undefined ? Number(price.unit_amount) : 0);
}

/** The total of a payment-mode session's lines, or Stripe's refusal of the first line it cannot price. */
function lineTotal(items: Json[]): number | ReturnType<typeof invalid> {
  let total = 0;
  for (const [index, item] of items.entries()) {
    const data = item.price_data as Json | undefined;
    const amount = Number(data?.unit_amount);
    const quantity = Number(item.quantity ?? 1);
    if (!data || !Number.isInteger(amount) || amount < 0)
      return invalid(
        "Invalid integer",
        "parameter_invalid_integer",
        `line_items[${index}][price_data][unit_amount]`,
      );
    if (data.currency !== "eur")
      return invalid(
        "The stand-in speaks EUR only.",
        undefined,
        `line_items[${index}][price_data][currency]`,
      );
    if (!(data.product_data as Json | undefined)?.name)
      return invalid(
        "Missing required param: name.",
        "parameter_missing",
        `line_items[${index}][price_data][product_data][name]`,
      );
    total += amount * quantity;
  }
  return total;
}

function createSession(store: StripeStore, body: Json) {
  if (body.mode === "subscription") return createSubscriptionSession(store, body);
  if (body.mode !== "payment") return invalid("Invalid mode.", "parameter_invalid_string", "mode");
  if (body.subscription_data !== undefined)
    return invalid(
      "You can only pass `subscription_data` in `subscription` mode.",
      undefined,
      "subscription_data",
    );
  if (typeof body.success_url !== "string")
    return invalid("Missing required param: success_url.", "parameter_missing", "success_url");
  if (body.locale !== undefined && !LOCALES.has(String(body.locale)))
    return invalid(`Invalid locale: ${String(body.locale)}`, "parameter_invalid_string", "locale");
  const refused = refuseAddressCollection(body) ?? refuseMethodTypes(body);
  if (refused) return refused;
  const items = (body.line_items as Json[] | undefined) ?? [];
  if (items.length === 0)
    return invalid("Missing required param: line_items.", "parameter_missing", "line_items");
  const total = lineTotal(items);
  if (typeof total !== "number") return total;
  // Stripe's minimum charge in EUR is 0.50 € (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
  if (total < 50) return invalid("Amount must be at least €0.50 eur", "amount_too_small", "line_items");
  return openSession(store, body, total);
}

export const sessionRoutes = (store: StripeStore): Route[] => [
  {
    method: "POST",
    path: /^\/v1\/checkout\/sessions$/,
    shape: SESSION_CREATE,
    run: (_, body) => createSession(store, body),
  },
  {
    method: "GET",
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    shape: RETRIEVE,
    run(match, body) {
      const found = store.sessions.get(decodeURIComponent(match[1] ?? ""));
      if (!found) return invalid(`No such checkout.session: '${match[1]}'`, "resource_missing", "session");
      const expand = ((body.expand as string[] | undefined) ?? []).includes("payment_intent");
      return { status: 200, body: sessionObject(store, found, expand) };
    },
  },
  {
    method: "POST",
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    shape: SESSION_EXPIRE,
    run(match) {
      const found = store.sessions.get(decodeURIComponent(match[1] ?? ""));
      if (!found) return invalid("No such checkout.session", "resource_missing", "session");
      if (found.status !== "open")
        return invalid('Only Checkout Sessions with a status in ["open"] can be expired.', undefined);
      found.status = "expired";
      return { status: 200, body: sessionObject(store, found, false) };
    },
  },
];

/**
 * The buyer pays the session on the hosted page: by card (paid at once) or SEPA Direct Debit (processing
 * until the bank settles). Paying twice answers the first payment.
 */
export function paySession(
  store: StripeStore,
  sessionId: string,
  method: "card" | "sepa_debit",
): StandInPaymentIntent {
  const session = sessionOf(store, sessionId);
  if (session.paymentIntent) return session.paymentIntent;
  const request = session.request;
  if (request.mode === "subscription" && session.status === "open") {
    startSubscription(store, session);
    // A subscription session has no payment intent; the caller gets an empty one to read nothing from.
    return { id: "", status: "succeeded", amount: 0, chargeId: "", metadata: {}, refunded: 0, refunds: [] };
  }
  const intentData = (request.payment_intent_data as Json | undefined) ?? {};
  const paid: StandInPaymentIntent = {
    id: store.nextId("pi"),
    status: method === "card" ? "succeeded" : "processing",
    amount: session.amount_total,
    chargeId: store.nextId("ch"),
    metadata: (intentData.metadata as Record<string, string> | undefined) ?? {},
    refunded: 0,
    refunds: [],
  };
  store.intents.set(paid.id, paid);
  session.paymentIntent = paid;
  session.status = "complete";
  session.payment_status = method === "card" ? "paid" : "unpaid";
  return paid;
}

/** The bank settles a paid session's SEPA debit, or returns it. */
export function settleSession(store: StripeStore, sessionId: string, succeeded: boolean): void {
  const session = sessionOf(store, sessionId);
  if (!session.paymentIntent) throw new Error("session not paid");
  session.paymentIntent.status = succeeded ? "succeeded" : "requires_payment_method";
  if (succeeded) session.payment_status = "paid";
}
