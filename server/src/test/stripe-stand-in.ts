import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's API (v1) on 127.0.0.1, written from Stripe's API reference: form-encoded
 * requests with `Authorization: Bearer <secret key>`, Checkout Sessions in payment mode (create, retrieve
 * with `expand[]=payment_intent`), PaymentIntents (retrieve), Refunds (create, list by payment intent),
 * `Idempotency-Key` replays, and webhooks signed as Stripe signs them (`Stripe-Signature: t=<unix>,
 * v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint's secret>`). It refuses what Stripe refuses:
 * an unknown parameter (`parameter_unknown`), a total below 50 cents in EUR (`amount_too_small`), an
 * idempotency key reused with other parameters (`idempotency_error`), a wrong key (401). Its hosted page
 * (`/c/pay/<session>`) lets a browser test pay by card or SEPA, or cancel.
 *
 * For course subscriptions (D115) it speaks Products, Prices (monthly, EUR), Checkout Sessions in
 * subscription mode with a trial until the paid month ends (Stripe's 48 hours at least, no
 * `payment_intent_data` there, no `subscription_data` in payment mode), Subscriptions (retrieve, cancel)
 * and the invoices of their renewals (`renew`), whose events a test posts to our webhook.
 */

type Json = Record<string, unknown>;

export type StandInSession = {
  id: string;
  request: Json;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  paymentIntent?: StandInPaymentIntent;
  /** Subscription mode: the subscription paying made. */
  subscriptionId?: string;
};

export type StandInSubscription = {
  id: string;
  status: "trialing" | "active" | "past_due" | "canceled";
  price: { id: string; unit_amount: number; product: string };
  metadata: Record<string, string>;
  trialEnd: number;
  invoices: Json[];
  cancellation?: Json;
};

export type StandInPaymentIntent = {
  id: string;
  status: "processing" | "succeeded" | "requires_payment_method";
  amount: number;
  chargeId: string;
  metadata: Record<string, string>;
  refunded: number;
  refunds: Json[];
};

export type SignedStripeEvent = { payload: string; signature: string; event: Json };

export type StripeStandIn = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  /** Course subscriptions made by paying a subscription-mode session. */
  subscriptions: Map<string, StandInSubscription>;
  /** Monthly prices by id (with their product). */
  prices: Map<string, Json>;
  /** Requests per "METHOD path" (ids replaced by ":id"). */
  calls: Map<string, number>;
  /** Idempotency-Key headers received, in order. */
  idempotencyKeys: string[];
  /** Where the stand-in posts the events its hosted page causes (our webhook); none when unset. */
  webhookUrl: string | null;
  /** The buyer pays the session: by card (paid at once) or SEPA Direct Debit (processing until settled). */
  pay(sessionId: string, method?: "card" | "sepa_debit"): StandInPaymentIntent;
  /**
   * A subscription's next month is invoiced and charged (or the charge fails: past due); answers the
   * invoice as `invoice.paid` / `invoice.payment_failed` carry it.
   */
  renew(subscriptionId: string, succeeded?: boolean): Json;
  /** A subscription as the API shows it (and `customer.subscription.*` events carry it). */
  subscriptionObject(subscriptionId: string): Json;
  /** A SEPA debit of a paid session succeeds or fails at the bank. */
  settle(sessionId: string, succeeded: boolean): void;
  /** Staff refund at Stripe's dashboard (all that is left, or `cents`); answers the charge refunded. */
  refundAtStripe(sessionId: string, cents?: number): Json;
  /** An event as Stripe posts it, signed with the webhook secret (or `secret`), at `time` (default now). */
  event(
    type: string,
    object: Json,
    options?: { id?: string; time?: Date; secret?: string },
  ): SignedStripeEvent;
  /** The session as the API shows it (with its payment intent expanded). */
  sessionObject(sessionId: string): Json;
  /** The charge of a session's payment intent as Stripe shows it in `charge.refunded`. */
  chargeObject(sessionId: string): Json;
  /** Posts an event to `webhookUrl`; answers the status. */
  deliver(event: SignedStripeEvent): Promise<number>;
  /** The next `times` requests to this "METHOD path" answer `status`. */
  failNext(route: string, status: number, times?: number): void;
  close(): Promise<void>;
};

