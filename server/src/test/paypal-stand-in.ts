import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for PayPal's REST API, speaking the same protocol on 127.0.0.1 for the tests:
 * OAuth2 client credentials, Orders v2 (create, get, capture), Payments v2 refunds and webhook
 * signature verification, with PayPal-Request-Id idempotency. `approve()` plays the buyer.
 */

export type StandInOrder = {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  request: Record<string, unknown>;
  captureId?: string;
  refundedCents: number;
  /** Each refund made through the API, in cents, in order (a browser test reads them, D164). */
  refunds: number[];
};

export type SignedEvent = {
  headers: Record<string, string>;
  payload: { id: string; event_type: string; create_time: string; resource: Record<string, unknown> };
};

/** A Subscriptions v1 subscription as the stand-in keeps it. */
export type StandInSubscription = {
  id: string;
  status: "APPROVAL_PENDING" | "ACTIVE" | "SUSPENDED" | "CANCELLED";
  request: Record<string, unknown>;
  cancelReason?: string;
};

export type PayPalStandIn = {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, StandInOrder>;
  /** Catalog products and billing plans created (by id), and subscriptions. */
  products: Map<string, Record<string, unknown>>;
  plans: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, StandInSubscription>;
  /** Requests per "METHOD path" (order ids replaced by ":id"). */
  calls: Map<string, number>;
  tokenLifetimeS: number;
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void;
  /** Tokens issued so far stop working (PayPal revoked them). */
  revokeTokens(): void;
  /** The next `times` requests to this "METHOD path" answer `status` (or hang `delayMs` first). */
  failNext(route: string, status: number, delayMs?: number, times?: number): void;
  /** PayPal-Request-Id headers received, in order. */
  requestIds: string[];
  /** Staff refund a captured order in PayPal's dashboard (all that is left, or `cents`); returns the refund's resource. */
  refundAtPayPal(orderId: string, cents?: number): Record<string, unknown>;
  /** The signature a webhook from this stand-in carries. */
  signatureFor(transmissionId: string): string;
  /** The next capture of this order is refused with PayPal's issue (INSTRUMENT_DECLINED, TRANSACTION_REFUSED). */
  refuseNextCapture(orderId: string, issue: string): void;
  /** The next capture of this order completes with the capture status DECLINED (HTTP 201, as PayPal does). */
  declineNextCapture(orderId: string): void;
  /** The buyer approves and the order is captured at PayPal, as if our server had captured and then crashed. */
  captureBehindOurBack(orderId: string): string;
  /** A webhook event as PayPal posts it, with signature headers this stand-in verifies. */
  webhookEvent(
    eventType: string,
    resource: Record<string, unknown>,
    eventId?: string,
    createTime?: Date,
  ): SignedEvent;
  /** The resource of a PAYMENT.SALE.COMPLETED event: one monthly charge of a subscription. */
  saleResource(subscriptionId: string, saleId?: string): Record<string, unknown>;
  /** The resource of a PAYMENT.CAPTURE.COMPLETED event for an order captured here. */
  captureResource(orderId: string): Record<string, unknown>;
  close(): Promise<void>;
};

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

const cents = (value: unknown) => Math.round(Number(value) * 100);

/** What an order captured: its purchase unit's amount. */
const capturedCents = (order: StandInOrder) =>
  cents((order.request.purchase_units as { amount?: { value?: string } }[] | undefined)?.[0]?.amount?.value);

