import { INTL_LOCALES } from "@atelier/contract";
import {
  centsOf,
  type GatewayAddress,
  GatewayError,
  type GatewayFailure,
  type GatewayOrder,
  type GatewayRefund,
  type PaymentGateway,
} from "./gateway.ts";
import {
  eur,
  type PayPalClient,
  PayPalError,
  type PayPalOrder,
  type PayPalRefund,
  type PayPalSubscription,
} from "./paypal-client.ts";

/** PayPal's issue names (Orders v2 error details) in checkout's words. */
const FAILURE_BY_ISSUE: Record<string, GatewayFailure> = {
  INSTRUMENT_DECLINED: "instrument_declined",
  PAYER_ACTION_REQUIRED: "instrument_declined",
  ORDER_ALREADY_CAPTURED: "already_captured",
  ORDER_NOT_APPROVED: "not_approved",
  TRANSACTION_REFUSED: "declined",
  PAYEE_BLOCKED_TRANSACTION: "declined",
  COMPLIANCE_VIOLATION: "declined",
  PAYER_CANNOT_PAY: "declined",
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: "declined",
  ORDER_EXPIRED: "declined",
  INVALID_RESOURCE_ID: "not_found",
  RESOURCE_NOT_FOUND: "not_found",
};

function translate(error: unknown): never {
  if (error instanceof PayPalError) {
    const failure: GatewayFailure = error.retryable
      ? "unavailable"
      : ((error.issue ? FAILURE_BY_ISSUE[error.issue] : undefined) ??
        (error.status === 404 ? "not_found" : "refused"));
    throw new GatewayError(failure, error.message);
  }
  throw error;
}

/**
 * The payer's address in PayPal's answer (D290): `payer.address` (Orders v2; `payment_source.paypal.address`
 * is the same for a wallet payment). A purchase unit's `shipping` is where goods go, not the billing
 * address, and is not read. Null without a first address line: PayPal often gives the country alone.
 */
export function payerAddressOf(order: PayPalOrder): GatewayAddress | null {
  const address = order.payer?.address ?? order.payment_source?.paypal?.address;
  if (!address?.address_line_1) return null;
  const name = order.payer?.name;
  return {
    name: [name?.given_name, name?.surname].filter(Boolean).join(" "),
    street: [address.address_line_1, address.address_line_2].filter(Boolean).join(", "),
    postCode: address.postal_code ?? "",
    city: address.admin_area_2 ?? "",
    country: address.country_code ?? "",
  };
}

function toGatewayOrder(order: PayPalOrder): GatewayOrder {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const approve = order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve");
  return {
    id: order.id,
    status: order.status,
    approveUrl: approve?.href ?? null,
    capture: capture
      ? {
          id: capture.id,
          status: capture.status,
          amountCents: centsOf(capture.amount?.value),
          currency: capture.amount?.currency_code ?? null,
          customId: capture.custom_id ?? unit?.custom_id ?? null,
          invoiceId: capture.invoice_id ?? unit?.invoice_id ?? null,
          billingAddress: payerAddressOf(order),
        }
      : null,
    payer: order.payer?.name
      ? { firstName: order.payer.name.given_name ?? "", lastName: order.payer.name.surname ?? "" }
      : null,
  };
}

/** A refund in the gateway's terms: PayPal's status as it is, the amount in cents. */
const toGatewayRefund = (refund: PayPalRefund): GatewayRefund => ({
  id: refund.id,
  status: refund.status,
  amountCents: centsOf(refund.amount?.value),
});

function toGatewaySubscription(subscription: PayPalSubscription) {
  return {
    id: subscription.id,
    status: subscription.status,
    approveUrl: subscription.links?.find((link) => link.rel === "approve")?.href ?? null,
  };
}

/** The gateway on PayPal's REST API (paypal-client.ts). */
export function createPayPalGateway(client: PayPalClient): PaymentGateway {
  return {
    name: "paypal",
    createProduct: (product, requestId) =>
      client
        .createProduct(
          {
            name: product.name,
            description: product.description,
            type: "SERVICE",
            category: "EDUCATIONAL_AND_TEXTBOOKS",
          },
          requestId,
        )
        .then((created) => ({ id: created.id }), translate),
    createMonthlyPlan: (plan, requestId) =>
      client
        .createPlan(
          {
            product_id: plan.productId,
            name: plan.name,
            status: "ACTIVE",
            billing_cycles: [
              {
                frequency: { interval_unit: "MONTH", interval_count: 1 },
                tenure_type: "REGULAR",
                sequence: 1,
                total_cycles: 0,
                pricing_scheme: { fixed_price: eur(plan.priceCents) },
              },
            ],
            // A failed charge suspends at once: the shop then offers the month as a one-off payment.
            payment_preferences: { auto_bill_outstanding: false, payment_failure_threshold: 1 },
          },
          requestId,
        )
        .then((created) => ({ id: created.id }), translate),
    createSubscription: (request, requestId) =>
      client
        .createSubscription(
          {
            plan_id: request.planId,
            custom_id: request.customId,
            start_time: request.startTime.toISOString(),
            application_context: {
              brand_name: "Atelier",
              locale: INTL_LOCALES[request.locale],
              shipping_preference: "NO_SHIPPING",
              user_action: "SUBSCRIBE_NOW",
              return_url: request.returnUrl,
              cancel_url: request.cancelUrl,
            },
          },
          requestId,
        )
        .then(toGatewaySubscription, translate),
    cancelSubscription: (subscriptionId, reason) =>
      client.cancelSubscription(subscriptionId, reason).then(
        () => undefined,
        (error: unknown) => {
          // Already cancelled or expired at PayPal: what we wanted.
          if (error instanceof PayPalError && error.issue === "SUBSCRIPTION_STATUS_INVALID") return;
          translate(error);
        },
      ),
    createOrder: (request, requestId) =>
      client.createOrder(request, requestId).then(toGatewayOrder, translate),
    getOrder: (orderId) => client.getOrder(orderId).then(toGatewayOrder, translate),
    captureOrder: (orderId, requestId) =>
      client.captureOrder(orderId, requestId).then(toGatewayOrder, translate),
    refundCapture: (captureId, requestId, amountCents) =>
      client
        .refundCapture(captureId, requestId, amountCents === undefined ? {} : { amount: eur(amountCents) })
        .then(toGatewayRefund, translate),
    getRefund: (refundId) => client.getRefund(refundId).then(toGatewayRefund, translate),
  };
}
