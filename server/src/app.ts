import { randomUUID } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { accountsRoutes } from "./accounts/accounts.routes.ts";
import { createCatalogueApi } from "./catalogue/catalogue-api.ts";
import { checkinRoutes } from "./checkin/checkin.routes.ts";
import { createCheckinService } from "./checkin/checkin.service.ts";
import { checkoutRoutes } from "./checkout/checkout.routes.ts";
import { createCheckoutService } from "./checkout/checkout.service.ts";
import { createPaymentWorker, type PaymentWorker } from "./checkout/payment-worker.ts";
import { createPayPalWebhooks } from "./checkout/paypal-webhooks.ts";
import { createDeferredWork, type DeferredWork } from "./common/deferred-work.ts";
import type { Env } from "./config/env.ts";
import type { Database } from "./db/client.ts";
import { issueGiftCardsForOrder } from "./gift-cards/gift-cards.service.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { enqueueRefundNotice, issueOrderDocuments, sellerFromEnv } from "./invoices/index.ts";
import { invoiceDownloadRoutes } from "./invoices/invoice-download.routes.ts";
import { createInvoiceDownloads } from "./invoices/invoice-download.ts";
import { logSerializers } from "./logging/log-redaction.ts";
import { cartRoutes } from "./orders/cart.routes.ts";
import { createCartService } from "./orders/cart.service.ts";
import { historyRoutes } from "./orders/history.routes.ts";
import { createHistoryService } from "./orders/history.service.ts";
import { demoGatewayRoutes } from "./payments/demo-gateway.routes.ts";
import { createDemoGateway } from "./payments/demo-gateway.ts";
import type { PaymentGateway } from "./payments/gateway.ts";
import { createPayPalClient } from "./payments/paypal-client.ts";
import { createPayPalGateway } from "./payments/paypal-gateway.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerCompression } from "./plugins/compression.ts";
import { type ErrorReporter, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerInputGuard } from "./plugins/input-guard.ts";
import { registerJsonBody } from "./plugins/json-body.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerRateLimit } from "./plugins/rate-limit.ts";
import { registerRequestLocale } from "./plugins/request-locale.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerSpa } from "./spa/spa.plugin.ts";
import { startSubscriptions } from "./subscriptions/subscriptions.repository.ts";
import { subscriptionsRoutes } from "./subscriptions/subscriptions.routes.ts";
import { createSubscriptionsService } from "./subscriptions/subscriptions.service.ts";
import { visitRequestsRoutes } from "./visit-requests/visit-requests.routes.ts";
import { createVisitRequestsService } from "./visit-requests/visit-requests.service.ts";
import { calendarRoutes } from "./visitors/calendar.routes.ts";
import { createCalendarService } from "./visitors/calendar.service.ts";
import { visitorsRoutes } from "./visitors/visitors.routes.ts";
import { createVisitorsService } from "./visitors/visitors.service.ts";
import { waitingListRoutes } from "./waiting-list/waiting-list.routes.ts";
import { createWaitingListService, type WaitingListService } from "./waiting-list/waiting-list.service.ts";
import { withdrawalsRoutes } from "./withdrawals/withdrawals.routes.ts";
import { createWithdrawalsService } from "./withdrawals/withdrawals.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    deferredWork: DeferredWork;
    /** Expires reservations, reconciles open payments, refunds; started by server.ts, run by tests. */
    paymentWorker: PaymentWorker;
    /** Waiting lists; the payment worker's round offers freed seats through it. */
    waitingList: WaitingListService;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

export type AppDeps = {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  reportError?: ErrorReporter;
};

/** Whatever logger is configured logs URLs and errors through the redacting serializers. */
function withRedaction(logger: AppDeps["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}

/**
 * request.ip (rate limits, logs) comes from X-Forwarded-For only through the proxies named in TRUST_PROXY.
 * A hop count becomes a function: Fastify itself trusts nobody for a bare number.
 */
function proxyTrust(setting: Env["TRUST_PROXY"]): FastifyServerOptions["trustProxy"] {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * A client that trickles its headers or body is cut off after REQUEST_TIMEOUT_MS (Node answers 408), and a
 * socket silent in both directions for twice that long is closed. Node checks the request deadline only
 * every `connectionsCheckingInterval` (30 s by default), so the check runs at a quarter of the timeout.
 */
function timeouts(requestTimeout: number) {
  return {
    requestTimeout,
    connectionTimeout: requestTimeout * 2,
    http: {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, 10_000),
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(requestTimeout / 4))),
    },
  };
}

