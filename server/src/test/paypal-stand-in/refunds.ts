import {
  capturedCents,
  cents,
  type Json,
  type PayPalStore,
  paypalError,
  type Route,
  type StandInOrder,
  type StandInRefund,
} from "./store.ts";

/**
 * Payments v2: refunds of a capture, made by the shop through the API or by staff in PayPal's
 * dashboard, and a refund's details. PayPal refuses a refund of more than is left
 * (REFUND_AMOUNT_EXCEEDED), so does the stand-in.
 */

export const money = (amount: number) => ({ currency_code: "EUR", value: (amount / 100).toFixed(2) });

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
  const status = store.refundAnswers.get(order.id) ?? "COMPLETED";
  const made: StandInRefund = { id: `REF${store.next()}`, orderId: order.id, amountCents: asked, status };
  store.refunds.set(made.id, made);
  if (status === "COMPLETED" || status === "PENDING") {
    order.refundedCents += asked;
    order.refunds.push(asked);
  }
  return { status: 201, body: refundResource(store, made) };
}

/** A refund as Payments v2 shows it: a pending one says why (`ECHECK`), and links its capture. */
function refundResource(store: PayPalStore, made: StandInRefund): Json {
  const order = store.orders.get(made.orderId);
  return {
    id: made.id,
    status: made.status,
    ...(made.status === "PENDING" ? { status_details: { reason: "ECHECK" } } : {}),
    amount: money(made.amountCents),
    links: [
      { href: `${store.url}/v2/payments/refunds/${made.id}`, rel: "self", method: "GET" },
      { href: `${store.url}/v2/payments/captures/${order?.captureId}`, rel: "up", method: "GET" },
    ],
  };
}

/**
 * A pending refund ends, as PayPal ends it: `COMPLETED`, or `FAILED` / `CANCELLED`, which give its money
 * back to the capture. Only a pending refund changes (PayPal does not fail a completed one); answers it.
 */
export function endPendingRefund(
  store: PayPalStore,
  refundId: string,
  status: "COMPLETED" | "FAILED" | "CANCELLED",
): Json {
  const made = store.refunds.get(refundId);
  if (!made) throw new Error(`no stand-in refund ${refundId}`);
  if (made.status !== "PENDING") throw new Error(`refund ${refundId} is ${made.status}, not PENDING`);
  made.status = status;
  const order = store.orders.get(made.orderId);
  if (order && status !== "COMPLETED") order.refundedCents -= made.amountCents;
  return refundResource(store, made);
}

export const refundRoutes = (store: PayPalStore): Route[] => [
  {
    method: "POST",
    path: /^\/v2\/payments\/captures\/([^/]+)\/refund$/,
    run: (match, body) => refundCapture(store, decodeURIComponent(match[1] ?? ""), body),
  },
  {
    method: "GET",
    path: /^\/v2\/payments\/refunds\/([^/]+)$/,
    run(match) {
      const made = store.refunds.get(decodeURIComponent(match[1] ?? ""));
      return made
        ? { status: 200, body: refundResource(store, made) }
        : paypalError(store, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    },
  },
];

export function capturedOrder(store: PayPalStore, orderId: string): StandInOrder & { captureId: string } {
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
