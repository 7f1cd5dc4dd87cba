import Stripe from "stripe";
import {
  type CreateOrderOptions,
  centsOf,
  type GatewayAddress,
  type GatewayCapture,
  GatewayError,
  type GatewayFailure,
  type GatewayOrder,
  type GatewaySubscription,
  type PaymentGateway,
  type SubscriptionRequest,
} from "./gateway.ts";
import type { CreateOrderRequest } from "./paypal-client.ts";

/**
 * Stripe Checkout (payment mode) behind the gateway interface (D103), through the official client pointed
 * at `STRIPE_API_BASE`. A gateway order is a Checkout Session (`cs_…`); its capture is the session's
 * PaymentIntent (`pi_…`): Stripe captures when the buyer pays, so "capture" only reads the session.
 */

export type StripeSettings = {
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  paymentMethodTypes: string[];
};

/** Stripe's ids by kind: our gateway orders are sessions, captures are payment intents. */
export const isStripeSessionId = (id: string) => id.startsWith("cs_");
export const isStripeCaptureId = (id: string) => id.startsWith("pi_");
/** Stripe's refunds: `re_` (a card's), `pyr_` (some payment methods'). */
export const isStripeRefundId = (id: string) => id.startsWith("re_") || id.startsWith("pyr_");
/**
 * A course subscription's autopay at Stripe (D115): its Checkout Session (`cs_…`) until the parent
 * completed it, then the subscription (`sub_…`).
 */
export const isStripeSubscriptionId = (id: string) => id.startsWith("sub_") || isStripeSessionId(id);

/** Stripe wants a Checkout subscription's trial to end at least 48 hours ahead; an hour more for the way. */
export const STRIPE_TRIAL_MIN_MS = 49 * 3_600_000;

/** Seconds a webhook's signature time may be off ours: Stripe's own default for its libraries. */
export const WEBHOOK_TOLERANCE_S = 300;

/** Stripe's limit for a line item's name and a metadata value. */
const NAME_MAX = 250;

/**
 * The Checkout Session of an order the shop describes to its gateways (the Orders v2 shape checkout
 * builds for every gateway): one line per item at its list price less its share of the discounts and the
 * gift card, so Σ lines = the amount due to the cent. Stripe has no "discount" field without coupons (an
 * extra object per order), so the discount is taken off the lines, largest first, never below 0.
 */
export function sessionParamsOf(
  request: CreateOrderRequest,
  paymentMethodTypes: string[],
  options: CreateOrderOptions = {},
): Stripe.Checkout.SessionCreateParams {
  const unit = request.purchase_units[0];
  if (!unit) throw new Error("an order has one purchase unit");
  const context = request.payment_source?.paypal?.experience_context;
  if (!context?.return_url || !context.cancel_url)
    throw new GatewayError("refused", "Stripe Checkout needs success_url and cancel_url");
  const lines = (unit.items ?? []).map((item) => ({
    name: item.name,
    cents: centsOf(item.unit_amount.value) * Number(item.quantity),
  }));
  let discount = centsOf(unit.amount.breakdown?.discount?.value);
  for (const line of [...lines].sort((a, b) => b.cents - a.cents)) {
    const off = Math.min(discount, line.cents);
    line.cents -= off;
    discount -= off;
  }
  const metadata = {
    order: unit.reference_id ?? "",
    custom_id: unit.custom_id ?? "",
    invoice_id: unit.invoice_id ?? "",
  };
  return {
    mode: "payment",
    line_items: lines.map((line) => ({
      quantity: 1,
      price_data: {
        currency: "eur",
        unit_amount: line.cents,
        product_data: { name: line.name.slice(0, NAME_MAX) },
      },
    })),
    client_reference_id: unit.custom_id,
    metadata,
    payment_intent_data: { metadata, ...(unit.description ? { description: unit.description } : {}) },
    locale: context.locale?.startsWith("ru") ? "ru" : "de",
    success_url: context.return_url,
    cancel_url: context.cancel_url,
    // An invoice over 250 € needs the buyer's address, which a front end without address fields never
    // asked for: Stripe's page asks for it, and the completed session carries it (D290).
    ...(options.collectBillingAddress ? { billing_address_collection: "required" as const } : {}),
    // The API version this client speaks filters the account's payment methods by this list (the older
    // `payment_method_types` is gone); empty: whatever the dashboard enables.
    ...(paymentMethodTypes.length > 0
      ? {
          allowed_payment_method_types:
            paymentMethodTypes as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[],
        }
      : {}),
  };
}

