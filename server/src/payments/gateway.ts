import type { Locale } from "@atelier/contract";
import type { CreateOrderRequest } from "./paypal-client.ts";

/**
 * What checkout needs of a payment gateway (D49). PayPal's REST API and the offline demo gateway both
 * implement it, so the same checkout, capture and refund code runs in tests, demo and production.
 * Every write takes a request id: the same id again replays the first answer instead of acting twice.
 */

export type GatewayName = "paypal" | "demo" | "stripe";

/** A gateway as invoices and the school's notices name it, before its payment reference. */
export const GATEWAY_LABELS: Record<GatewayName, string> = {
  paypal: "PayPal",
  demo: "Demo",
  stripe: "Stripe",
};

export type GatewayCapture = {
  id: string;
  /** PayPal's capture states; only COMPLETED means the money is ours. */
  status: "COMPLETED" | "PENDING" | "DECLINED" | "FAILED" | "REFUNDED" | "PARTIALLY_REFUNDED";
  amountCents: number;
  /** The captured amount's currency (null when the answer named none). */
  currency: string | null;
  /** What the shop sent as custom_id and invoice_id (the capture's, else its purchase unit's): whose order it is. */
  customId: string | null;
  invoiceId: string | null;
  /**
   * The buyer's billing address as the gateway collected it (D290): Stripe Checkout's
   * `customer_details.address` when the session asked for it, PayPal's `payer.address`. Undefined or null
   * when the answer carried none (a webhook's capture resource, a payer without an address).
   */
  billingAddress?: GatewayAddress | null;
};

/** A postal address a gateway gave; `country` is the ISO 3166-1 alpha-2 code. */
export type GatewayAddress = {
  name: string;
  street: string;
  postCode: string;
  city: string;
  country: string;
};

/** What the shop asks of a gateway order beyond its lines (D290). */
export type CreateOrderOptions = {
  /** The gateway's page asks the buyer for a full billing address (Stripe: `billing_address_collection`). */
  collectBillingAddress?: boolean;
};

export type GatewayOrder = {
  id: string;
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  /** Where the buyer approves the payment. */
  approveUrl: string | null;
  capture: GatewayCapture | null;
  payer: { firstName: string; lastName: string } | null;
};

export type GatewayRefund = { id: string; status: string; amountCents: number };

/**
 * Why a call failed, in the words checkout acts on. `unavailable`: the gateway could not be reached or
 * answered 5xx/429 (the same call may be retried); `instrument_declined`: the buyer must choose another
 * funding source (PayPal's restart); `declined`: refused for good; `already_captured`: look the order up.
 */
export type GatewayFailure =
  | "unavailable"
  | "instrument_declined"
  | "declined"
  | "already_captured"
  | "not_approved"
  | "not_found"
  | "refused";

export class GatewayError extends Error {
  constructor(
    readonly failure: GatewayFailure,
    message: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

/** A gateway subscription (PayPal Subscriptions v1) as the subscriptions code reads it. */
export type GatewaySubscription = {
  id: string;
  status: "APPROVAL_PENDING" | "APPROVED" | "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
  approveUrl: string | null;
};

export type SubscriptionRequest = {
  planId: string;
  /** Our order item's id, echoed in every event of the subscription. */
  customId: string;
  /** The first automatic charge: when the month paid at checkout (or by hand) ends. */
  startTime: Date;
  locale: Locale;
  returnUrl: string;
  cancelUrl: string;
};

export type PaymentGateway = {
  name: GatewayName;
  /** A catalog product (created once, its id stored in `gateway_catalog`). */
  createProduct(product: { name: string; description: string }, requestId: string): Promise<{ id: string }>;
  /** A monthly EUR billing plan of a product at one price (created once per price). */
  createMonthlyPlan(
    plan: { productId: string; name: string; priceCents: number },
    requestId: string,
  ): Promise<{ id: string }>;
  createSubscription(request: SubscriptionRequest, requestId: string): Promise<GatewaySubscription>;
  /** Stops the automatic charges; a subscription that is already cancelled is not an error. */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  createOrder(
    request: CreateOrderRequest,
    requestId: string,
    options?: CreateOrderOptions,
  ): Promise<GatewayOrder>;
  /** Closes an order the buyer turned back from, so it can no longer be paid (Stripe: expire the session). */
  voidOrder?(orderId: string): Promise<void>;
  getOrder(orderId: string): Promise<GatewayOrder>;
  captureOrder(orderId: string, requestId: string): Promise<GatewayOrder>;
  refundCapture(captureId: string, requestId: string, amountCents?: number): Promise<GatewayRefund>;
  /**
   * A refund as the gateway holds it now, with why it failed if the gateway says (Stripe's
   * `failure_reason`). Asked about while a refund is pending (D570): PayPal reports no refund's end by
   * webhook, and a Stripe event can be missed.
   */
  getRefund?(refundId: string): Promise<GatewayRefund & { failureReason?: string | null }>;
};

/** "79.00" → 7900; PayPal's money values have two decimals for EUR. */
export function centsOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const [whole = "0", fraction = ""] = value.split(".");
  const sign = whole.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2)));
}
