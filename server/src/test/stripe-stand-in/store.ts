import { randomBytes } from "node:crypto";

/**
 * What the Stripe stand-in keeps between requests, shared by its resources (sessions, refunds,
 * subscriptions, webhooks) so that each can live in a module of its own and still see the others' objects
 * (a refund needs the session's payment intent, a subscription session needs the price).
 */

export type Json = Record<string, unknown>;

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
  /**
   * Refunds made through the API wait for the customer's action (`requires_action`), as those of a bank
   * transfer do until the customer gives an account; set by the test.
   */
  refundsNeedAction?: boolean;
};

/** A reply of the API: its HTTP status and JSON body. */
export type Reply = { status: number; body: unknown };

export type StripeStore = {
  /** Where the stand-in listens (set once it does): hosted page links point there. */
  url: string;
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription>;
  prices: Map<string, Json>;
  products: Map<string, Json>;
  intents: Map<string, StandInPaymentIntent>;
  /** The next number of one sequence shared by ids and request ids, as Stripe's ids only grow. */
  next(): number;
  /** An id as Stripe writes them (`cs_test_…`, `pi_test_…`): its prefix names the resource. */
  nextId(prefix: string): string;
};

export function createStripeStore(): StripeStore {
  let counter = 0;
  const next = () => ++counter;
  return {
    url: "",
    sessions: new Map(),
    subscriptions: new Map(),
    prices: new Map(),
    products: new Map(),
    intents: new Map(),
    next,
    nextId: (prefix) =>
      `${prefix}_test_${next().toString().padStart(6, "0")}${randomBytes(6).toString("hex")}`,
  };
}

/** A session a test control names; a test naming one that does not exist is a broken test. */
export function sessionOf(store: StripeStore, sessionId: string): StandInSession {
  const session = store.sessions.get(sessionId);
  if (!session) throw new Error(`no stand-in session ${sessionId}`);
  return session;
}