function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const failure: GatewayFailure =
      error instanceof Stripe.errors.StripeConnectionError || status === 429 || status >= 500 || status === 0
        ? "unavailable"
        : error instanceof Stripe.errors.StripeCardError
          ? "declined"
          : status === 404 || error.code === "resource_missing"
            ? "not_found"
            : "refused";
    // Stripe's message names the parameter or the reason; it carries no key or card data.
    throw new GatewayError(failure, `Stripe ${status} ${error.code ?? error.type}: ${error.message}`);
  }
  throw error;
}

/** The address Stripe's page collected (`customer_details.address`); null unless it has a street. */
export function addressOfSession(session: Stripe.Checkout.Session): GatewayAddress | null {
  const details = session.customer_details;
  const address = details?.address;
  if (!address?.line1) return null;
  return {
    name: details?.name ?? "",
    street: [address.line1, address.line2].filter(Boolean).join(", "),
    postCode: address.postal_code ?? "",
    city: address.city ?? "",
    country: address.country ?? "",
  };
}

/** A session read into checkout's words; its payment intent must be expanded. */
export function orderOfSession(session: Stripe.Checkout.Session): GatewayOrder {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const metadata = session.metadata ?? {};
  let capture: GatewayCapture | null = null;
  if (intent) {
    const status: GatewayCapture["status"] =
      intent.status === "succeeded"
        ? "COMPLETED"
        : intent.status === "processing"
          ? "PENDING"
          : intent.status === "canceled" || intent.status === "requires_payment_method"
            ? "DECLINED"
            : "PENDING";
    capture = {
      id: intent.id,
      status,
      amountCents: intent.amount,
      currency: intent.currency.toUpperCase(),
      customId: metadata.custom_id || null,
      invoiceId: metadata.invoice_id || null,
      billingAddress: addressOfSession(session),
    };
  }
  return {
    id: session.id,
    status:
      session.status === "expired"
        ? "VOIDED"
        : session.status === "complete"
          ? session.payment_status === "unpaid"
            ? "APPROVED"
            : "COMPLETED"
          : "CREATED",
    approveUrl: session.url ?? null,
    capture,
    payer: null,
  };
}

export function createStripeClient(settings: Pick<StripeSettings, "apiBase" | "secretKey">): Stripe {
  const base = new URL(settings.apiBase);
  return new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === "http:" ? 80 : 443),
    protocol: base.protocol === "http:" ? "http" : "https",
    // Retries reuse the request's idempotency key, so a retried create or refund acts once; bounded.
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });
}

/** The Checkout Session of a course subscription's autopay (D115); the first charge when `startTime` comes. */
export function subscriptionSessionParamsOf(
  request: SubscriptionRequest,
  paymentMethodTypes: string[],
  now = Date.now(),
): Stripe.Checkout.SessionCreateParams {
  const metadata = { custom_id: request.customId };
  // The month paid already is a trial at Stripe: nothing is charged now, the first invoice when it ends.
  const trialEnd = Math.max(request.startTime.getTime(), now + STRIPE_TRIAL_MIN_MS);
  return {
    mode: "subscription",
    line_items: [{ price: request.planId, quantity: 1 }],
    client_reference_id: request.customId,
    metadata,
    subscription_data: { trial_end: Math.ceil(trialEnd / 1000), metadata },
    locale: request.locale,
    success_url: request.returnUrl,
    cancel_url: request.cancelUrl,
    ...(paymentMethodTypes.length > 0
      ? {
          allowed_payment_method_types:
            paymentMethodTypes as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[],
        }
      : {}),
  };
}

