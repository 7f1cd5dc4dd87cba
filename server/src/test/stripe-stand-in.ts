import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { answerApi } from "./stripe-stand-in/api.ts";
import { disputeObject, type StandInDisputeStatus } from "./stripe-stand-in/disputes.ts";
import { serveHostedPage } from "./stripe-stand-in/hosted-page.ts";
import { chargeObject, paymentIntentRoutes } from "./stripe-stand-in/payment-intents.ts";
import { changeRefund, refund, refundRoutes } from "./stripe-stand-in/refunds.ts";
import { paySession, sessionObject, sessionRoutes, settleSession } from "./stripe-stand-in/sessions.ts";
import {
  createStripeStore,
  type Json,
  type StandInPaymentIntent,
  type StandInSession,
  type StandInSubscription,
  sessionOf,
} from "./stripe-stand-in/store.ts";
import {
  renewSubscription,
  subscriptionObject,
  subscriptionRoutes,
} from "./stripe-stand-in/subscriptions.ts";
import { serveTestControls } from "./stripe-stand-in/test-controls.ts";
import { deliverEvent, type SignedStripeEvent, signedEvent } from "./stripe-stand-in/webhooks.ts";

export type { StandInDisputeStatus } from "./stripe-stand-in/disputes.ts";
export { parseStripeForm } from "./stripe-stand-in/parameters.ts";
export { BUYER_ADDRESS } from "./stripe-stand-in/sessions.ts";
export type { StandInPaymentIntent, StandInSession, StandInSubscription } from "./stripe-stand-in/store.ts";
export { type SignedStripeEvent, stripeSignature } from "./stripe-stand-in/webhooks.ts";

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
 *
 * This file wires the stand-in; each resource is a module of `stripe-stand-in/` (sessions,
 * payment-intents, refunds, subscriptions, webhooks), behind the door of `api.ts` (key, idempotency,
 * unknown parameters), with the hosted page and the browser tests' controls beside them.
 */

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
  /**
   * Staff refund at Stripe's dashboard (all that is left, or `cents`), at once or pending (a SEPA debit's);
   * answers the charge refunded.
   */
  refundAtStripe(
    sessionId: string,
    cents?: number,
    status?: "succeeded" | "pending" | "requires_action",
  ): Json;
  /** A pending refund goes through; answers it as `charge.refund.updated` carries it. */
  succeedRefund(refundId: string): Json;
  /**
   * A refund Stripe accepted fails later at the card's bank (`expired_or_canceled_card` by default): its
   * amount is the charge's again, as Stripe returns it to the balance. Answers the refund as `refund.failed`
   * carries it. The answer saved for its idempotency key stays the one first given, as Stripe replays it.
   */
  failRefund(refundId: string, reason?: string): Json;
  /**
   * A refund waiting for the customer's action is cancelled in Stripe's dashboard (`merchant_request`); as
   * Stripe, only such a refund can be. Its amount is the charge's again. Answers it as `refund.updated`
   * carries it.
   */
  cancelRefund(refundId: string): Json;
  /** The shop's refunds of this session's payment wait for the customer's action from now on. */
  refundsNeedAction(sessionId: string): void;
  /** An event as Stripe posts it, signed with the webhook secret (or `secret`), at `time` (default now). */
  event(
    type: string,
    object: Json,
    options?: { id?: string; time?: Date; secret?: string },
  ): SignedStripeEvent;
  /** The session as the API shows it (with its payment intent expanded). */
  sessionObject(sessionId: string): Json;
  /**
   * The cardholder's bank disputes the session's payment: the dispute as `charge.dispute.*` events carry it,
   * with `status` (`needs_response` when opened, `won` or `lost` when closed), of what is not refunded or
   * `cents`. Every call for one session names the same dispute, as Stripe has one per charge.
   */
  dispute(sessionId: string, status: StandInDisputeStatus, cents?: number): Json;
  /** The charge of a session's payment intent as Stripe shows it in `charge.refunded`. */
  chargeObject(sessionId: string): Json;
  /** Posts an event to `webhookUrl`; answers the status. */
  deliver(event: SignedStripeEvent): Promise<number>;
  /** The next `times` requests to this "METHOD path" answer `status`. */
  failNext(route: string, status: number, times?: number): void;
  /**
   * The next `times` requests to this "METHOD path" are done (and their answers saved for their idempotency
   * keys), but their answers are lost on the way: the client gets a 500, as when the connection drops after
   * Stripe did the work. A request again under the same key is answered with what was saved.
   */
  loseNext(route: string, times: number): void;
  close(): Promise<void>;
};

