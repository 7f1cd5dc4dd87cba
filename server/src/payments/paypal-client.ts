import { CURRENCY } from "@atelier/contract";
/**
 * PayPal's REST API through plain fetch against a configured base URL (`PAYPAL_API_BASE`), written from
 * PayPal's API reference: OAuth2 client credentials, Orders v2, Payments v2 refunds, webhook signature
 * verification. The official server SDK hard-codes PayPal's two hosts, so tests could not reach the
 * local stand-in (`server/src/test/paypal-stand-in.ts`) that speaks the same protocol.
 *
 * Every write carries a `PayPal-Request-Id` chosen by the caller (our order and the step), so a retry
 * replays PayPal's first answer instead of acting twice.
 */

export type PayPalClientOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per request (default 15 s): a hanging PayPal never holds a parent's request for long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

export type Money = { currency_code: typeof CURRENCY; value: string };

export type PayPalLink = { href: string; rel: string; method?: string };

export type PayPalCapture = {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED";
  amount?: Money;
  invoice_id?: string;
  custom_id?: string;
};

export type PayPalOrder = {
  id: string;
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  links?: PayPalLink[];
  payer?: {
    name?: { given_name?: string; surname?: string };
    email_address?: string;
    payer_id?: string;
    address?: PayPalAddress;
  };
  payment_source?: { paypal?: { address?: PayPalAddress } };
  purchase_units?: {
    reference_id?: string;
    invoice_id?: string;
    custom_id?: string;
    amount?: Money;
    payments?: { captures?: PayPalCapture[] };
  }[];
};

/** Orders v2's `address_portable` (the payer's address): admin_area_2 is the city. */
export type PayPalAddress = {
  address_line_1?: string;
  address_line_2?: string;
  admin_area_2?: string;
  admin_area_1?: string;
  postal_code?: string;
  country_code?: string;
};

export type PayPalItem = {
  name: string;
  quantity: string;
  unit_amount: Money;
  category?: "DIGITAL_GOODS" | "PHYSICAL_GOODS" | "DONATION";
  sku?: string;
};

export type CreateOrderRequest = {
  intent: "CAPTURE";
  purchase_units: {
    reference_id?: string;
    invoice_id?: string;
    custom_id?: string;
    description?: string;
    amount: Money & { breakdown?: { item_total: Money; discount?: Money } };
    items?: PayPalItem[];
  }[];
  payment_source?: {
    paypal?: {
      experience_context?: {
        brand_name?: string;
        locale?: string;
        shipping_preference?: "NO_SHIPPING" | "GET_FROM_FILE" | "SET_PROVIDED_ADDRESS";
        user_action?: "PAY_NOW" | "CONTINUE";
        return_url?: string;
        cancel_url?: string;
      };
    };
  };
};

export type PayPalRefund = {
  id: string;
  status: "CANCELLED" | "FAILED" | "PENDING" | "COMPLETED";
  /** Why a refund is pending (`ECHECK`: paid from the school's bank account, which takes days). */
  status_details?: { reason?: string };
  amount?: Money;
};

/** Catalog products v1 and Subscriptions v1 (billing plans, subscriptions), the parts we send and read. */
export type PayPalProductRequest = {
  name: string;
  description?: string;
  type: "SERVICE";
  category?: string;
};

export type PayPalPlanRequest = {
  product_id: string;
  name: string;
  status: "ACTIVE";
  billing_cycles: {
    frequency: { interval_unit: "MONTH"; interval_count: number };
    tenure_type: "REGULAR";
    sequence: number;
    total_cycles: number;
    pricing_scheme: { fixed_price: Money };
  }[];
  payment_preferences: { auto_bill_outstanding: boolean; payment_failure_threshold: number };
};

export type PayPalSubscriptionRequest = {
  plan_id: string;
  start_time?: string;
  custom_id?: string;
  application_context?: {
    brand_name?: string;
    locale?: string;
    shipping_preference?: "NO_SHIPPING";
    user_action?: "SUBSCRIBE_NOW" | "CONTINUE";
    return_url?: string;
    cancel_url?: string;
  };
};

export type PayPalSubscription = {
  id: string;
  status: "APPROVAL_PENDING" | "APPROVED" | "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
  custom_id?: string;
  links?: PayPalLink[];
};

export type WebhookHeaders = {
  "paypal-auth-algo"?: string | undefined;
  "paypal-cert-url"?: string | undefined;
  "paypal-transmission-id"?: string | undefined;
  "paypal-transmission-sig"?: string | undefined;
  "paypal-transmission-time"?: string | undefined;
};

/**
 * A failed call. `retryable` says whether the same call (same request id) may be tried again: network
 * failures, time-outs, 429 and 5xx. The message names PayPal's error, never a credential.
 */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue: string | undefined,
    readonly debugId: string | undefined,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "PayPalError";
  }
}

