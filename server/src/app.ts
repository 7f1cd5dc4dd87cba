import { randomUUID } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locale } from "@atelier/contract";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { accountsRoutes, emailChangeLinks, keyAuthenticator } from "./accounts/index.ts";
import {
  adminOrdersRoutes,
  adminPartyRequestsRoutes,
  adminRoutes,
  adminWaitingListRoutes,
  countPaymentIssuesOpen,
  failedMailsRoutes,
  giftCardDeliveryRoutes,
  paymentIssuesRoutes,
  recordAudit,
} from "./admin/index.ts";
import { checkinRoutes, createCheckinService } from "./checkin/index.ts";
import {
  checkoutRoutes,
  createCheckoutService,
  createPaymentWorker,
  createPayPalWebhooks,
  createStaffOrders,
  createStripeWebhooks,
  loadInstallation,
  orderLinesDue,
  type PaymentWorker,
  stripeCancelRoutes,
  stripeWebhookRoutes,
} from "./checkout/index.ts";
import { createDeferredWork, type DeferredWork } from "./common/index.ts";
import type { Env } from "./config/index.ts";
import { createRedirectLookup } from "./content/index.ts";
import type { Database, DbOrTx, Tx } from "./db/index.ts";
import { issueGiftCardsForOrder } from "./gift-cards/index.ts";
import { healthRoutes } from "./health/index.ts";
import {
  calendarRoutes,
  createCalendarService,
  createHistoryService,
  historyRoutes,
} from "./history/index.ts";
import { createInstructorDesk, instructorDeskRoutes } from "./instructor-desk/index.ts";
import {
  createInvoiceDownloads,
  creditMonthInvoice,
  enqueueOrderStaffNotice,
  enqueueRefundFailedNotice,
  enqueueRefundNotice,
  invoiceDownloadRoutes,
  issueMonthInvoice,
  issueOrderDocuments,
  numberOrderInvoice,
  type OrderItemsOf,
  sellerFromEnv,
  sellerFromSettings,
} from "./invoices/index.ts";
import { createLessonsService, createReminders, lessonsRoutes, type Reminders } from "./lessons/index.ts";
import { logSerializers } from "./logging/index.ts";
import { countOutbox, removeMailFiles } from "./mail/index.ts";
import { type MediaStorage, mediaRoutes, mediaStorageFrom } from "./media/index.ts";
import { browserMonitoring, type Metrics, registerMetrics } from "./monitoring/index.ts";
import { type CartItemRow, cartRoutes, createCartService, findCartItems } from "./orders/index.ts";
import type { PaymentGateway } from "./payments/index.ts";
import {
  createDemoGateway,
  createPayPalClient,
  createPayPalGateway,
  createStripeClient,
  createStripeGateway,
  demoGatewayRoutes,
  routeGateways,
} from "./payments/index.ts";
import {
  clientErrorHandler,
  type ErrorReporter,
  frameworkErrors,
  registerAuth,
  registerCompression,
  registerErrorHandler,
  registerInputGuard,
  registerJsonBody,
  registerOpenApi,
  registerRateLimit,
  registerRequestLocale,
  registerSecurity,
} from "./plugins/index.ts";
import { createDataExport, dataExportRoutes } from "./privacy/index.ts";
import { createCatalogueApi } from "./public-routes.ts";
import {
  createSchoolSettings,
  type SchoolSettingsSource,
  schoolSettingsFromEnv,
  staffRecipientsOf,
} from "./settings/index.ts";
import type { ProductPreview } from "./spa/index.ts";
import { registerSpa } from "./spa/index.ts";
import {
  createSubscriptionsService,
  endSubscriptionsOfRefundedOrder,
  findPauses,
  SUBSCRIPTION_EVENT_TYPES,
  startSubscriptions,
  subscriptionsRoutes,
} from "./subscriptions/index.ts";
import {
  createPartyRequestsService,
  createVisitRequestsService,
  partyRequestsRoutes,
  visitRequestsRoutes,
} from "./visit-requests/index.ts";
import { createVisitorsService, visitorsRoutes } from "./visitors/index.ts";
import {
  createWaitingListService,
  type WaitingListService,
  waitingListRoutes,
} from "./waiting-list/index.ts";
import {
  carriedAtGatewayCents,
  createWithdrawalsService,
  creditOrderRefundedAtGateway,
  itemRefundsGatewayCents,
  refundFailedLater,
  withdrawalsRoutes,
} from "./withdrawals/index.ts";