/** A shop's settings for this stand-in: its API, its key and its webhooks' secret. */
export const stripeEnv = (standIn: Pick<StripeStandIn, "url" | "secretKey" | "webhookSecret">) => ({
  STRIPE_API_BASE: standIn.url,
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
});

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
  const store = createStripeStore();
  const failures = new Map<string, { status: number; times: number }>();
  const lost = new Map<string, number>();
  const paidIntent = (sessionId: string) => {
    const intent = sessionOf(store, sessionId).paymentIntent;
    if (!intent) throw new Error("session not paid");
    return intent;
  };
  const state: StripeStandIn = {
    url: "",
    secretKey,
    webhookSecret,
    sessions: store.sessions,
    subscriptions: store.subscriptions,
    prices: store.prices,
    calls: new Map(),
    idempotencyKeys: [],
    webhookUrl: options.webhookUrl ?? null,
    pay: (sessionId, method = "card") => paySession(store, sessionId, method),
    renew: (subscriptionId, succeeded = true) => renewSubscription(store, subscriptionId, succeeded),
    subscriptionObject(subscriptionId) {
      const sub = store.subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no stand-in subscription ${subscriptionId}`);
      return subscriptionObject(store, sub);
    },
    settle: (sessionId, succeeded) => settleSession(store, sessionId, succeeded),
    refundAtStripe(sessionId, cents, status = "succeeded") {
      const intent = paidIntent(sessionId);
      refund(store, intent, cents ?? intent.amount - intent.refunded, {}, status);
      return chargeObject(intent);
    },
    succeedRefund: (refundId) => changeRefund(store, refundId, "succeeded"),
    failRefund: (refundId, reason = "expired_or_canceled_card") =>
      changeRefund(store, refundId, "failed", reason),
    cancelRefund: (refundId) => changeRefund(store, refundId, "canceled", "merchant_request"),
    refundsNeedAction(sessionId) {
      paidIntent(sessionId).refundsNeedAction = true;
    },
    event: (type, object, eventOptions = {}) =>
      signedEvent(store, type, object, { ...eventOptions, secret: eventOptions.secret ?? webhookSecret }),
    sessionObject: (sessionId) => sessionObject(store, sessionOf(store, sessionId)),
    chargeObject: (sessionId) => chargeObject(paidIntent(sessionId)),
    dispute: (sessionId, status, cents) => disputeObject(store, paidIntent(sessionId), status, cents),
    deliver: (event) => deliverEvent(state.webhookUrl, event),
    failNext: (route, status, times = 1) => void failures.set(route, { status, times }),
    loseNext: (route, times) => void lost.set(route, times),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const api = {
    store,
    secretKey,
    routes: [
      ...sessionRoutes(store),
      ...paymentIntentRoutes(store),
      ...refundRoutes(store),
      ...subscriptionRoutes(store),
    ],
    calls: state.calls,
    idempotencyKeys: state.idempotencyKeys,
    failures,
    lost,
    replies: new Map(),
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (serveHostedPage(req, res, url, raw, state)) return;
      if (serveTestControls(req, res, url, state)) return;
      answerApi(api, req, res, url, raw);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store.url = state.url;
  return state;
}
