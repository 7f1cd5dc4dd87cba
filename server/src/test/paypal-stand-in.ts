import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerApi, type PayPalApi } from "./paypal-stand-in/api.ts";
import { serveBrowserStandIn } from "./paypal-stand-in/browser.ts";
import { disputeResource, reversalResource, type StandInDisputeStatus } from "./paypal-stand-in/disputes.ts";
import { approveOrder, captureBehindOurBack, orderRoutes } from "./paypal-stand-in/orders.ts";
import {
  captureResource,
  endPendingRefund,
  refundAtPayPal,
  refundRoutes,
} from "./paypal-stand-in/refunds.ts";
import { createPayPalStore, type StandInOrder, type StandInSubscription } from "./paypal-stand-in/store.ts";
import { saleResource, subscriptionRoutes } from "./paypal-stand-in/subscriptions.ts";
import { type SignedEvent, signatureFor, webhookEvent, webhookRoutes } from "./paypal-stand-in/webhooks.ts";

export { refuseBreakdown } from "./paypal-stand-in/breakdown.ts";
export { PAYER_ADDRESS } from "./paypal-stand-in/orders.ts";
export type { StandInOrder, StandInSubscription } from "./paypal-stand-in/store.ts";
export type { SignedEvent } from "./paypal-stand-in/webhooks.ts";

/**
 * A local stand-in for PayPal's REST API, speaking the same protocol on 127.0.0.1 for the tests:
 * OAuth2 client credentials, Orders v2 (create, get, capture), Payments v2 refunds and webhook
 * signature verification, with PayPal-Request-Id idempotency. `approve()` plays the buyer.
 *
 * This file wires the stand-in; each resource is a module of `paypal-stand-in/` (orders, refunds,
 * subscriptions, webhooks), behind the door of `api.ts` (tokens, failures asked for, request ids), with
 * the browser's side (the JS SDK stub and the approval window) in `browser.ts` and `sdk-stub.ts`.
 */

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
  /** PayPal refuses (or again takes) refunds of the order's capture: the school's balance too low (D565). */
  refuseRefunds(orderId: string, refuse: boolean): void;
  /**
   * PayPal answers refunds of the order's capture with a refund `FAILED` or `CANCELLED` (nothing given
   * back), or `PENDING` (taken, waiting for the school's bank); null: completed again.
   */
  answerRefundsWith(orderId: string, status: "FAILED" | "CANCELLED" | "PENDING" | null): void;
  /** A pending refund ends `COMPLETED`, `FAILED` or `CANCELLED`; answers the refund's resource. */
  endPendingRefund(refundId: string, status: "COMPLETED" | "FAILED" | "CANCELLED"): Record<string, unknown>;
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
  /**
   * The buyer disputes the captured order's payment: the resource of `CUSTOMER.DISPUTE.*` events with
   * `status`, and once `RESOLVED` its outcome. Every call for one order names the same dispute.
   */
  disputeResource(
    orderId: string,
    status: StandInDisputeStatus,
    outcome?:
      | "RESOLVED_BUYER_FAVOUR"
      | "RESOLVED_SELLER_FAVOUR"
      | "RESOLVED_WITH_PAYOUT"
      | "CANCELED_BY_BUYER",
  ): Record<string, unknown>;
  /** PayPal takes back the captured order's money (all not refunded, or `cents`): `PAYMENT.CAPTURE.REVERSED`'s resource. */
  reversalResource(orderId: string, cents?: number): Record<string, unknown>;
  close(): Promise<void>;
};

export async function startPayPalStandIn(
  options: { tokenLifetimeS?: number /** 0 (default): any free port. */; port?: number } = {},
): Promise<PayPalStandIn> {
  const store = createPayPalStore();
  const failures: PayPalApi["failures"] = new Map();
  const state: PayPalStandIn = {
    url: "",
    clientId: "stand-in-client",
    clientSecret: "stand-in-secret",
    webhookId: "WH-STAND-IN",
    orders: store.orders,
    products: store.products,
    plans: store.plans,
    subscriptions: store.subscriptions,
    calls: new Map(),
    tokenLifetimeS: options.tokenLifetimeS ?? 32_400,
    approve: (orderId) => approveOrder(store, orderId),
    revokeTokens: () => store.validTokens.clear(),
    failNext(route, status, delayMs = 0, times = 1) {
      failures.set(route, { status, delayMs, times });
    },
    requestIds: [],
    refundAtPayPal: (orderId, cents) => refundAtPayPal(store, orderId, cents),
    endPendingRefund: (refundId, status) => endPendingRefund(store, refundId, status),
    answerRefundsWith(orderId, status) {
      if (status) store.refundAnswers.set(orderId, status);
      else store.refundAnswers.delete(orderId);
    },
    refuseRefunds(orderId, refuse) {
      if (refuse) store.refundRefusals.add(orderId);
      else store.refundRefusals.delete(orderId);
    },
    signatureFor,
    refuseNextCapture(orderId, issue) {
      store.captureRefusals.set(orderId, issue);
    },
    declineNextCapture(orderId) {
      store.captureRefusals.set(orderId, "DECLINED_STATUS");
    },
    captureBehindOurBack: (orderId) => captureBehindOurBack(store, orderId),
    webhookEvent: (eventType, resource, eventId, createTime) =>
      webhookEvent(store, eventType, resource, eventId, createTime),
    saleResource: (subscriptionId, saleId) => saleResource(store, subscriptionId, saleId),
    captureResource: (orderId) => captureResource(store, orderId),
    disputeResource: (orderId, status, outcome) => disputeResource(store, orderId, status, outcome),
    reversalResource: (orderId, cents) => reversalResource(store, orderId, cents),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const api: PayPalApi = {
    store,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    tokenLifetimeS: () => state.tokenLifetimeS,
    routes: [
      ...orderRoutes(store),
      ...refundRoutes(store),
      ...subscriptionRoutes(store),
      ...webhookRoutes(state.webhookId),
    ],
    calls: state.calls,
    requestIds: state.requestIds,
    failures,
    replies: new Map(),
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (serveBrowserStandIn(req, res, state)) return;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void answerApi(api, req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store.url = state.url;
  return state;
}