/** Stripe's subscription states in the words of PayPal's (what the subscriptions code reads). */
export function subscriptionStatusOf(status: Stripe.Subscription.Status): GatewaySubscription["status"] {
  if (status === "active" || status === "trialing") return "ACTIVE";
  if (status === "canceled" || status === "incomplete_expired") return "CANCELLED";
  if (status === "incomplete") return "APPROVAL_PENDING";
  return "SUSPENDED";
}

/** A payment-mode Checkout Session, once per request id. */
const createSession = (stripe: Stripe, params: Stripe.Checkout.SessionCreateParams, requestId: string) =>
  stripe.checkout.sessions.create(params, { idempotencyKey: requestId }).then(orderOfSession, translate);

/** Stripe's page stays payable after its back link until the session expires: it is closed now (D291). */
async function expireOpenSession(stripe: Stripe, sessionId: string): Promise<void> {
  const session = await stripe.checkout.sessions.retrieve(sessionId).catch(translate);
  if (session.status === "open") await stripe.checkout.sessions.expire(sessionId).catch(translate);
}

/**
 * Ends a subscription at Stripe. An id of a Checkout Session not completed yet closes the session so it
 * cannot start one; a completed one's subscription ends. One cancelled before is nothing to stop.
 */
async function cancelSubscription(stripe: Stripe, subscriptionId: string, reason: string): Promise<void> {
  let id = subscriptionId;
  if (isStripeSessionId(id)) {
    // Not completed yet: the session is closed so it cannot start one; completed: its subscription ends.
    const session = await stripe.checkout.sessions.retrieve(id).catch(translate);
    const made = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
    if (!made) {
      if (session.status === "open") await stripe.checkout.sessions.expire(id).catch(translate);
      return;
    }
    id = made;
  }
  try {
    await stripe.subscriptions.cancel(id, { cancellation_details: { comment: reason.slice(0, 500) } });
  } catch (error) {
    // Cancelled before (by us, at the dashboard, or by Stripe after failed charges): nothing to stop.
    const now = await stripe.subscriptions.retrieve(id).catch(() => undefined);
    if (now?.status === "canceled" || now?.status === "incomplete_expired") return;
    translate(error);
  }
}

/**
 * A Stripe refund's status in the gateway's words, PayPal's: COMPLETED, PENDING (also a refund waiting for
 * the customer's action), FAILED, CANCELLED.
 */
const REFUND_STATUSES: Record<string, string> = {
  succeeded: "COMPLETED",
  pending: "PENDING",
  requires_action: "PENDING",
  failed: "FAILED",
  canceled: "CANCELLED",
};
const refundStatusOf = (status: string | null | undefined) =>
  REFUND_STATUSES[status ?? "pending"] ?? (status ?? "pending").toUpperCase();

/** A Stripe refund in the gateway's terms, with why it failed or was cancelled (`failure_reason`). */
const toGatewayRefund = (refund: Stripe.Refund) => ({
  id: refund.id,
  status: refundStatusOf(refund.status),
  amountCents: refund.amount,
  failureReason: refund.failure_reason ?? null,
});