export async function startPayPalStandIn(
  options: { tokenLifetimeS?: number /** 0 (default): any free port. */; port?: number } = {},
): Promise<PayPalStandIn> {
  const clientId = "stand-in-client";
  const clientSecret = "stand-in-secret";
  const webhookId = "WH-STAND-IN";
  const orders = new Map<string, StandInOrder>();
  const calls = new Map<string, number>();
  const replies = new Map<string, { status: number; body: unknown; raw: string }>();
  const failures = new Map<string, { status: number; delayMs: number; times: number }>();
  const captureRefusals = new Map<string, string>();
  let validTokens = new Set<string>();
  let counter = 0;

  const state: PayPalStandIn = {
    url: "",
    clientId,
    clientSecret,
    webhookId,
    orders,
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    calls,
    tokenLifetimeS: options.tokenLifetimeS ?? 32_400,
    approve(orderId) {
      const order = orders.get(orderId);
      if (order && order.status === "CREATED") order.status = "APPROVED";
    },
    revokeTokens() {
      validTokens = new Set();
    },
    failNext(route, status, delayMs = 0, times = 1) {
      failures.set(route, { status, delayMs, times });
    },
    requestIds: [],
    refundAtPayPal(orderId, cents) {
      const order = orders.get(orderId);
      if (!order?.captureId) throw new Error(`stand-in order ${orderId} is not captured`);
      const captured = capturedCents(order);
      const amount = cents ?? captured - order.refundedCents;
      order.refundedCents += amount;
      return {
        id: `REF${++counter}`,
        status: "COMPLETED",
        amount: { currency_code: "EUR", value: (amount / 100).toFixed(2) },
        links: [
          { href: `${state.url}/v2/payments/refunds/REF${counter}`, rel: "self", method: "GET" },
          { href: `${state.url}/v2/payments/captures/${order.captureId}`, rel: "up", method: "GET" },
        ],
      };
    },
    signatureFor: (transmissionId) => `stand-in-signature-${transmissionId}`,
    refuseNextCapture(orderId, issue) {
      captureRefusals.set(orderId, issue);
    },
    declineNextCapture(orderId) {
      captureRefusals.set(orderId, "DECLINED_STATUS");
    },
    captureBehindOurBack(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`stand-in has no order ${orderId}`);
      order.status = "COMPLETED";
      order.captureId ??= `CAP${String(++counter).padStart(14, "0")}`;
      return order.captureId;
    },
    webhookEvent(eventType, resource, eventId = `WH-${++counter}`, createTime = new Date()) {
      const transmissionId = `tx-${eventId}`;
      return {
        headers: {
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": `${state.url}/certs/stand-in`,
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-sig": state.signatureFor(transmissionId),
          "paypal-transmission-time": new Date().toISOString(),
        },
        payload: { id: eventId, event_type: eventType, create_time: createTime.toISOString(), resource },
      };
    },
    saleResource(subscriptionId, saleId = `SALE${String(++counter).padStart(12, "0")}`) {
      const subscription = state.subscriptions.get(subscriptionId);
      const plan = subscription ? state.plans.get(String(subscription.request.plan_id)) : undefined;
      const cycles = (plan?.billing_cycles as { pricing_scheme: { fixed_price: { value: string } } }[]) ?? [];
      return {
        id: saleId,
        state: "completed",
        amount: { total: cycles[0]?.pricing_scheme.fixed_price.value ?? "0.00", currency: "EUR" },
        billing_agreement_id: subscriptionId,
        custom: subscription?.request.custom_id,
      };
    },
    captureResource(orderId) {
      const order = orders.get(orderId);
      if (!order?.captureId) throw new Error(`stand-in order ${orderId} is not captured`);
      const unit = (order.request.purchase_units as Record<string, unknown>[] | undefined)?.[0] ?? {};
      return {
        id: order.captureId,
        status: "COMPLETED",
        amount: unit.amount,
        custom_id: unit.custom_id,
        invoice_id: unit.invoice_id,
        supplementary_data: { related_ids: { order_id: order.id } },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function orderBody(order: StandInOrder) {
    const units = (order.request.purchase_units as Record<string, unknown>[] | undefined) ?? [];
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
                  status:
                    order.refundedCents === 0
                      ? "COMPLETED"
                      : order.refundedCents >= capturedCents(order)
                        ? "REFUNDED"
                        : "PARTIALLY_REFUNDED",
                  amount: unit.amount,
                  invoice_id: unit.invoice_id,
                  custom_id: unit.custom_id,
                },
              ],
            }
          : undefined,
      })),
      links: [
        { href: `${state.url}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" },
        { href: `${state.url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ],
    };
  }

  function subscriptionBody(subscription: StandInSubscription) {
    return {
      id: subscription.id,
      status: subscription.status,
      plan_id: subscription.request.plan_id,
      custom_id: subscription.request.custom_id,
      start_time: subscription.request.start_time,
      links: [
        {
          href: `${state.url}/webapps/billing/subscriptions?ba_token=${subscription.id}`,
          rel: "approve",
          method: "GET",
        },
        { href: `${state.url}/v1/billing/subscriptions/${subscription.id}`, rel: "self", method: "GET" },
      ],
    };
  }

  /** A capture PayPal answers 201 with a DECLINED capture: the order is done, the money did not move. */
  function declinedCapture(order: StandInOrder) {
    order.status = "COMPLETED";
    const body = orderBody(order);
    const unit = body.purchase_units[0];
    if (unit)
      unit.payments = {
        captures: [
          {
            id: `CAP${String(++counter).padStart(14, "0")}`,
            status: "DECLINED",
            amount: unit.amount,
            invoice_id: unit.invoice_id,
            custom_id: unit.custom_id,
          },
        ],
      };
    return { status: 201, body };
  }

  const error = (status: number, name: string, issue?: string) => ({
    status,
    body: { name, debug_id: `debug-${++counter}`, ...(issue ? { details: [{ issue }] } : {}) },
  });

  /** PayPal's 422 for a request it understood but refuses, with one detail naming the field. */
  const unprocessable = (issue: string, field: string, description: string) => ({
    status: 422,
    body: {
      name: "UNPROCESSABLE_ENTITY",
      message:
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
      debug_id: `debug-${++counter}`,
      details: [{ field, issue, description }],
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    },
  });

  function handle(
    method: string,
    path: string,
    headers: IncomingMessage["headers"],
    body: Record<string, unknown>,
  ) {
    if (method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
      if (headers.authorization !== expected) return error(401, "invalid_client");
      const token = `A21AA-stand-in-${++counter}`;
      validTokens.add(token);
      return {
        status: 200,
        body: { access_token: token, token_type: "Bearer", expires_in: state.tokenLifetimeS },
      };
    }
    const bearer = headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!validTokens.has(bearer)) return error(401, "AUTHENTICATION_FAILURE");

    if (method === "POST" && path === "/v2/checkout/orders") {
      const refused = refuseBreakdown(body);
      if (refused) return unprocessable(...refused);
      const order: StandInOrder = {
        id: `SI${String(++counter).padStart(15, "0")}`,
        status: "CREATED",
        request: body,
        refundedCents: 0,
        refunds: [],
      };
      orders.set(order.id, order);
      return { status: 201, body: orderBody(order) };
    }
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (method === "GET" && get) {
      const order = orders.get(decodeURIComponent(get[1] ?? ""));
      return order
        ? { status: 200, body: orderBody(order) }
        : error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === "POST" && capture) {
      const order = orders.get(decodeURIComponent(capture[1] ?? ""));
      if (!order) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (order.status === "COMPLETED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
      if (order.status !== "APPROVED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
      const refusal = captureRefusals.get(order.id);
      captureRefusals.delete(order.id);
      if (refusal === "DECLINED_STATUS") return declinedCapture(order);
      if (refusal) return error(422, "UNPROCESSABLE_ENTITY", refusal);
      order.status = "COMPLETED";
      order.captureId = `CAP${String(++counter).padStart(14, "0")}`;
      return { status: 201, body: orderBody(order) };
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === "POST" && refund) {
      const order = [...orders.values()].find((o) => o.captureId === decodeURIComponent(refund[1] ?? ""));
      if (!order) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      const captured = capturedCents(order);
      const asked = body.amount
        ? cents((body.amount as { value: string }).value)
        : captured - order.refundedCents;
      if (asked <= 0 || order.refundedCents + asked > captured)
        return error(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
      order.refundedCents += asked;
      order.refunds.push(asked);
      return {
        status: 201,
        body: {
          id: `REF${++counter}`,
          status: "COMPLETED",
          amount: { currency_code: "EUR", value: (asked / 100).toFixed(2) },
        },
      };
    }
    if (method === "POST" && path === "/v1/catalogs/products") {
      const id = `PROD-${String(++counter).padStart(12, "0")}`;
      state.products.set(id, body);
      return { status: 201, body: { id, ...body } };
    }
    if (method === "POST" && path === "/v1/billing/plans") {
      if (!state.products.has(String(body.product_id)))
        return error(422, "UNPROCESSABLE_ENTITY", "INVALID_PRODUCT_ID");
      const id = `P-${String(++counter).padStart(12, "0")}`;
      state.plans.set(id, body);
      return { status: 201, body: { id, status: "ACTIVE", ...body } };
    }
    if (method === "POST" && path === "/v1/billing/subscriptions") {
      if (!state.plans.has(String(body.plan_id)))
        return error(422, "UNPROCESSABLE_ENTITY", "INVALID_PLAN_ID");
      const subscription: StandInSubscription = {
        id: `I-${String(++counter).padStart(12, "0")}`,
        status: "APPROVAL_PENDING",
        request: body,
      };
      state.subscriptions.set(subscription.id, subscription);
      return { status: 201, body: subscriptionBody(subscription) };
    }
    const subscription = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (subscription) {
      const found = state.subscriptions.get(decodeURIComponent(subscription[1] ?? ""));
      if (!found) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (method === "GET" && !subscription[2]) return { status: 200, body: subscriptionBody(found) };
      if (method === "POST" && subscription[2]) {
        if (found.status === "CANCELLED")
          return error(422, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID");
        found.status = "CANCELLED";
        found.cancelReason = String(body.reason ?? "");
        return { status: 204, body: undefined };
      }
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const ok =
        body.webhook_id === webhookId &&
        typeof body.transmission_id === "string" &&
        body.transmission_sig === state.signatureFor(body.transmission_id);
      return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
    }
    return error(404, "RESOURCE_NOT_FOUND");
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (serveBrowserStandIn(req, res, state)) return;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const method = req.method ?? "GET";
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      const route = `${method} ${path.replace(/\/(SI|CAP|I-)[0-9]+/g, "/:id")}`;
      calls.set(route, (calls.get(route) ?? 0) + 1);
      const send = (status: number, body: unknown) => {
        if (status === 204) {
          res.writeHead(204, { "paypal-debug-id": randomUUID() });
          res.end();
          return;
        }
        res.writeHead(status, { "content-type": "application/json", "paypal-debug-id": randomUUID() });
        res.end(JSON.stringify(body));
      };
      const failure = failures.get(route);
      if (failure) {
        failure.times -= 1;
        if (failure.times <= 0) failures.delete(route);
        if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
        if (res.destroyed) return;
        return send(failure.status, { name: "INTERNAL_SERVER_ERROR", debug_id: "stand-in-failure" });
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      if (raw && req.headers["content-type"]?.includes("json"))
        body = JSON.parse(raw) as Record<string, unknown>;
      // PayPal-Request-Id: the same write again gets the first answer; the same id with another body is
      // refused, as PayPal does, so two shops (or two steps) sharing an id are caught, not answered alike.
      const requestId = req.headers["paypal-request-id"];
      if (typeof requestId === "string") state.requestIds.push(requestId);
      const key = typeof requestId === "string" ? `${route} ${requestId}` : undefined;
      const replayed = key ? replies.get(key) : undefined;
      if (replayed && replayed.raw !== raw)
        return send(
          422,
          unprocessable(
            "PAYPAL_REQUEST_ID_PREVIOUSLY_USED",
            "/PayPal-Request-Id",
            "The PayPal-Request-Id has already been used for another request.",
          ).body,
        );
      const reply = replayed ?? handle(method, path, req.headers, body);
      // Only what PayPal acted on is remembered: an answer, or a refusal of the request itself (422).
      if (key && !replayed && (reply.status < 300 || reply.status === 422))
        replies.set(key, { ...reply, raw });
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

/** The money fields PayPal's `amount.breakdown` may carry, each added (+) or taken off (−) the amount. */
const BREAKDOWN_PARTS: [string, 1 | -1][] = [
  ["item_total", 1],
  ["tax_total", 1],
  ["shipping", 1],
  ["handling", 1],
  ["insurance", 1],
  ["shipping_discount", -1],
  ["discount", -1],
];

/**
 * PayPal's checks of an Orders v2 create request's purchase units (its issues ITEM_TOTAL_REQUIRED,
 * ITEM_TOTAL_MISMATCH, AMOUNT_MISMATCH): with items, a breakdown is required and its `item_total` must equal
 * Σ unit_amount × quantity; with a breakdown, `amount = item_total + tax_total + shipping + handling +
 * insurance − shipping_discount − discount`. Answers the issue, the field and PayPal's description, or
 * undefined when the request adds up.
 */
export function refuseBreakdown(body: Record<string, unknown>): [string, string, string] | undefined {
  const units = (body.purchase_units as Record<string, unknown>[] | undefined) ?? [];
  for (const unit of units) {
    const where = `/purchase_units/@reference_id=='${String(unit.reference_id ?? "default")}'`;
    const amount = (unit.amount ?? {}) as Record<string, unknown>;
    const breakdown = amount.breakdown as Record<string, { value?: string } | undefined> | undefined;
    const items = (unit.items as { quantity?: string; unit_amount?: { value?: string } }[] | undefined) ?? [];
    if (items.length > 0 && !breakdown?.item_total)
      return [
        "ITEM_TOTAL_REQUIRED",
        `${where}/amount/breakdown/item_total`,
        "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
      ];
    if (!breakdown) continue;
    if (items.length > 0) {
      const sum = items.reduce(
        (total, item) => total + cents(item.unit_amount?.value) * Number(item.quantity ?? "1"),
        0,
      );
      if (sum !== cents(breakdown.item_total?.value))
        return [
          "ITEM_TOTAL_MISMATCH",
          `${where}/amount/breakdown/item_total/value`,
          "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit",
        ];
    }
    const expected = BREAKDOWN_PARTS.reduce(
      (total, [part, sign]) => total + sign * (breakdown[part] ? cents(breakdown[part].value) : 0),
      0,
    );
    if (expected !== cents(amount.value))
      return [
        "AMOUNT_MISMATCH",
        `${where}/amount/value`,
        "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
      ];
  }
  return undefined;
}

// ---------- The browser's side: a stub of the JS SDK v5 buttons (for the web's e2e tests) ----------

/**
 * `GET /sdk/js` (the JS SDK the web loads from `PAYPAL_SDK_URL`) and `POST /stand-in/approve/{id}` (the buyer
 * approving in PayPal's window, called by the stub's pay button across origins). Answers true when it served.
 */
function serveBrowserStandIn(req: IncomingMessage, res: ServerResponse, state: PayPalStandIn): boolean {
  const url = new URL(req.url ?? "/", "http://stand-in");
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "content-type",
  };
  if (req.method === "GET" && url.pathname === "/sdk/js") {
    req.resume();
    // PayPal refuses a script request without a client id (400), so does the stand-in.
    if (!url.searchParams.get("client-id")) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("client-id is required");
      return true;
    }
    res.writeHead(200, {
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "no-store",
    });
    res.end(sdkStub(state.url));
    return true;
  }
  // What PayPal's dashboard would show a person: the order, its capture and its refunds (browser tests, D164).
  const shown = /^\/stand-in\/orders\/([^/]+)$/.exec(url.pathname);
  if (shown && req.method === "GET") {
    req.resume();
    const order = state.orders.get(decodeURIComponent(shown[1] ?? ""));
    res.writeHead(order ? 200 : 404, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        order
          ? {
              id: order.id,
              status: order.status,
              refunded_cents: order.refundedCents,
              refunds: order.refunds,
            }
          : { name: "RESOURCE_NOT_FOUND" },
      ),
    );
    return true;
  }
  const approve = /^\/stand-in\/approve\/([^/]+)$/.exec(url.pathname);
  if (approve && (req.method === "POST" || req.method === "OPTIONS")) {
    req.resume();
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors);
      res.end();
      return true;
    }
    const id = decodeURIComponent(approve[1] ?? "");
    const order = state.orders.get(id);
    if (order) state.approve(id);
    // A subscription the buyer approves becomes active (PayPal then sends BILLING.SUBSCRIPTION.ACTIVATED).
    const subscription = state.subscriptions.get(id);
    if (subscription?.status === "APPROVAL_PENDING") subscription.status = "ACTIVE";
    const found = order ?? subscription;
    res.writeHead(found ? 200 : 404, { ...cors, "content-type": "application/json" });
    res.end(JSON.stringify(found ? { id, status: found.status } : { name: "RESOURCE_NOT_FOUND" }));
    return true;
  }
  return false;
}

