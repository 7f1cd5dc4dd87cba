import {
  CaptureBodySchema,
  CartQuerySchema,
  FulfillBodySchema,
  FulfillQuerySchema,
  FulfillReplySchema,
  LocaleQuerySchema,
  OrderRefParamsSchema,
  OrderSchema,
  PaymentConfigSchema,
  PaymentLinkParamsSchema,
  PaymentLinkSchema,
} from "@atelier/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, ErrorReplySchema } from "../errors/index.ts";
import { currentUser, requireUser } from "../plugins/index.ts";
import type { CheckoutService } from "./checkout.service.ts";
import type { createPayPalWebhooks, PayPalEvent } from "./paypal-webhooks.ts";
import type { createStripeWebhooks } from "./stripe-webhooks.ts";

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema, 503: ErrorReplySchema };
const common = { tags: ["checkout"], security: [{ tokenAuth: [] }] };

const text = z.string().max(2000).optional();

/**
 * What PayPal posts to the webhook: an event with its id and type; the rest is verified with PayPal. The
 * fields the shop reads must have their type (D202): a body of another shape is a 400, never a 500.
 */
const PayPalEventSchema = z.looseObject({
  id: z.string().min(1).max(128),
  event_type: z.string().min(1).max(128),
  create_time: text,
  resource: z
    .looseObject({
      billing_agreement_id: text,
      id: text,
      status: text,
      amount: z.looseObject({ value: text, total: text, currency_code: text }).optional(),
      custom_id: text,
      invoice_id: text,
      supplementary_data: z
        .looseObject({ related_ids: z.looseObject({ order_id: text }).optional() })
        .optional(),
      links: z.array(z.looseObject({ href: z.string().max(2000), rel: z.string().max(200) })).optional(),
    })
    .optional(),
});

const WebhookHeadersSchema = z.looseObject({
  "paypal-auth-algo": z.string().max(64).optional(),
  "paypal-cert-url": z.string().max(2000).optional(),
  "paypal-transmission-id": z.string().max(128).optional(),
  "paypal-transmission-sig": z.string().max(2000).optional(),
  "paypal-transmission-time": z.string().max(64).optional(),
});

type App = Parameters<FastifyPluginAsyncZod>[0];
type CheckoutRouteDeps = {
  checkout: CheckoutService;
  webhooks: ReturnType<typeof createPayPalWebhooks>;
  fulfilPerMinute: number;
};

/** Checkout and payment calls of spec §7 (`fulfill`, `capture`) and what our web adds around them. */
export const checkoutRoutes =
  (deps: CheckoutRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    orderPaymentRoutes(app, deps);
    paymentLinkRoutes(app, deps);
    paymentEndRoutes(app, deps);
  };