declare module "fastify" {
  interface FastifyInstance {
    deferredWork: DeferredWork;
    /** Expires reservations, reconciles open payments, refunds; started by server.ts, run by tests. */
    paymentWorker: PaymentWorker;
    /** Reminders before first lessons, trial visits and makeups (D370); started by server.ts, run by tests. */
    lessonReminders: Reminders;
    /** Waiting lists; the payment worker's round offers freed seats through it. */
    waitingList: WaitingListService;
    /** From now on /readyz answers 503 while requests are still served (a rolling restart's drain, D195). */
    startDraining: () => void;
    /** GET /metrics (D260); server.ts adds the mail worker to the workers it watches. */
    metrics: Metrics;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

export type AppDeps = {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  reportError?: ErrorReporter;
  /** Where uploaded images are stored (D146); default: as the settings say (S3_* or DATA_DIR/media). */
  media?: MediaStorage;
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
  const app = await createServer(deps);
  const deferred = await registerPlatform(app, deps);
  const { env, database } = deps;
  // The school's own data (D243): the environment's values until an admin saves them, read when used.
  const schoolSettings = createSchoolSettings(schoolSettingsFromEnv(env));
  await app.register(accountsRoutes({ db: database.db, env, deferred }));
  await app.register(visitorsRoutes({ visitors: createVisitorsService(database.db) }));
  const cart = createCartService({
    db: database.db,
    siblingDiscountPercent: env.SIBLING_DISCOUNT_PERCENT,
    publicUrl: env.PUBLIC_URL,
    changes: database.changes,
  });
  await app.register(
    cartRoutes({
      cart,
      initPerMinute: env.CART_INIT_RATE_LIMIT_PER_MINUTE,
      promocodePerMinute: env.PROMOCODE_RATE_LIMIT_PER_MINUTE,
    }),
  );
  const waitingList = createWaitingListService({
    db: database.db,
    cart,
    offerHours: env.WAITING_OFFER_HOURS,
    webUrl: env.WEB_URL,
    publicUrl: env.PUBLIC_URL,
    staffEmails: schoolSettings.staffRecipients,
    log: app.log,
  });
  app.decorate("waitingList", waitingList);
  await app.register(waitingListRoutes({ waitingList }));
  await registerCheckout(app, deps, cart, deferred, waitingList, schoolSettings);
  await registerAfterTheSale(app, deps, schoolSettings);
  await registerShopPages(app, deps, schoolSettings);
  return app;
}

/** Fastify with the shop's limits, request ids, schemas, locale, errors and input guards. */
async function createServer({ env, logger, reportError }: AppDeps) {
  const app = Fastify({
    logger: withRedaction(logger),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: proxyTrust(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Fastify's default of 10 s per plugin refused to start a test app on a machine busy with other
    // test processes (the OpenAPI UI's plugin reads its files at start); a start is not a request.
    pluginTimeout: 60_000,
    ...timeouts(env.REQUEST_TIMEOUT_MS),
    genReqId: (req) => (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID(),
    // Bad paths and what Node's parser refuses, in the DRF shape like every other error (D484).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLocale(app);
  registerErrorHandler(app, reportError);
  registerJsonBody(app);
  registerInputGuard(app);
  return app;
}

/**
 * What every route stands on: security headers, compression, rate limits, the OpenAPI document, health
 * (with the drain of a rolling restart, D195), sign-in by token, and work a reply does not wait for.
 */
async function registerPlatform(app: FastifyInstance, deps: AppDeps): Promise<DeferredWork> {
  const { env, database } = deps;
  await registerSecurity(app, {
    corsOrigins: env.CORS_ORIGINS,
    sentryDsn: env.SENTRY_DSN,
    // PayPal's buttons load its SDK (tests: a stand-in's stub); the demo gateway needs none.
    paymentSdkUrl: env.PAYPAL_CLIENT_ID ? env.PAYPAL_SDK_URL : undefined,
  });
  await registerCompression(app);
  await registerRateLimit(app, { redisUrl: env.REDIS_URL });
  await registerOpenApi(app, env.PUBLIC_URL);

  await registerWatching(app, deps);
  const tokenTtlMs = env.AUTH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
  registerAuth(app, { authenticate: keyAuthenticator(database.db, { tokenTtlMs }) });
  // Work started by a request that its reply does not wait for; finished before the server stops.
  const deferred = createDeferredWork(app.log);
  app.decorate("deferredWork", deferred);
  app.addHook("preClose", () => deferred.idle());
  return deferred;
}

/** The family's calendar and documents, check-in at the door, history, and requests to the school. */
async function registerAfterTheSale(
  app: FastifyInstance,
  { env, database }: AppDeps,
  schoolSettings: SchoolSettingsSource,
) {
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
  await app.register(checkinRoutes({ checkin: createCheckinService(database.db, { recordAudit }) }));
  await app.register(instructorDeskRoutes({ desk: createInstructorDesk(database.db, { recordAudit }) }));
  // Lessons over a season (issue 35): absences, makeups, cancelled lessons; the reminders' worker.
  const lessons = createLessonsService({
    db: database.db,
    recordAudit,
    webUrl: env.WEB_URL,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(lessonsRoutes({ lessons }));
  const reminders = createReminders({
    db: database.db,
    createAbsenceLink: lessons.createAbsenceLink,
    publicUrl: env.PUBLIC_URL,
    onError: (error) => app.log.error({ err: error }, "lesson reminders failed"),
  });
  app.decorate("lessonReminders", reminders);
  app.addHook("onClose", async () => reminders.stop());
  await app.register(
    dataExportRoutes({ dataExport: createDataExport({ db: database.db, publicUrl: env.PUBLIC_URL }) }),
  );
  await app.register(
    historyRoutes({
      history: createHistoryService({
        db: database.db,
        publicUrl: env.PUBLIC_URL,
        changes: database.changes,
      }),
    }),
  );
  const visitRequests = createVisitRequestsService({
    db: database.db,
    schoolEmails: schoolSettings.staffRecipients,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(visitRequestsRoutes({ visitRequests }));
  await app.register(
    partyRequestsRoutes({
      partyRequests: createPartyRequestsService({
        db: database.db,
        schoolEmails: schoolSettings.staffRecipients,
        publicUrl: env.PUBLIC_URL,
      }),
    }),
  );
}

/** The back office, media, the catalogue API and the shop's pages (server-rendered, after the API). */
async function registerShopPages(app: FastifyInstance, deps: AppDeps, schoolSettings: SchoolSettingsSource) {
  const { env, database } = deps;
  const media = deps.media ?? mediaStorageFrom(env);
  // The web build's renderer is loaded with the shop's pages, after the API: the preview asks for it late.
  let productPreview: ProductPreview | undefined;
  await app.register(
    adminRoutes({
      db: database.db,
      publicUrl: env.PUBLIC_URL,
      webUrl: env.WEB_URL,
      seller: sellerFromEnv(env),
      schoolSettings,
      media,
      removeMailFiles: (ids) => removeMailFiles(env.DATA_DIR, ids),
      emailChangeLinks: emailChangeLinks(env),
      productPreview: (input) => {
        if (!productPreview) throw new Error("the shop's pages are not registered yet");
        return productPreview(input);
      },
    }),
  );
  await app.register(mediaRoutes({ db: database.db, storage: media }));

  const catalogueApi = createCatalogueApi({
    db: database.db,
    readDb: database.readDb,
    changes: database.changes,
    env,
    staffRecipients: schoolSettings.staffRecipients,
  });
  await app.register(catalogueApi.routes);

  ({ productPreview } = await registerSpa(app, {
    distDir: env.WEB_DIST_DIR ?? resolve(here, "../../web/dist"),
    publicUrl: env.PUBLIC_URL,
    headProvider: catalogueApi.headProvider,
    serverEntry: env.WEB_SSR_ENTRY,
    monitoring: browserMonitoring(env.SENTRY_DSN, env.SENTRY_ENVIRONMENT),
    redirectFor: createRedirectLookup(database.db),
  }));
}

/**
 * What watches the instance: /healthz and /readyz, which fail first while a rolling restart drains (D195),
 * and GET /metrics (D260), whose scrapes read through the small read pool, so they answer while the main
 * pool is exhausted.
 */
async function registerWatching(app: FastifyInstance, { env, database }: AppDeps) {
  let draining = false;
  app.decorate("startDraining", () => {
    draining = true;
  });
  await app.register(
    healthRoutes({ ping: database.ping, databaseKind: database.kind, draining: () => draining }),
  );
  const metrics = registerMetrics(app, {
    token: env.METRICS_TOKEN,
    poolStats: database.poolStats,
    outbox: () => countOutbox(database.readDb),
    paymentsNeedingPerson: () => countPaymentIssuesOpen(database.readDb),
    log: app.log,
  });
  app.decorate("metrics", metrics);
  // Read at a scrape: the payment worker is made with the checkout, below.
  metrics.watchWorker("payment", () => app.paymentWorker.lastRoundAt());
}

/** Stripe beside PayPal when a secret key is set (D103); its webhook secret is required with it (env.ts). */
function stripeSettingsOf(env: AppDeps["env"]) {
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? {
        apiBase: env.STRIPE_API_BASE,
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        paymentMethodTypes: env.STRIPE_PAYMENT_METHOD_TYPES,
      }
    : undefined;
}

/**
 * The gateways: PayPal with a client id, else the offline demo (D49); Stripe beside either when a secret key
 * is set (D103); payments are routed to the one an order was opened with.
 */
function createGateways(env: AppDeps["env"], db: AppDeps["database"]["db"]) {
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? createPayPalClient({
          baseUrl: env.PAYPAL_API_BASE,
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
        })
      : undefined;
  const demo = paypal ? undefined : createDemoGateway(db, env.PUBLIC_URL);
  const primary: PaymentGateway = paypal ? createPayPalGateway(paypal) : (demo as PaymentGateway);
  const stripeSettings = stripeSettingsOf(env);
  const stripe = stripeSettings
    ? createStripeGateway(createStripeClient(stripeSettings), stripeSettings)
    : null;
  return { paypal, demo, stripe, stripeSettings, gateway: routeGateways(primary, stripe) };
}

/** What a paid order issues and a refund sends, in the payment's own transaction. */
function orderDocuments(
  env: AppDeps["env"],
  schoolSettings: SchoolSettingsSource,
): Parameters<typeof createCheckoutService>[0]["documents"] {
  return {
    issue: async (tx, orderId, lastAsk) => {
      // Read once for the invoice, the gift cards and the staff's notice (the enrolment rush, issue 36).
      const settings = await schoolSettings.read(tx);
      const items = itemsReadOnce(orderId);
      const issued = await issueOrderDocuments(tx, {
        orderId,
        publicUrl: env.PUBLIC_URL,
        webUrl: env.WEB_URL,
        seller: sellerFromSettings(settings),
        numberLater: true,
        itemsOf: items.inLocale,
        // The first month of each course subscription is paid now (D25); the next ones follow (D72).
        // Started before the invoice and the confirmation mail, which print its contract number (D91).
        startContracts: (contractTx, id) => startSubscriptions(contractTx, id, new Date()),
        // A meeting card's last meeting moves past its course's closed days (D548).
        closedDaysOf: findPauses,
      });
      await issueGiftCardsForOrder(tx, orderId, env.PUBLIC_URL, items.anyLocale);
      // The school hears of every paid booking at once, in the payment's transaction (D110).
      await enqueueOrderStaffNotice(tx, {
        recipients: staffRecipientsOf(settings),
        event: "paid_booking",
        orderId,
        options: { publicUrl: env.PUBLIC_URL },
        itemsOf: items.inLocale,
        order: issued.order,
      });
      // The items as the documents read them, for the payment's reply (D452): nothing after changes them.
      const read = items.readAlready(issued.order.locale);
      const seen = read && { locale: issued.order.locale, rows: await read };
      if (!issued.unnumbered) return { answer: undefined, invoiceNumber: issued.invoiceNumber, items: seen };
      // The invoice's number last: the counter's row is held for this statement and the commit (D404).
      const numbered = await numberOrderInvoice(tx, issued.unnumbered, lastAsk);
      return { answer: numbered.answer, invoiceNumber: numbered.number, items: seen };
    },
    refundNotice: (tx, orderId, amountCents, reason, refundFailed) =>
      enqueueRefundNotice(tx, {
        orderId,
        amountCents,
        reason,
        publicUrl: env.PUBLIC_URL,
        ...(refundFailed ? { refundFailed } : {}),
      }),
  };
}

/**
 * The paid order's items read once per locale, for the documents of one payment. The first read comes after
 * the invoice has given the items their check-in codes; after it only gift cards and mails are written, in
 * tables of their own, so the items read stay true for the gift cards and the staff's notice.
 */
function itemsReadOnce(paidOrderId: number) {
  const reads = new Map<Locale, Promise<CartItemRow[]>>();
  const inLocale: OrderItemsOf = (tx, orderId, locale) => {
    if (orderId !== paidOrderId) return findCartItems(tx, orderId, locale);
    let read = reads.get(locale);
    if (!read) {
      read = findCartItems(tx, orderId, locale);
      reads.set(locale, read);
    }
    return read;
  };
  /** For what reads the same in every locale (types, prices, a card's details): the read already made. */
  const anyLocale = (tx: DbOrTx, orderId: number) =>
    (orderId === paidOrderId ? reads.values().next().value : undefined) ?? inLocale(tx, orderId, "de");
  /** The read made in `locale`, if any; reads nothing. */
  const readAlready = (locale: Locale) => reads.get(locale);
  return { inLocale, anyLocale, readAlready };
}

/**
 * The staff's order desk: orders and phone bookings (with withdrawals and refunds), party requests, gift
 * card delivery and the waiting list.
 */
async function registerStaffOrderRoutes(
  app: FastifyInstance,
  env: AppDeps["env"],
  db: AppDeps["database"]["db"],
  {
    cart,
    withdrawals,
    waitingList,
    checkout,
  }: {
    cart: ReturnType<typeof createCartService>;
    checkout: ReturnType<typeof createCheckoutService>;
    withdrawals: ReturnType<typeof createWithdrawalsService>;
    waitingList: WaitingListService;
  },
) {
  const staffOrders = createStaffOrders({
    db,
    cart,
    reservationMinutes: env.RESERVATION_MINUTES,
    webUrl: env.WEB_URL,
    publicUrl: env.PUBLIC_URL,
  });
  const [seller, publicUrl] = [sellerFromEnv(env), env.PUBLIC_URL];
  await app.register(adminOrdersRoutes({ db, withdrawals, staffOrders, publicUrl, seller }));
  await app.register(adminPartyRequestsRoutes({ db, staffOrders, publicUrl }));
  await app.register(giftCardDeliveryRoutes({ db, seller, publicUrl }));
  // The email-change link lives as long as a password reset's (accounts' `email-change.ts`).
  const linkHours = {
    "password-reset": env.PASSWORD_RESET_TTL_HOURS,
    "email-change": env.PASSWORD_RESET_TTL_HOURS,
    "verify-email": env.EMAIL_VERIFY_TTL_HOURS,
  };
  await app.register(failedMailsRoutes({ db, publicUrl, linkHours }));
  await app.register(paymentIssuesRoutes({ db, checkout }));
  await app.register(adminWaitingListRoutes({ waitingList }));
}

/** What a refund the gateway reports asks of the areas above checkout (D75, D506, D511, D529, D566). */
function itemRefundsOf(
  env: AppDeps["env"],
  seller: (tx: DbOrTx) => Promise<ReturnType<typeof sellerFromSettings>>,
  documents: ReturnType<typeof orderDocuments>,
) {
  return {
    gatewayCents: itemRefundsGatewayCents,
    carriedCents: carriedAtGatewayCents,
    refundFailed: (tx: Tx, orderId: number, refundId: number, lastError: string) =>
      refundFailedLater(tx, env.PUBLIC_URL, { orderId, refundId, lastError }),
    orderRefunded: async (tx: Tx, orderId: number) => {
      await endSubscriptionsOfRefundedOrder(tx, orderId);
      await creditOrderRefundedAtGateway({ seller, publicUrl: env.PUBLIC_URL }, tx, orderId, new Date());
    },
    refundNotice: documents.refundNotice,
    refundFailedNotice: (tx: Tx, orderId: number, amountCents: number, atBank: boolean) =>
      enqueueRefundFailedNotice(tx, { orderId, amountCents, atBank, publicUrl: env.PUBLIC_URL }),
  };
}

/** The payment gateways, the checkout, subscriptions and withdrawals with their routes, and the payment worker. */
async function registerCheckout(
  app: FastifyInstance,
  { env, database }: AppDeps,
  cart: ReturnType<typeof createCartService>,
  deferred: DeferredWork,
  waitingList: WaitingListService,
  schoolSettings: SchoolSettingsSource,
) {
  const db = database.db;
  const sellerNow = async (tx: DbOrTx) => sellerFromSettings(await schoolSettings.read(tx));
  const { paypal, demo, stripe, stripeSettings, gateway } = createGateways(env, db);
  const documents = orderDocuments(env, schoolSettings);
  const itemRefunds = itemRefundsOf(env, sellerNow, documents);
  const checkout = createCheckoutService({
    db,
    itemRefunds,
    installation: await loadInstallation(db),
    cart,
    gateway,
    documents,
    reservationMinutes: env.RESERVATION_MINUTES,
    redirectOrigins: [env.WEB_URL, env.PUBLIC_URL, ...env.CORS_ORIGINS].map((url) => new URL(url).origin),
    paypal: { clientId: env.PAYPAL_CLIENT_ID ?? null, sdkUrl: env.PAYPAL_SDK_URL },
    stripeCancel: stripeSettings ? { apiUrl: env.PUBLIC_URL, secret: stripeSettings.webhookSecret } : null,
    log: app.log,
    defer: (name, work) => deferred.run(name, work),
  });
  const subscriptions = createSubscriptionsService({
    db,
    gateway,
    publicUrl: env.PUBLIC_URL,
    webUrl: env.WEB_URL,
    schoolEmail: schoolSettings.schoolEmail,
    staffEmails: schoolSettings.staffRecipients,
    log: app.log,
    issueMonthInvoice: async (tx, month) => issueMonthInvoice(tx, { ...month, seller: await sellerNow(tx) }),
    creditMonthInvoice: async (tx, refund) =>
      creditMonthInvoice(tx, { ...refund, seller: await sellerNow(tx) }),
  });
  await app.register(subscriptionsRoutes({ subscriptions, webUrl: env.WEB_URL }));
  const webhookId = env.PAYPAL_WEBHOOK_ID;
  const webhooks = createPayPalWebhooks({
    db,
    checkout,
    subscriptions: {
      eventTypes: SUBSCRIPTION_EVENT_TYPES,
      handleEvent: subscriptions.handleEvent,
      payRenewal: subscriptions.payRenewal,
      recordRenewalCapture: subscriptions.recordRenewalCapture,
      recordMonthRefund: subscriptions.recordMonthRefund,
    },
    itemRefunds,
    verify:
      paypal && webhookId
        ? (headers, event) => paypal.verifyWebhookSignature(headers, event, webhookId)
        : null,
    recordAudit,
    log: app.log,
  });
  await app.register(
    checkoutRoutes({ checkout, webhooks, fulfilPerMinute: env.CHECKOUT_RATE_LIMIT_PER_MINUTE }),
  );
  await app.register(stripeCancelRoutes({ checkout }));
  await app.register(
    stripeWebhookRoutes({
      webhooks: createStripeWebhooks({
        db,
        checkout,
        gateway,
        stripe,
        itemRefunds,
        subscriptions: subscriptions.handleStripeEvent,
        recordAudit,
        log: app.log,
      }),
    }),
  );
  if (demo)
    await app.register(
      demoGatewayRoutes({
        demo,
        webUrl: env.WEB_URL,
        orderLines: async (orderId, locale) => orderLinesDue(await findCartItems(db, orderId, locale)),
      }),
    );
  const withdrawals = createWithdrawalsService({
    db,
    gateway,
    publicUrl: env.PUBLIC_URL,
    staffEmails: schoolSettings.staffRecipients,
    seller: sellerNow,
    log: app.log,
  });
  await app.register(withdrawalsRoutes({ withdrawals }));
  await registerStaffOrderRoutes(app, env, db, { cart, withdrawals, waitingList, checkout });
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