/** The gateway on Stripe's API: Checkout in payment mode for orders, in subscription mode for autopay. */
export function createStripeGateway(
  stripe: Stripe,
  settings: StripeSettings,
): PaymentGateway & {
  /** The event of a webhook delivery when its `Stripe-Signature` is ours and recent; throws otherwise. */
  verifyEvent(payload: string, signature: string): Stripe.Event;
  /**
   * Refunds Stripe holds for a payment intent (newest first): a `charge.refunded` event names none. A
   * refund that failed after Stripe accepted it says why (`lost_or_stolen_card`, `expired_or_canceled_card`,
   * `unknown`).
   */
  refundsOf(
    captureId: string,
  ): Promise<{ id: string; amountCents: number; status: string; failureReason: string | null }[]>;
  /** A subscription as Stripe holds it now, with our order item (its `custom_id`). */
  getSubscription(subscriptionId: string): Promise<StripeSubscriptionState>;
  /** The subscription a completed subscription-mode Checkout Session made (null: not completed). */
  subscriptionOfSession(sessionId: string): Promise<string | null>;
} {
  const getOrder = (sessionId: string) =>
    stripe.checkout.sessions
      .retrieve(sessionId, { expand: ["payment_intent"] })
      .then(orderOfSession, translate);
  return {
    name: "stripe",
    createProduct: (product, requestId) =>
      stripe.products
        .create({ name: product.name, description: product.description }, { idempotencyKey: requestId })
        .then((created) => ({ id: created.id }), translate),
    createMonthlyPlan: (plan, requestId) =>
      stripe.prices
        .create(
          {
            product: plan.productId,
            currency: "eur",
            unit_amount: plan.priceCents,
            recurring: { interval: "month", interval_count: 1 },
            nickname: plan.name.slice(0, NAME_MAX),
          },
          { idempotencyKey: requestId },
        )
        .then((created) => ({ id: created.id }), translate),
    createSubscription: (request, requestId) =>
      stripe.checkout.sessions
        .create(subscriptionSessionParamsOf(request, settings.paymentMethodTypes), {
          idempotencyKey: requestId,
        })
        .then(
          (session): GatewaySubscription => ({
            id: session.id,
            status: "APPROVAL_PENDING",
            approveUrl: session.url ?? null,
          }),
          translate,
        ),
    cancelSubscription: (subscriptionId, reason) => cancelSubscription(stripe, subscriptionId, reason),
    createOrder: (request, requestId, options) =>
      createSession(stripe, sessionParamsOf(request, settings.paymentMethodTypes, options), requestId),
    voidOrder: (sessionId) => expireOpenSession(stripe, sessionId),
    getOrder,
    async captureOrder(sessionId) {
      // Stripe captured when the buyer paid; until then there is nothing to capture.
      const order = await getOrder(sessionId);
      if (!order.capture) throw new GatewayError("not_approved", "the Checkout Session is not paid yet");
      return order;
    },
    refundCapture: (captureId, requestId, amountCents) =>
      stripe.refunds
        .create(
          { payment_intent: captureId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
          { idempotencyKey: requestId },
        )
        .then(toGatewayRefund, translate),
    getRefund: (refundId) => stripe.refunds.retrieve(refundId).then(toGatewayRefund, translate),
    verifyEvent: (payload, signature) =>
      stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_S),
    refundsOf: (captureId) =>
      stripe.refunds
        .list({ payment_intent: captureId, limit: 100 })
        .then((list) => list.data.map(toGatewayRefund), translate),
    getSubscription: (subscriptionId) =>
      stripe.subscriptions.retrieve(subscriptionId).then(
        (found) => ({
          id: found.id,
          status: subscriptionStatusOf(found.status),
          customId: found.metadata?.custom_id || null,
        }),
        translate,
      ),
    subscriptionOfSession: (sessionId) =>
      stripe.checkout.sessions.retrieve(sessionId).then((session) => {
        if (session.mode !== "subscription" || session.status !== "complete") return null;
        return typeof session.subscription === "string"
          ? session.subscription
          : (session.subscription?.id ?? null);
      }, translate),
  };
}

/** A Stripe subscription event in our words (the webhook reads Stripe's objects, D115). */
export type StripeSubscriptionEvent =
  | { kind: "session_completed"; sessionId: string; subscriptionId: string; at: Date }
  | {
      kind: "invoice_paid";
      subscriptionId: string;
      invoiceId: string;
      amountCents: number;
      at: Date;
      /** The order item the invoice's subscription was made for (its metadata's `custom_id`). */
      customId: string;
    }
  | { kind: "status"; subscriptionId: string; autopay: "active" | "suspended" | "cancelled"; at: Date };

export type StripeSubscriptionState = {
  id: string;
  status: GatewaySubscription["status"];
  customId: string | null;
};

export type StripeGateway = ReturnType<typeof createStripeGateway>;