/** Euro cents as PayPal's money value: 7900 → "79.00". */
export function eur(cents: number): Money {
  const abs = Math.abs(cents);
  return {
    currency_code: CURRENCY,
    value: `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`,
  };
}

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/** PayPal's error answer as a PayPalError: its first issue, its debug id, and whether a retry may help. */
async function failure(path: string, res: Response): Promise<PayPalError> {
  let body: { name?: string; error?: string; debug_id?: string; details?: { issue?: string }[] } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // Not JSON: the status says enough.
  }
  const issue = body.details?.[0]?.issue ?? body.name ?? body.error;
  const retryable = res.status === 429 || res.status >= 500;
  return new PayPalError(
    `PayPal ${path} answered ${res.status}${issue ? ` ${issue}` : ""}`,
    res.status,
    issue,
    body.debug_id,
    retryable,
  );
}

/**
 * The HTTP side of the client: a call with the bearer token, the token itself (cached, renewed), time-outs
 * and PayPal's errors as PayPalError.
 */
function createPayPalTransport(options: PayPalClientOptions) {
  const base = options.baseUrl.replace(/\/$/, "");
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not be reached";
      throw new PayPalError(`PayPal ${path} ${reason}`, 0, undefined, undefined, true);
    }
  }

  /** OAuth2 client credentials, cached until shortly before expiry; concurrent callers share one request. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    pending ??= (async () => {
      try {
        const res = await send("/v1/oauth2/token", {
          method: "POST",
          headers: {
            authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: "grant_type=client_credentials",
        });
        if (!res.ok) throw await failure("/v1/oauth2/token", res);
        const body = (await res.json()) as { access_token: string; expires_in: number };
        token = { value: body.access_token, expiresAt: now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
        return token.value;
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) renews it once. */
  async function call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        accept: "application/json",
        prefer: "return=representation",
      };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (requestId) headers["paypal-request-id"] = requestId;
      const res = await send(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      if (!res.ok) throw await failure(path, res);
      // A cancel answers 204 without a body.
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    }
  }

  return { accessToken, call };
}

const id = (value: string) => encodeURIComponent(value);

/** PayPal's endpoints the shop uses: Orders v2, refunds, catalog products, plans, subscriptions, webhooks. */
export function createPayPalClient(options: PayPalClientOptions) {
  const { accessToken, call } = createPayPalTransport(options);
  return {
    accessToken,
    createOrder: (request: CreateOrderRequest, requestId: string) =>
      call<PayPalOrder>("POST", "/v2/checkout/orders", request, requestId),
    getOrder: (orderId: string) => call<PayPalOrder>("GET", `/v2/checkout/orders/${id(orderId)}`),
    captureOrder: (orderId: string, requestId: string) =>
      call<PayPalOrder>("POST", `/v2/checkout/orders/${id(orderId)}/capture`, {}, requestId),
    /** A full refund without `amount`, a partial one with it. */
    refundCapture: (
      captureId: string,
      requestId: string,
      refund: { amount?: Money; note_to_payer?: string } = {},
    ) => call<PayPalRefund>("POST", `/v2/payments/captures/${id(captureId)}/refund`, refund, requestId),
    /** A refund as it is now ("Show refund details"): a pending one ends completed, failed or cancelled. */
    getRefund: (refundId: string) => call<PayPalRefund>("GET", `/v2/payments/refunds/${id(refundId)}`),
    createProduct: (request: PayPalProductRequest, requestId: string) =>
      call<{ id: string }>("POST", "/v1/catalogs/products", request, requestId),
    createPlan: (request: PayPalPlanRequest, requestId: string) =>
      call<{ id: string; status?: string }>("POST", "/v1/billing/plans", request, requestId),
    createSubscription: (request: PayPalSubscriptionRequest, requestId: string) =>
      call<PayPalSubscription>("POST", "/v1/billing/subscriptions", request, requestId),
    getSubscription: (subscriptionId: string) =>
      call<PayPalSubscription>("GET", `/v1/billing/subscriptions/${id(subscriptionId)}`),
    /** Answers 204; a subscription already cancelled answers 422 SUBSCRIPTION_STATUS_INVALID. */
    cancelSubscription: (subscriptionId: string, reason: string) =>
      call<undefined>("POST", `/v1/billing/subscriptions/${id(subscriptionId)}/cancel`, {
        reason: reason.slice(0, 127),
      }),
    /** True when PayPal confirms that a webhook event with these headers was sent by PayPal for our webhook. */
    async verifyWebhookSignature(
      headers: WebhookHeaders,
      event: unknown,
      webhookId: string,
    ): Promise<boolean> {
      const reply = await call<{ verification_status: "SUCCESS" | "FAILURE" }>(
        "POST",
        "/v1/notifications/verify-webhook-signature",
        {
          auth_algo: headers["paypal-auth-algo"],
          cert_url: headers["paypal-cert-url"],
          transmission_id: headers["paypal-transmission-id"],
          transmission_sig: headers["paypal-transmission-sig"],
          transmission_time: headers["paypal-transmission-time"],
          webhook_id: webhookId,
          webhook_event: event,
        },
      );
      return reply.verification_status === "SUCCESS";
    },
  };
}
