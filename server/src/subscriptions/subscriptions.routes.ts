import {
  CancellableContractsSchema,
  CONTRACT_CANCEL_RATE_LIMIT_PER_MINUTE,
  ContractCancelReplySchema,
  ContractCancelRequestSchema,
  ItemCancelBodySchema,
  ItemCancelReplySchema,
  LocaleQuerySchema,
  MakeRecurringQuerySchema,
  MakeRecurringReplySchema,
  RenewalPayQuerySchema,
  RenewalReturnQuerySchema,
  SubscriptionItemParamsSchema,
} from "@atelier/contract";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, ErrorReplySchema } from "../errors/index.ts";
import { clientKey, currentUser, requireUser } from "../plugins/index.ts";
import type { SubscriptionsService } from "./subscriptions.service.ts";

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 404: ErrorReplySchema, 503: ErrorReplySchema };
const common = { tags: ["subscriptions"], security: [{ tokenAuth: [] }] };

type App = Parameters<FastifyPluginAsyncZod>[0];
type SubscriptionsRouteDeps = {
  subscriptions: SubscriptionsService;
  webUrl: string;
  cancelPerMinute?: number;
};

/**
 * Course subscriptions after checkout (spec §7, D72–D74): autopay, cancel an item, the renewal payment's
 * return from PayPal, and the § 312k cancellation page's calls (no sign-in needed).
 */
export const subscriptionsRoutes =
  (deps: SubscriptionsRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    itemRoutes(app, deps);
    renewalRoutes(app, deps);
    contractCancelRoutes(app, deps);
  };

/** A signed-in parent's subscription item: monthly autopay, or cancelling it at the end of the paid month. */
function itemRoutes(app: App, { subscriptions }: SubscriptionsRouteDeps) {
  app.post(
    "/api/v2/orders/subscriptions/:id/make_recurring/",
    {
      preValidation: requireUser,
      schema: {
        ...common,
        summary:
          "Monthly autopay: the PayPal subscription id the buttons approve (intent=subscription), or with payment_gateway=stripe the Stripe Checkout page's url",
        params: SubscriptionItemParamsSchema,
        querystring: MakeRecurringQuerySchema,
        response: { 200: MakeRecurringReplySchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.makeRecurring(
        currentUser(request).id,
        request.params.id,
        request.locale,
        request.query.payment_gateway,
      ),
  );

  app.patch(
    "/api/v2/orders/items/:id/cancel/",
    {
      preValidation: requireUser,
      schema: {
        ...common,
        summary: "Cancel a course subscription at the end of the paid month",
        params: SubscriptionItemParamsSchema,
        querystring: LocaleQuerySchema,
        body: ItemCancelBodySchema,
        response: { 200: ItemCancelReplySchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.cancelItem(
        currentUser(request).id,
        request.params.id,
        request.body.reason ?? "",
        request.locale,
      ),
  );
}

/** A month paid by hand: the mailed link to PayPal's approval, and PayPal's return to capture it. */
function renewalRoutes(app: App, { subscriptions, webUrl }: SubscriptionsRouteDeps) {
  app.get(
    "/api/v2/orders/subscriptions/renewal/pay/",
    {
      schema: {
        tags: ["subscriptions"],
        summary: "The link that pays a subscription's next month (paypal_invoice_link): to PayPal's approval",
        querystring: RenewalPayQuerySchema,
      },
    },
    async (request, reply) => reply.redirect(await subscriptions.renewalPayment(request.query.token), 303),
  );

  app.get(
    "/api/v2/orders/subscriptions/renewal/return/",
    {
      schema: {
        tags: ["subscriptions"],
        summary: "PayPal's return after paying a month by hand: capture, then to the profile",
        querystring: RenewalReturnQuerySchema,
      },
    },
    async (request, reply) => {
      const paid = await subscriptions.payRenewal(request.query.token);
      return reply.redirect(`${webUrl}/profile?tab=${paid ? "sales-success" : "sales-fail"}`, 303);
    },
  );
}

/** The § 312k cancellation page: the signed-in parent's running contracts, and the declaration itself. */
function contractCancelRoutes(
  app: App,
  { subscriptions, cancelPerMinute = CONTRACT_CANCEL_RATE_LIMIT_PER_MINUTE }: SubscriptionsRouteDeps,
) {
  app.get(
    "/api/v2/contracts/cancellable/",
    {
      preValidation: requireUser,
      schema: {
        ...common,
        summary: "My running subscriptions, for the cancellation page",
        querystring: LocaleQuerySchema,
        response: { 200: CancellableContractsSchema, 401: ErrorReplySchema },
      },
    },
    async (request) => subscriptions.cancellable(currentUser(request).id, request.locale),
  );

  // § 312k BGB: anyone may declare a cancellation, so the page is bounded per client address (D73).
  const perIp = app.createRateLimit({
    max: cancelPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) => `contract_cancel:ip:${clientKey(request)}`,
  });
  const limit: onRequestAsyncHookHandler = async (request, reply) => {
    const result = await perIp(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", String(result.ttlInSeconds));
      throw new AppError("throttled", 429);
    }
  };
  app.post(
    "/api/v2/contracts/cancel/",
    {
      onRequest: limit,
      schema: {
        tags: ["subscriptions"],
        summary: "Verträge hier kündigen (§ 312k BGB): declare a cancellation, signed in or not",
        security: [{}, { tokenAuth: [] }],
        querystring: LocaleQuerySchema,
        body: ContractCancelRequestSchema,
        response: {
          201: ContractCancelReplySchema,
          400: ErrorReplySchema,
          404: ErrorReplySchema,
          429: ErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      // A stale token is a guest here: the declaration still counts (matched by number and e-mail).
      const user = await request.server.authenticateRequest(request);
      const received = await subscriptions.declare(user?.id ?? null, request.body, request.locale);
      return reply.status(201).send(received);
    },
  );
}