/** The checkout step: which buttons to show, fulfil (reserve and open the payment), the order, capture. */
function orderPaymentRoutes(app: App, { checkout, fulfilPerMinute }: CheckoutRouteDeps) {
  app.get(
    "/api/v2/payments/config/",
    {
      schema: {
        tags: ["checkout"],
        summary: "Which payment buttons to show",
        querystring: LocaleQuerySchema,
        response: { 200: PaymentConfigSchema },
      },
    },
    async () => checkout.config(),
  );

  app.post(
    "/api/v2/orders/fulfill/",
    {
      preValidation: requireUser,
      // Each call reserves seats and opens a payment: bounded per client address.
      config: { rateLimit: { max: fulfilPerMinute, timeWindow: "1 minute" } },
      schema: {
        ...common,
        summary: "Reserve the cart's seats and open the payment",
        querystring: FulfillQuerySchema,
        body: FulfillBodySchema,
        response: { 200: FulfillReplySchema, ...errors, 429: ErrorReplySchema },
      },
    },
    async (request) => checkout.fulfill(currentUser(request).id, request.query, request.body, request.locale),
  );

  app.get(
    "/api/v2/orders/:id/",
    {
      preValidation: requireUser,
      schema: {
        ...common,
        summary: "One of my orders (by our number or the PayPal order id)",
        params: OrderRefParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => checkout.orderFor(currentUser(request).id, request.params.id, request.locale),
  );

  app.post(
    "/api/v2/orders/:id/capture/",
    {
      preValidation: requireUser,
      schema: {
        ...common,
        summary: "Capture the approved payment",
        params: OrderRefParamsSchema,
        querystring: LocaleQuerySchema,
        body: CaptureBodySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => checkout.captureFor(currentUser(request).id, request.params.id, request.locale),
  );
}

/** A mailed payment link (D157): the order it pays, and opening its payment with the chosen gateway. */
function paymentLinkRoutes(app: App, { checkout, fulfilPerMinute }: CheckoutRouteDeps) {
  // A payment link's token is a capability (D157): logged only as `***` (logging/log-redaction.ts).
  app.get(
    "/api/v2/orders/payment_link/:token/",
    {
      preValidation: requireUser,
      schema: {
        ...common,
        summary: "The order a mailed payment link pays (its parent only) and whether it can be paid",
        params: PaymentLinkParamsSchema,
        querystring: LocaleQuerySchema,
        response: { 200: PaymentLinkSchema, ...errors },
      },
    },
    async (request) => checkout.paymentLinkFor(currentUser(request).id, request.params.token, request.locale),
  );

  app.post(
    "/api/v2/orders/payment_link/:token/pay/",
    {
      preValidation: requireUser,
      config: { rateLimit: { max: fulfilPerMinute, timeWindow: "1 minute" } },
      schema: {
        ...common,
        summary: "Open the payment of the order a payment link pays, with the chosen gateway",
        params: PaymentLinkParamsSchema,
        querystring: FulfillQuerySchema,
        response: { 200: FulfillReplySchema, ...errors, 429: ErrorReplySchema },
      },
    },
    async (request) => checkout.payLink(currentUser(request).id, request.params.token, request.query),
  );
}

/** How an open payment ends besides capture: the buyer cancels it, or PayPal's events say what happened. */
function paymentEndRoutes(app: App, { checkout, webhooks }: CheckoutRouteDeps) {
  app.post(
    "/api/v2/orders/:id/cancel_payment/",
    {
      preValidation: requireUser,
      schema: {
        ...common,
        summary: "The buyer cancelled the payment: the items go back into the cart",
        params: OrderRefParamsSchema,
        querystring: CartQuerySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => checkout.cancelPayment(currentUser(request).id, request.params.id, request.locale),
  );

  app.post(
    "/api/v2/payments/paypal/webhook/",
    {
      schema: {
        tags: ["checkout"],
        summary: "PayPal webhook events (verified with PayPal)",
        headers: WebhookHeadersSchema,
        body: PayPalEventSchema,
        response: {
          200: z.object({ received: z.boolean() }),
          400: ErrorReplySchema,
          403: ErrorReplySchema,
          503: ErrorReplySchema,
        },
      },
    },
    async (request) => {
      await webhooks.receive(request.headers, request.body as PayPalEvent);
      return { received: true };
    },
  );
}

/**
 * `POST /api/v2/payments/stripe/webhook/`: Stripe signs the exact bytes it sends, so this route (in a
 * scope of its own) takes the body as a string and leaves parsing to the verification.
 */
export const stripeWebhookRoutes =
  ({ webhooks }: { webhooks: ReturnType<typeof createStripeWebhooks> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      "/api/v2/payments/stripe/webhook/",
      {
        schema: {
          tags: ["checkout"],
          summary: "Stripe webhook events (verified by their Stripe-Signature)",
          headers: z.looseObject({ "stripe-signature": z.string().max(2000).optional() }),
          response: {
            200: z.object({ received: z.boolean() }),
            400: ErrorReplySchema,
            403: ErrorReplySchema,
            503: ErrorReplySchema,
          },
        },
      },
      async (request) => {
        await webhooks.receive(String(request.body ?? ""), request.headers["stripe-signature"]);
        return { received: true };
      },
    );
  };

const StripeCancelQuerySchema = z.object({
  order: z.coerce.number().int().positive().max(2_147_483_647),
  attempt: z.coerce.number().int().min(0).max(2_147_483_647),
  next: z.url().max(2000),
  sig: z.string().min(1).max(200),
});

/**
 * `GET /api/v2/payments/stripe/cancel/` (D291): Stripe's back link. The items go back into the cart on the
 * server, then the browser goes on to the front end's own `cancel_url`; a link this server did not sign
 * is a 404. Stripe being unreachable does not keep the parent on a dead end: the browser goes on, and
 * the reservation runs out as it would have.
 */
export const stripeCancelRoutes =
  ({ checkout }: { checkout: CheckoutService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/v2/payments/stripe/cancel/",
      {
        schema: {
          tags: ["checkout"],
          summary: "Stripe's back link: the items go back into the cart, then on to the front end",
          querystring: StripeCancelQuerySchema,
          response: { 404: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const signed = await checkout.stripeCancelled(request.query).catch((error: unknown) => {
          request.log.warn({ err: error, orderId: request.query.order }, "Stripe cancel: cart not restored");
          return true;
        });
        if (!signed) throw AppError.notFound();
        return reply.redirect(request.query.next, 303);
      },
    );
  };