/**
 * `window.paypal.Buttons({createOrder or createSubscription, onApprove, onCancel, onError, onClick, onInit}).render(el)` as the SDK
 * calls them: "PayPal (stand-in)" runs onClick, createOrder, the approval and onApprove (whose `actions.restart()`
 * lets the buyer approve the same order again, as after a declined funding source); "close window" runs onClick,
 * createOrder and onCancel({orderID}); a throwing callback ends in onError. Drawn in the page (no iframe).
 */
function sdkStub(origin: string): string {
  return `(function () {
  "use strict";
  var origin = ${JSON.stringify(origin)};
  function asError(error) { return error instanceof Error ? error : new Error(String(error)); }
  function Buttons(props) {
    props = props || {};
    var root = null;
    var enabled = true;
    var busy = false;
    var orderId = null;
    function fail(error) {
      if (typeof props.onError === "function") props.onError(asError(error));
      else console.error(error);
    }
    function allowed() {
      if (typeof props.onClick !== "function") return Promise.resolve(true);
      var verdict = true;
      var actions = {
        resolve: function () { return Promise.resolve(); },
        reject: function () { verdict = false; return Promise.resolve(); },
      };
      return Promise.resolve(props.onClick({ fundingSource: "paypal" }, actions)).then(function (result) {
        return verdict && result !== false;
      });
    }
    function createOrder() {
      // intent=subscription: the buttons ask createSubscription for a subscription id instead.
      var create = typeof props.createSubscription === "function" ? props.createSubscription : props.createOrder;
      if (typeof create !== "function") return Promise.reject(new Error("createOrder is required"));
      var refuse = function () { return Promise.reject(new Error("The stand-in creates nothing in the browser.")); };
      var actions = { order: { create: refuse }, subscription: { create: refuse } };
      return Promise.resolve(create({ paymentSource: "paypal" }, actions)).then(function (id) {
        if (typeof id !== "string" || !id) throw new Error("Expected an order id to be passed");
        orderId = id;
        return id;
      });
    }
    function approveAndReturn(id) {
      return fetch(origin + "/stand-in/approve/" + encodeURIComponent(id), { method: "POST" }).then(function (res) {
        if (!res.ok) throw new Error("The stand-in could not approve " + id + " (" + res.status + ")");
        var serverSide = function () { return Promise.reject(new Error("Capture on the server.")); };
        var actions = {
          restart: function () { return approveAndReturn(id); },
          redirect: function (url) { window.location.assign(url); },
          order: { capture: serverSide, authorize: serverSide, get: serverSide, patch: serverSide },
        };
        if (typeof props.onApprove !== "function") return undefined;
        return props.onApprove({
          orderID: id,
          subscriptionID: typeof props.createSubscription === "function" ? id : undefined,
          payerID: "PAYER1",
          paymentID: null,
          billingToken: null,
          facilitatorAccessToken: "A21AA-stand-in",
          paymentSource: "paypal",
        }, actions);
      });
    }
    function run(step) {
      if (!enabled || busy) return;
      busy = true;
      allowed().then(function (ok) { return ok ? step() : undefined; }).catch(fail).then(function () { busy = false; });
    }
    function pay() { return createOrder().then(approveAndReturn); }
    function closeWindow() {
      return createOrder().then(function (id) {
        if (typeof props.onCancel === "function") {
          return props.onCancel({ orderID: id }, { redirect: function (url) { window.location.assign(url || "/"); } });
        }
        return undefined;
      });
    }
    function button(label, onClick) {
      var element = document.createElement("button");
      element.type = "button";
      element.textContent = label;
      element.style.cssText = "display:block;width:100%;margin:4px 0;padding:10px;border-radius:999px;border:0;background:#ffc439;color:#111;font-weight:700;cursor:pointer";
      element.addEventListener("click", onClick);
      return element;
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        var container = typeof target === "string" ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error("Document is ready and element " + target + " does not exist"));
        root = document.createElement("div");
        root.setAttribute("data-paypal-stand-in", "buttons");
        root.appendChild(button("PayPal (stand-in)", function () { run(pay); }));
        var close = button("close window", function () { run(closeWindow); });
        close.style.background = "#eee";
        root.appendChild(close);
        container.appendChild(root);
        if (typeof props.onInit === "function") {
          props.onInit({}, {
            enable: function () { enabled = true; return Promise.resolve(); },
            disable: function () { enabled = false; return Promise.resolve(); },
          });
        }
        return Promise.resolve();
      },
      close: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
        root = null;
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
      hasReturned: function () { return false; },
      resume: function () {},
      get orderId() { return orderId; },
    };
  }
  window.paypal = {
    version: "5.0.0-stand-in",
    FUNDING: { PAYPAL: "paypal", CARD: "card", CREDIT: "credit" },
    Buttons: Buttons,
    getFundingSources: function () { return ["paypal"]; },
    isFundingEligible: function (source) { return source === "paypal"; },
  };
})();
`;
}