export async function buildApp(deps: AppDeps) {
  const { env, database } = deps;
  const app = Fastify({
    logger: withRedaction(deps.logger),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: proxyTrust(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    ...timeouts(env.REQUEST_TIMEOUT_MS),
    genReqId: (req) => (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLocale(app);
  registerErrorHandler(app, deps.reportError);
  registerJsonBody(app);
  registerInputGuard(app);
  await registerSecurity(app, {
    corsOrigins: env.CORS_ORIGINS,
    sentryDsn: env.SENTRY_DSN,
    // PayPal's buttons load its SDK (tests: a stand-in's stub); the demo gateway needs none.
    paymentSdkUrl: env.PAYPAL_CLIENT_ID ? env.PAYPAL_SDK_URL : undefined,
  });
  await registerCompression(app);
  await registerRateLimit(app, { redisUrl: env.REDIS_URL });
  await registerOpenApi(app, env.PUBLIC_URL);

  await app.register(healthRoutes({ ping: database.ping, databaseKind: database.kind }));
  registerAuth(app, { db: database.db, tokenTtlDays: env.AUTH_TOKEN_TTL_DAYS });
  // Work started by a request that its reply does not wait for; finished before the server stops.
  const deferred = createDeferredWork(app.log);
  app.decorate("deferredWork", deferred);
  app.addHook("preClose", () => deferred.idle());
  await app.register(accountsRoutes({ db: database.db, env, deferred }));

  await app.register(visitorsRoutes({ visitors: createVisitorsService(database.db) }));
  await app.register(
    calendarRoutes({
      calendar: createCalendarService({ db: database.db, host: new URL(env.PUBLIC_URL).hostname }),
    }),
  );
  await app.register(
    invoiceDownloadRoutes({
      downloads: createInvoiceDownloads({ db: database.db, seller: sellerFromEnv(env) }),
    }),
  );
  const cart = createCartService({
    db: database.db,
    siblingDiscountPercent: env.SIBLING_DISCOUNT_PERCENT,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(cartRoutes({ cart, initPerMinute: env.CART_INIT_RATE_LIMIT_PER_MINUTE }));
  const waitingList = createWaitingListService({
    db: database.db,
    cart,
    offerHours: env.WAITING_OFFER_HOURS,
    webUrl: env.WEB_URL,
    publicUrl: env.PUBLIC_URL,
    log: app.log,
  });
  app.decorate("waitingList", waitingList);
  await app.register(waitingListRoutes({ waitingList }));
  await registerCheckout(app, deps, cart, deferred, waitingList);
  await app.register(checkinRoutes({ checkin: createCheckinService(database.db) }));
  await app.register(
    historyRoutes({ history: createHistoryService({ db: database.db, publicUrl: env.PUBLIC_URL }) }),
  );
  const visitRequests = createVisitRequestsService({
    db: database.db,
    schoolEmail: env.SCHOOL_EMAIL,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(visitRequestsRoutes({ visitRequests }));

  const catalogueApi = createCatalogueApi({ db: database.db, changes: database.changes, env });
  await app.register(catalogueApi.routes);

  await registerSpa(app, {
    distDir: env.WEB_DIST_DIR ?? resolve(here, "../../web/dist"),
    publicUrl: env.PUBLIC_URL,
    headProvider: catalogueApi.headProvider,
    serverEntry: env.WEB_SSR_ENTRY,
  });
  return app;
}

/** The payment gateway (PayPal with a client id, else the offline demo, D49), checkout routes and worker. */
async function registerCheckout(
  app: FastifyInstance,
  { env, database }: AppDeps,
  cart: ReturnType<typeof createCartService>,
  deferred: DeferredWork,
  waitingList: WaitingListService,
) {
  const db = database.db;
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? createPayPalClient({
          baseUrl: env.PAYPAL_API_BASE,
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
        })
      : undefined;
  const demo = paypal ? undefined : createDemoGateway(db, env.PUBLIC_URL);
  const gateway: PaymentGateway = paypal ? createPayPalGateway(paypal) : (demo as PaymentGateway);
  const checkout = createCheckoutService({
    db,
    cart,
    gateway,
    documents: {
      issue: async (tx, orderId) => {
        // The first month of each course subscription is paid now (D25); the next ones follow (D72).
        // Started first: the invoice and the confirmation mail print its contract number (D91).
        await startSubscriptions(tx, orderId, new Date());
        await issueOrderDocuments(tx, {
          orderId,
          publicUrl: env.PUBLIC_URL,
          webUrl: env.WEB_URL,
          seller: sellerFromEnv(env),
        });
        await issueGiftCardsForOrder(tx, orderId, env.PUBLIC_URL);
      },
      refundNotice: (tx, orderId, amountCents) =>
        enqueueRefundNotice(tx, { orderId, amountCents, reason: "seats_gone", publicUrl: env.PUBLIC_URL }),
    },
    reservationMinutes: env.RESERVATION_MINUTES,
    redirectOrigins: [env.WEB_URL, env.PUBLIC_URL, ...env.CORS_ORIGINS].map((url) => new URL(url).origin),
    paypal: { clientId: env.PAYPAL_CLIENT_ID ?? null, sdkUrl: env.PAYPAL_SDK_URL },
    log: app.log,
    defer: (name, work) => deferred.run(name, work),
  });
  const subscriptions = createSubscriptionsService({
    db,
    gateway,
    publicUrl: env.PUBLIC_URL,
    webUrl: env.WEB_URL,
    schoolEmail: env.SCHOOL_EMAIL,
    log: app.log,
  });
  await app.register(subscriptionsRoutes({ subscriptions, webUrl: env.WEB_URL }));
  const webhookId = env.PAYPAL_WEBHOOK_ID;
  const webhooks = createPayPalWebhooks({
    db,
    checkout,
    subscriptions,
    verify:
      paypal && webhookId
        ? (headers, event) => paypal.verifyWebhookSignature(headers, event, webhookId)
        : null,
    log: app.log,
  });
  await app.register(
    checkoutRoutes({ checkout, webhooks, fulfilPerMinute: env.CHECKOUT_RATE_LIMIT_PER_MINUTE }),
  );
  if (demo) await app.register(demoGatewayRoutes({ demo, webUrl: env.WEB_URL }));
  const withdrawals = createWithdrawalsService({ db, gateway, publicUrl: env.PUBLIC_URL, log: app.log });
  await app.register(withdrawalsRoutes({ withdrawals }));
  const worker = createPaymentWorker({
    db,
    checkout,
    gateway,
    waitingList,
    withdrawalRefunds: (limit) => withdrawals.refundsPending(limit),
    subscriptions,
    intervalMs: env.PAYMENT_WORKER_INTERVAL_MS,
    log: app.log,
  });
  app.decorate("paymentWorker", worker);
  app.addHook("preClose", () => worker.stop());
}

export type App = Awaited<ReturnType<typeof buildApp>>;
