/**
 * What the PayPal stand-in keeps between requests, shared by its resources (OAuth tokens, Orders v2,
 * Payments v2 refunds, Subscriptions v1, webhooks) so that each lives in a module of its own and still
 * sees the others' objects (a refund finds its order by capture id, a sale its subscription's plan).
 */

export type Json = Record<string, unknown>;

export type StandInOrder = {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  request: Json;
  captureId?: string;
  refundedCents: number;
  /** Each refund made through the API, in cents, in order (a browser test reads them, D164). */
  refunds: number[];
};

/** A refund made through the API: its order, amount and status. */
export type StandInRefund = {
  id: string;
  orderId: string;
  amountCents: number;
  status: "COMPLETED" | "PENDING" | "FAILED" | "CANCELLED";
};

/** A Subscriptions v1 subscription as the stand-in keeps it. */
export type StandInSubscription = {
  id: string;
  status: "APPROVAL_PENDING" | "ACTIVE" | "SUSPENDED" | "CANCELLED";
  request: Json;
  cancelReason?: string;
};

/** A reply of the API: its HTTP status and JSON body (none for 204). */
export type Reply = { status: number; body: unknown };

export type PayPalStore = {
  /** Where the stand-in listens (set once it does): links in answers point there. */
  url: string;
  orders: Map<string, StandInOrder>;
  products: Map<string, Json>;
  plans: Map<string, Json>;
  subscriptions: Map<string, StandInSubscription>;
  /** Captures a test asked to refuse, by order id: PayPal's issue, or DECLINED_STATUS. */
  captureRefusals: Map<string, string>;
  /**
   * Orders whose capture PayPal will not refund for now (its balance too low): refused with
   * REFUND_FAILED_INSUFFICIENT_FUNDS until a test clears it (D565).
   */
  refundRefusals: Set<string>;
  /**
   * Orders whose refunds PayPal answers (201) with this status: `FAILED` or `CANCELLED` giving nothing
   * back, `PENDING` taken and waiting (the school's balance is funded from its bank, `ECHECK`).
   */
  refundAnswers: Map<string, "FAILED" | "CANCELLED" | "PENDING">;
  /** Every refund made through the API, by id, as `GET /v2/payments/refunds/{id}` shows it. */
  refunds: Map<string, StandInRefund>;
  /** The access tokens issued and not revoked. */
  validTokens: Set<string>;
  /** The next number of one sequence shared by every id the stand-in makes. */
  next(): number;
};

export function createPayPalStore(): PayPalStore {
  let counter = 0;
  return {
    url: "",
    orders: new Map(),
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    captureRefusals: new Map(),
    refundRefusals: new Set(),
    refundAnswers: new Map(),
    refunds: new Map(),
    validTokens: new Set(),
    next: () => ++counter,
  };
}

export const cents = (value: unknown) => Math.round(Number(value) * 100);

/** What an order captured: its purchase unit's amount. */
export const capturedCents = (order: StandInOrder) =>
  cents((order.request.purchase_units as { amount?: { value?: string } }[] | undefined)?.[0]?.amount?.value);

/** A capture id as PayPal writes them. */
export const nextCaptureId = (store: PayPalStore) => `CAP${String(store.next()).padStart(14, "0")}`;

/** PayPal's error answer: its name, a debug id and the issue when it names one. */
export const paypalError = (store: PayPalStore, status: number, name: string, issue?: string): Reply => ({
  status,
  body: { name, debug_id: `debug-${store.next()}`, ...(issue ? { details: [{ issue }] } : {}) },
});

/** PayPal's 422 for a request it understood but refuses, with one detail naming the field. */
export const unprocessable = (
  store: PayPalStore,
  issue: string,
  field: string,
  description: string,
): Reply => ({
  status: 422,
  body: {
    name: "UNPROCESSABLE_ENTITY",
    message:
      "The requested action could not be performed, semantically incorrect, or failed business validation.",
    debug_id: `debug-${store.next()}`,
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

/** One endpoint of the API and what it does with a request (after the access token was checked). */
export type Route = {
  method: "GET" | "POST";
  path: RegExp;
  run(match: RegExpExecArray, body: Json): Reply;
};