/** The signature header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, time = new Date()): string {
  const t = Math.floor(time.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/**
 * `a[b][0][c]=x` into nested objects and arrays, as Stripe reads form bodies and query strings (the
 * official clients send arrays with indices, `expand[0]=…`; `expand[]=…` appends).
 */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Json | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[index + 1] ?? "");
      const slot = Array.isArray(node) && part === "" ? String(node.length) : part;
      const container = node as Record<string, unknown>;
      if (last) container[slot] = value;
      else container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Json | unknown[];
    });
  }
  return root;
}

/**
 * The parameters the stand-in knows, as Stripe's reference lists them for the calls the shop makes
 * (`true`: a value; an object: its own parameters; `"map"`: free keys, as `metadata`; `"list"`: values).
 */
type Shape = true | "map" | "list" | { [key: string]: Shape } | [Shape];
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
const SESSION_EXPIRE: Shape = { expand: "list" };
const REFUND_CREATE: Shape = {
  payment_intent: true,
  charge: true,
  amount: true,
  reason: true,
  metadata: "map",
  expand: "list",
};
const RETRIEVE: Shape = { expand: "list" };
const REFUND_LIST: Shape = { payment_intent: true, charge: true, limit: true };

/** The first parameter of `value` that `shape` does not know, in Stripe's bracket notation. */
function unknownParameter(value: unknown, shape: Shape, path: string): string | undefined {
  if (shape === true || shape === "map") return undefined;
  if (shape === "list") return Array.isArray(value) ? undefined : path;
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return path;
    for (const [index, entry] of value.entries()) {
      const found = unknownParameter(entry, shape[0], `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return path || undefined;
  for (const [key, entry] of Object.entries(value)) {
    const name = path ? `${path}[${key}]` : key;
    const inner = shape[key];
    if (inner === undefined) return name;
    const found = unknownParameter(entry, inner, name);
    if (found) return found;
  }
  return undefined;
}

const stripeError = (status: number, error: Json) => ({ status, body: { error } });
const invalid = (message: string, code?: string, param?: string) =>
  stripeError(400, {
    type: "invalid_request_error",
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

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

export async function startStripeStandIn(
  options: {
    port?: number;
    /** A browser test's shop is started with its keys before the stand-in: both then take them. */
    secretKey?: string;
    webhookSecret?: string;
    webhookUrl?: string;
  } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_stand_in_${randomBytes(6).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_stand_in_${randomBytes(12).toString("hex")}`;
  const sessions = new Map<string, StandInSession>();
  const subscriptions = new Map<string, StandInSubscription>();
  const prices = new Map<string, Json>();
  const products = new Map<string, Json>();
  const intents = new Map<string, StandInPaymentIntent>();
  const calls = new Map<string, number>();
  const replies = new Map<string, { raw: string; status: number; body: unknown }>();
  const failures = new Map<string, { status: number; times: number }>();
  let counter = 0;
  const nextId = (prefix: string) =>
    `${prefix}_test_${(++counter).toString().padStart(6, "0")}${randomBytes(6).toString("hex")}`;

  const intentObject = (intent: StandInPaymentIntent): Json => ({
    id: intent.id,
    object: "payment_intent",
    amount: intent.amount,
    amount_received: intent.status === "succeeded" ? intent.amount : 0,
    currency: "eur",
    status: intent.status,
    latest_charge: intent.chargeId,
    metadata: intent.metadata,
  });

  function sessionObject(session: StandInSession, expandIntent = true): Json {
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
      url: session.status === "open" ? `${state.url}/c/pay/${session.id}` : null,
      ...buyerOf(session),
      payment_intent: session.paymentIntent
        ? expandIntent
          ? intentObject(session.paymentIntent)
          : session.paymentIntent.id
        : null,
    };
  }

  function chargeObject(intent: StandInPaymentIntent): Json {
    return {
      id: intent.chargeId,
      object: "charge",
      amount: intent.amount,
      amount_refunded: intent.refunded,
      refunded: intent.refunded >= intent.amount,
      currency: "eur",
      payment_intent: intent.id,
      metadata: intent.metadata,
    };
  }

  function refund(intent: StandInPaymentIntent, amount: number, metadata: Json = {}): Json {
    intent.refunded += amount;
    const object = {
      id: nextId("re"),
      object: "refund",
      amount,
      currency: "eur",
      charge: intent.chargeId,
      payment_intent: intent.id,
      status: "succeeded",
      metadata,
    };
    intent.refunds.push(object);
    return object;
  }

  function subscriptionObject(sub: StandInSubscription): Json {
    return {
      id: sub.id,
      object: "subscription",
      status: sub.status,
      metadata: sub.metadata,
      trial_end: sub.trialEnd,
      cancellation_details: sub.cancellation ?? null,
      items: {
        object: "list",
        data: [{ object: "subscription_item", price: { object: "price", ...prices.get(sub.price.id) } }],
      },
    };
  }

  function createSubscriptionSession(body: Json) {
    if (body.payment_intent_data !== undefined)
      return invalid(
        "You can not pass `payment_intent_data` in `subscription` mode.",
        undefined,
        "payment_intent_data",
      );
    const items = (body.line_items as Json[] | undefined) ?? [];
    const price = prices.get(String(items[0]?.price ?? ""));
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
    const session: StandInSession = {
      id: nextId("cs"),
      request: body,
      status: "open",
      payment_status: "unpaid",
      amount_total: data.trial_end === undefined ? Number(price.unit_amount) : 0,
    };
    sessions.set(session.id, session);
    return { status: 200, body: sessionObject(session, false) };
  }

  function createSession(body: Json) {
    if (body.mode === "subscription") return createSubscriptionSession(body);
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
    // Stripe's minimum charge in EUR is 0.50 € (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
    if (total < 50) return invalid("Amount must be at least €0.50 eur", "amount_too_small", "line_items");
    const session: StandInSession = {
      id: nextId("cs"),
      request: body,
      status: "open",
      payment_status: "unpaid",
      amount_total: total,
    };
    sessions.set(session.id, session);
    return { status: 200, body: sessionObject(session, false) };
  }

  function createRefund(body: Json) {
    const intent = intents.get(String(body.payment_intent ?? ""));
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
    return { status: 200, body: refund(intent, amount, (body.metadata as Json | undefined) ?? {}) };
  }

  function handleSubscriptions(method: string, path: string, body: Json) {
    if (path === "/v1/products") {
      const product = {
        id: nextId("prod"),
        object: "product",
        name: body.name,
        description: body.description,
      };
      if (typeof body.name !== "string")
        return invalid("Missing required param: name.", "parameter_missing", "name");
      products.set(String(product.id), product);
      return { status: 200, body: product };
    }
    if (path === "/v1/prices") {
      const amount = Number(body.unit_amount);
      if (!products.has(String(body.product)))
        return invalid("No such product", "resource_missing", "product");
      if (!Number.isInteger(amount) || amount < 0)
        return invalid("Invalid integer", "parameter_invalid_integer", "unit_amount");
      if (body.currency !== "eur") return invalid("The stand-in speaks EUR only.", undefined, "currency");
      const price = {
        id: nextId("price"),
        object: "price",
        product: body.product,
        currency: "eur",
        unit_amount: amount,
        nickname: body.nickname ?? null,
        recurring: body.recurring
          ? { interval: "month", interval_count: 1, ...(body.recurring as Json) }
          : null,
        type: body.recurring ? "recurring" : "one_time",
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire) {
      const found = sessions.get(decodeURIComponent(expire[1] ?? ""));
      if (!found) return invalid("No such checkout.session", "resource_missing", "session");
      if (found.status !== "open")
        return invalid('Only Checkout Sessions with a status in ["open"] can be expired.', undefined);
      found.status = "expired";
      return { status: 200, body: sessionObject(found, false) };
    }
    const id = decodeURIComponent(/^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1] ?? "");
    const sub = subscriptions.get(id);
    if (!sub) return invalid(`No such subscription: '${id}'`, "resource_missing", "id");
    if (method === "DELETE") {
      // Stripe answers a second cancel of a canceled subscription with an error, not the subscription.
      if (sub.status === "canceled")
        return invalid(`A canceled subscription can only update its cancellation_details and metadata.`);
      sub.status = "canceled";
      sub.cancellation = (body.cancellation_details as Json | undefined) ?? {};
    }
    return { status: 200, body: subscriptionObject(sub) };
  }

  function handle(method: string, path: string, body: Json): { status: number; body: unknown } {
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const subscriptionShape: Shape | undefined =
      method === "POST" && path === "/v1/products"
        ? PRODUCT_CREATE
        : method === "POST" && path === "/v1/prices"
          ? PRICE_CREATE
          : method === "POST" && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)
            ? SESSION_EXPIRE
            : subscription && method === "GET"
              ? RETRIEVE
              : subscription && method === "DELETE"
                ? SUBSCRIPTION_CANCEL
                : undefined;
    if (subscriptionShape) {
      const unknown = unknownParameter(body, subscriptionShape, "");
      if (unknown) return invalid(`Received unknown parameter: ${unknown}`, "parameter_unknown", unknown);
      return handleSubscriptions(method, path, body);
    }
    const shape: Shape | undefined =
      method === "POST" && path === "/v1/checkout/sessions"
        ? SESSION_CREATE
        : method === "POST" && path === "/v1/refunds"
          ? REFUND_CREATE
          : method === "GET" && path === "/v1/refunds"
            ? REFUND_LIST
            : method === "GET" && (session || intent)
              ? RETRIEVE
              : undefined;
    if (!shape)
      return stripeError(404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    const unknown = unknownParameter(body, shape, "");
    if (unknown) return invalid(`Received unknown parameter: ${unknown}`, "parameter_unknown", unknown);
    if (path === "/v1/checkout/sessions") return createSession(body);
    if (path === "/v1/refunds" && method === "POST") return createRefund(body);
    if (path === "/v1/refunds") {
      const found = intents.get(String(body.payment_intent ?? ""));
      return {
        status: 200,
        body: { object: "list", data: found ? [...found.refunds].reverse() : [], has_more: false },
      };
    }
    if (session) {
      const found = sessions.get(decodeURIComponent(session[1] ?? ""));
      if (!found) return invalid(`No such checkout.session: '${session[1]}'`, "resource_missing", "session");
      const expand = ((body.expand as string[] | undefined) ?? []).includes("payment_intent");
      return { status: 200, body: sessionObject(found, expand) };
    }
    const found = intents.get(decodeURIComponent(intent?.[1] ?? ""));
    if (!found) return invalid(`No such payment_intent: '${intent?.[1]}'`, "resource_missing", "intent");
    return { status: 200, body: intentObject(found) };
  }

  function sessionOf(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no stand-in session ${sessionId}`);
    return session;
  }

  const state: StripeStandIn = {
    url: "",
    secretKey,
    webhookSecret,
    sessions,
    subscriptions,
    prices,
    calls,
    idempotencyKeys: [],
    webhookUrl: options.webhookUrl ?? null,
    pay(sessionId, method = "card") {
      const session = sessionOf(sessionId);
      if (session.paymentIntent) return session.paymentIntent;
      const request = session.request;
      if (request.mode === "subscription" && session.status === "open") {
        // The month paid already is the trial: the card or mandate is saved, nothing is charged now.
        const data = (request.subscription_data as Json | undefined) ?? {};
        const price = prices.get(String((request.line_items as Json[])[0]?.price)) ?? {};
        const sub: StandInSubscription = {
          id: nextId("sub"),
          status: "trialing",
          price: {
            id: String(price.id),
            unit_amount: Number(price.unit_amount),
            product: String(price.product),
          },
          metadata: (data.metadata as Record<string, string> | undefined) ?? {},
          trialEnd: Number(data.trial_end ?? 0),
          invoices: [],
        };
        subscriptions.set(sub.id, sub);
        session.subscriptionId = sub.id;
        session.status = "complete";
        session.payment_status = "no_payment_required";
        // A subscription session has no payment intent; the caller gets an empty one to read nothing from.
        return {
          id: "",
          status: "succeeded",
          amount: 0,
          chargeId: "",
          metadata: {},
          refunded: 0,
          refunds: [],
        };
      }
      const intentData = (request.payment_intent_data as Json | undefined) ?? {};
      const paid: StandInPaymentIntent = {
        id: nextId("pi"),
        status: method === "card" ? "succeeded" : "processing",
        amount: session.amount_total,
        chargeId: nextId("ch"),
        metadata: (intentData.metadata as Record<string, string> | undefined) ?? {},
        refunded: 0,
        refunds: [],
      };
      intents.set(paid.id, paid);
      session.paymentIntent = paid;
      session.status = "complete";
      session.payment_status = method === "card" ? "paid" : "unpaid";
      return paid;
    },
    renew(subscriptionId, succeeded = true) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub || sub.status === "canceled")
        throw new Error(`no running stand-in subscription ${subscriptionId}`);
      sub.status = succeeded ? "active" : "past_due";
      const invoice = {
        id: nextId("in"),
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
    },
    subscriptionObject(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no stand-in subscription ${subscriptionId}`);
      return subscriptionObject(sub);
    },
    settle(sessionId, succeeded) {
      const session = sessionOf(sessionId);
      if (!session.paymentIntent) throw new Error("session not paid");
      session.paymentIntent.status = succeeded ? "succeeded" : "requires_payment_method";
      if (succeeded) session.payment_status = "paid";
    },
    refundAtStripe(sessionId, cents) {
      const intent = sessionOf(sessionId).paymentIntent;
      if (!intent) throw new Error("session not paid");
      refund(intent, cents ?? intent.amount - intent.refunded);
      return chargeObject(intent);
    },
    event(type, object, eventOptions = {}) {
      const time = eventOptions.time ?? new Date();
      const event = {
        id: eventOptions.id ?? nextId("evt"),
        object: "event",
        api_version: "2026-10-28.clover",
        created: Math.floor(time.getTime() / 1000),
        type,
        livemode: false,
        data: { object },
      };
      const payload = JSON.stringify(event);
      return {
        payload,
        event,
        signature: stripeSignature(payload, eventOptions.secret ?? webhookSecret, time),
      };
    },
    sessionObject: (sessionId) => sessionObject(sessionOf(sessionId)),
    chargeObject(sessionId) {
      const intent = sessionOf(sessionId).paymentIntent;
      if (!intent) throw new Error("session not paid");
      return chargeObject(intent);
    },
    async deliver(event) {
      if (!state.webhookUrl) return 0;
      const response = await fetch(state.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    failNext: (route, status, times = 1) => void failures.set(route, { status, times }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (serveHostedPage(req, res, url, raw, state)) return;
      if (serveTestControls(req, res, url, state)) return;
      const method = req.method ?? "GET";
      const route = `${method} ${url.pathname.replace(/\/(cs|pi|re|ch|sub|prod|price)_[^/]+/g, "/:id")}`;
      calls.set(route, (calls.get(route) ?? 0) + 1);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++counter}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided." },
        });
      const failure = failures.get(route);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        return send(failure.status, { error: { type: "api_error", message: "stand-in failure" } });
      }
      const body =
        method === "GET" || (method === "DELETE" && raw === "")
          ? parseStripeForm(url.search.slice(1))
          : parseStripeForm(raw);
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && method === "POST") {
        state.idempotencyKeys.push(key);
        const earlier = replies.get(key);
        if (earlier && earlier.raw !== `${route} ${raw}`)
          return send(400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        if (earlier) return send(earlier.status, earlier.body);
        const reply = handle(method, url.pathname, body);
        // Stripe saves the answer once the endpoint ran; a request refused by validation is not saved.
        if (reply.status < 400 || reply.status >= 500) replies.set(key, { raw: `${route} ${raw}`, ...reply });
        return send(reply.status, reply.body);
      }
      const reply = handle(method, url.pathname, body);
      send(reply.status, reply.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/**
 * What a browser test does at "the bank" and at Stripe's end, since the stand-in runs in a process of its
 * own there (not Stripe's API): `POST /_stand-in/sessions/<id>/settle?succeeded=true|false` settles a SEPA
 * debit and sends `checkout.session.async_payment_succeeded`/`_failed`; `POST /_stand-in/renew?custom_id=`
 * charges the next month of the subscription made for our order item and sends `invoice.paid`;
 * `GET /_stand-in/subscriptions?custom_id=` answers that subscription. Each answers the webhook's status.
 */
function serveTestControls(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: StripeStandIn,
): boolean {
  if (!url.pathname.startsWith("/_stand-in/")) return false;
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const bySubscriber = () =>
    [...state.subscriptions.values()]
      .filter((sub) => sub.metadata.custom_id === url.searchParams.get("custom_id"))
      .at(-1);
  void (async () => {
    const settle = /^\/_stand-in\/sessions\/([^/]+)\/settle$/.exec(url.pathname);
    if (settle && req.method === "POST") {
      const id = decodeURIComponent(settle[1] ?? "");
      if (!state.sessions.has(id)) return send(404, { error: "no such session" });
      const succeeded = url.searchParams.get("succeeded") !== "false";
      state.settle(id, succeeded);
      const type = succeeded
        ? "checkout.session.async_payment_succeeded"
        : "checkout.session.async_payment_failed";
      return send(200, { webhook: await state.deliver(state.event(type, state.sessionObject(id))) });
    }
    const sub = bySubscriber();
    if (!sub) return send(404, { error: "no such subscription" });
    if (url.pathname === "/_stand-in/renew" && req.method === "POST") {
      const invoice = state.renew(sub.id);
      return send(200, { invoice, webhook: await state.deliver(state.event("invoice.paid", invoice)) });
    }
    if (url.pathname === "/_stand-in/subscriptions") return send(200, state.subscriptionObject(sub.id));
    return send(404, { error: "unknown control" });
  })();
  return true;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Stripe's hosted page as a browser test meets it: the lines and total, "Pay by card", "Pay by SEPA
 * Direct Debit" and a back link to `cancel_url`. Paying sends `checkout.session.completed` to the
 * webhook (when set) and then goes to `success_url` with `{CHECKOUT_SESSION_ID}` filled in, as Stripe does.
 */
function serveHostedPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  raw: string,
  state: StripeStandIn,
): boolean {
  const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
  if (!page) return false;
  const session = state.sessions.get(decodeURIComponent(page[1] ?? ""));
  if (!session) {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Something went wrong");
    return true;
  }
  const request = session.request;
  if (req.method === "POST") {
    const method = new URLSearchParams(raw).get("method") === "sepa_debit" ? "sepa_debit" : "card";
    void (async () => {
      if (session.status === "open") {
        state.pay(session.id, method);
        await state
          .deliver(state.event("checkout.session.completed", state.sessionObject(session.id)))
          .catch(() => 0);
      }
      const target = String(request.success_url).replace("{CHECKOUT_SESSION_ID}", session.id);
      res.writeHead(303, { location: target });
      res.end();
    })();
    return true;
  }
  const lines = ((request.line_items as Json[] | undefined) ?? [])
    .map((item) => {
      if (item.price) {
        const price = state.prices.get(String(item.price));
        const monthly = (Number(price?.unit_amount) / 100).toFixed(2);
        return `<li>${escapeHtml(String(price?.nickname ?? item.price))}: ${monthly} € / month</li>`;
      }
      const data = item.price_data as Json;
      const name = String((data.product_data as Json).name);
      return `<li>${escapeHtml(name)}: ${(Number(data.unit_amount) / 100).toFixed(2)} €</li>`;
    })
    .join("");
  const total = (session.amount_total / 100).toFixed(2);
  const methods = (request.allowed_payment_method_types as string[] | undefined) ?? ["card", "sepa_debit"];
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="${escapeHtml(String(request.locale ?? "de"))}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe Checkout (stand-in)</title></head>
<body><h1>Stripe Checkout (stand-in)</h1><ul>${lines}</ul><p data-testid="total">${total} €</p>
${session.status !== "open" ? "<p>This session is no longer open.</p>" : ""}
<form method="post"><input type="hidden" name="method" value="card"><button type="submit">Pay by card</button></form>
${methods.includes("sepa_debit") ? '<form method="post"><input type="hidden" name="method" value="sepa_debit"><button type="submit">Pay by SEPA Direct Debit</button></form>' : ""}
${request.cancel_url ? `<a href="${escapeHtml(String(request.cancel_url))}">Back</a>` : ""}
</body></html>`);
  return true;
}
