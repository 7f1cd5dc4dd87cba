import {
  capturedCents,
  cents,
  type Json,
  type PayPalStore,
  paypalError,
  type Route,
  type StandInOrder,
} from "./store.ts";

/**
 * Payments v2: refunds of a capture, made by the shop through the API or by staff in PayPal's
 * dashboard. PayPal refuses a refund of more than is left (REFUND_AMOUNT_EXCEEDED), so does the stand-in.
 */

const money = (amount: number) => ({ currency_code: "EUR", value: (amount / 100).toFixed(2) });

function refundCapture(store: PayPalStore, captureId: string, body: Json) {
  const order = [...store.orders.values()].find((o) => o.captureId === captureId);
  if (!order) return paypalError(store, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  const captured = capturedCents(order);
  const asked = body.amount
    ? cents((body.amount as { value: string }).value)
    : captured - order.refundedCents;
  if (asked <= 0 || order.refundedCents + asked > captured)
    return paypalError(store, 422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
  // A refusal is an answer PayPal acted on: the same request id gets it again, after the cause is gone too.
  if (store.refundRefusals.has(order.id))
    return paypalError(store, 422, "UNPROCESSABLE_ENTITY", "REFUND_FAILED_INSUFFICIENT_FUNDS");
  // A refund PayPal could not make is still an answer (201) with its status: nothing leaves the balance.
  const gaveNothing = store.refundAnswers.get(order.id);
  if (gaveNothing)
    return { status: 201, body: { id: `REF${store.next()}`, status: gaveNothing, amount: money(asked) } };
  order.refundedCents += asked;
  order.refunds.push(asked);
  return { status: 201, body: { id: `REF${store.next()}`, status: "COMPLETED", amount: money(asked) } };
}

export const refundRoutes = (store: PayPalStore): Route[] => [
  {
    method: "POST",
    path: /^\/v2\/payments\/captures\/([^/]+)\/refund$/,
    run: (match, body) => refundCapture(store, decodeURIComponent(match[1] ?? ""), body),
  },
];

function capturedOrder(store: PayPalStore, orderId: string): StandInOrder & { captureId: string } {
  const order = store.orders.get(orderId);
  if (!order?.captureId) throw new Error(`stand-in order ${orderId} is not captured`);
  return order as StandInOrder & { captureId: string };
}

/**
 * Staff refund a captured order in PayPal's dashboard (all that is left, or `amount` cents); answers the
 * refund's resource as PAYMENT.CAPTURE.REFUNDED carries it. Not counted among the API's refunds.
 */
export function refundAtPayPal(store: PayPalStore, orderId: string, amount?: number): Json {
  const order = capturedOrder(store, orderId);
  const refunded = amount ?? capturedCents(order) - order.refundedCents;
  order.refundedCents += refunded;
  const id = `REF${store.next()}`;
  return {
    id,
    status: "COMPLETED",
    amount: money(refunded),
    links: [
      { href: `${store.url}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
      { href: `${store.url}/v2/payments/captures/${order.captureId}`, rel: "up", method: "GET" },
    ],
  };
}

/** The resource of a PAYMENT.CAPTURE.COMPLETED event for an order captured here. */
export function captureResource(store: PayPalStore, orderId: string): Json {
  const order = capturedOrder(store, orderId);
  const unit = (order.request.purchase_units as Json[] | undefined)?.[0] ?? {};
  return {
    id: order.captureId,
    status: "COMPLETED",
    amount: unit.amount,
    custom_id: unit.custom_id,
    invoice_id: unit.invoice_id,
    supplementary_data: { related_ids: { order_id: order.id } },
  };
}
