import { refuseBreakdown } from "./breakdown.ts";
import {
  capturedCents,
  type Json,
  nextCaptureId,
  type PayPalStore,
  paypalError,
  type Route,
  type StandInOrder,
  unprocessable,
} from "./store.ts";

/**
 * Orders v2: create (refusing amounts that do not add up, as PayPal does), get, capture. A capture is
 * refused before the buyer approved and after it was captured; a test may have the next capture refused
 * with PayPal's issue or completed with a DECLINED capture.
 */

/** The stand-in payer's address as Orders v2 gives it (`payer.address`); a test reads it on the invoice. */
export const PAYER_ADDRESS = {
  address_line_1: "Schönhauser Allee 80",
  admin_area_2: "Berlin",
  postal_code: "10439",
  country_code: "DE",
};

/** The payer once approved, with the address Orders v2 answers in `payer.address` (address_portable). */
const PAYER = {
  name: { given_name: "Eva", surname: "Muster" },
  email_address: "buyer@example.org",
  payer_id: "PAYER1",
  address: PAYER_ADDRESS,
};

/** A capture's status as PayPal shows it once refunds were made. */
const captureStatus = (order: StandInOrder) =>
  order.refundedCents === 0
    ? "COMPLETED"
    : order.refundedCents >= capturedCents(order)
      ? "REFUNDED"
      : "PARTIALLY_REFUNDED";

export function orderBody(store: PayPalStore, order: StandInOrder) {
  const units = (order.request.purchase_units as Json[] | undefined) ?? [];
  return {
    id: order.id,
    status: order.status,
    payer: order.status === "CREATED" ? undefined : PAYER,
    purchase_units: units.map((unit) => ({
      reference_id: unit.reference_id ?? "default",
      invoice_id: unit.invoice_id,
      custom_id: unit.custom_id,
      amount: unit.amount,
      payments: order.captureId
        ? {
            captures: [
              {
                id: order.captureId,
                status: captureStatus(order),
                amount: unit.amount,
                invoice_id: unit.invoice_id,
                custom_id: unit.custom_id,
              },
            ],
          }
        : undefined,
    })),
    links: [
      { href: `${store.url}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" },
      { href: `${store.url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
    ],
  };
}

/** A capture PayPal answers 201 with a DECLINED capture: the order is done, the money did not move. */
function declinedCapture(store: PayPalStore, order: StandInOrder) {
  order.status = "COMPLETED";
  const body = orderBody(store, order);
  const unit = body.purchase_units[0];
  if (unit)
    unit.payments = {
      captures: [
        {
          id: nextCaptureId(store),
          status: "DECLINED",
          amount: unit.amount,
          invoice_id: unit.invoice_id,
          custom_id: unit.custom_id,
        },
      ],
    };
  return { status: 201, body };
}

function createOrder(store: PayPalStore, body: Json) {
  const refused = refuseBreakdown(body);
  if (refused) return unprocessable(store, ...refused);
  const order: StandInOrder = {
    id: `SI${String(store.next()).padStart(15, "0")}`,
    status: "CREATED",
    request: body,
    refundedCents: 0,
    refunds: [],
  };
  store.orders.set(order.id, order);
  return { status: 201, body: orderBody(store, order) };
}

function captureOrder(store: PayPalStore, orderId: string) {
  const order = store.orders.get(orderId);
  if (!order) return paypalError(store, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  if (order.status === "COMPLETED")
    return paypalError(store, 422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
  if (order.status !== "APPROVED")
    return paypalError(store, 422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
  const refusal = store.captureRefusals.get(order.id);
  store.captureRefusals.delete(order.id);
  if (refusal === "DECLINED_STATUS") return declinedCapture(store, order);
  if (refusal) return paypalError(store, 422, "UNPROCESSABLE_ENTITY", refusal);
  order.status = "COMPLETED";
  order.captureId = nextCaptureId(store);
  return { status: 201, body: orderBody(store, order) };
}

export const orderRoutes = (store: PayPalStore): Route[] => [
  { method: "POST", path: /^\/v2\/checkout\/orders$/, run: (_, body) => createOrder(store, body) },
  {
    method: "GET",
    path: /^\/v2\/checkout\/orders\/([^/]+)$/,
    run(match) {
      const order = store.orders.get(decodeURIComponent(match[1] ?? ""));
      return order
        ? { status: 200, body: orderBody(store, order) }
        : paypalError(store, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    },
  },
  {
    method: "POST",
    path: /^\/v2\/checkout\/orders\/([^/]+)\/capture$/,
    run: (match) => captureOrder(store, decodeURIComponent(match[1] ?? "")),
  },
];

/** The buyer approves the order in PayPal's window. */
export function approveOrder(store: PayPalStore, orderId: string): void {
  const order = store.orders.get(orderId);
  if (order && order.status === "CREATED") order.status = "APPROVED";
}

/** The buyer approves and the order is captured at PayPal, as if our server had captured and then crashed. */
export function captureBehindOurBack(store: PayPalStore, orderId: string): string {
  const order = store.orders.get(orderId);
  if (!order) throw new Error(`stand-in has no order ${orderId}`);
  order.status = "COMPLETED";
  order.captureId ??= nextCaptureId(store);
  return order.captureId;
}
