import { isIP } from "node:net";
import { unmetPasswordRules } from "@atelier/contract";
import { z } from "zod";

const csv = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ error: "each entry must be an origin such as https://school.example" })));

/** An IP address or a CIDR range such as 10.0.0.0/8 or fd00::/8. */
function isAddressOrCidr(value: string): boolean {
  const [address = "", bits, ...rest] = value.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe: off (the socket's address is the client), a hop count, or the
 * addresses of our own proxies. Believing any client would let it forge a new address for every request.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? "";
    if (text === "" || text === "false" || text === "0") return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
    if (wrong.length === 0) return entries;
    ctx.addIssue({
      code: "custom",
      message: `expected a hop count or comma-separated proxy addresses/CIDRs, got ${wrong.join(", ")}`,
    });
    return z.NEVER;
  });

/**
 * The upper bound of DB_IDLE_IN_TRANSACTION_MS. A capture trusts a reservation that runs at least twice this
 * long past its last statement (D408, D411), so its commit, which the server awaits no longer than this,
 * always lands while the reservation runs.
 */
export const MAX_IDLE_IN_TRANSACTION_MS = 30_000;

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Public origin of the shop, used in links in mails, canonical URLs and the sitemap. Without it, the local
   * address of PORT: a shop started on another port links to itself, not to :3000.
   */
  PUBLIC_URL: optionalUrl,
  /** Origin of the web app, for links in mails into it (reset link, "e-mail confirmed"); default PUBLIC_URL. */
  WEB_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(".data"),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  /**
   * PostgreSQL limits (D89): connections of the main pool; of the small pool for catalogue reads and
   * /readyz, so they answer while order tables are locked or the main pool is busy; how long a request
   * waits for a free connection; and the longest statement, lock wait and catalogue read. Past any of
   * them the request answers 503 with Retry-After instead of hanging.
   */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_READ_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(10),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(50).default(3_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).default(4_000),
  DB_READ_TIMEOUT_MS: z.coerce.number().int().min(50).default(1_500),
  /**
   * How long an unused pooled connection stays open (D412). A new connection costs PostgreSQL a process,
   * its catalogue caches and every statement's plan again: with the driver's 10 s, each burst after a quiet
   * spell (the staff's lists, the enrolment rush at 10:00) first opened connections. Default 5 minutes in
   * production, the driver's 10 s elsewhere (test suites open many short-lived pools).
   */
  DB_POOL_IDLE_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  /**
   * The longest a transaction may sit idle between its statements before PostgreSQL ends it and rolls it
   * back (D411): a process that stalls or loses its way cannot hold locks or seats for long, and a capture
   * that keeps a running reservation without the units' locks commits well inside its margin (D408).
   */
  DB_IDLE_IN_TRANSACTION_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(MAX_IDLE_IN_TRANSACTION_MS)
    .default(MAX_IDLE_IN_TRANSACTION_MS),
  /**
   * On SIGTERM, how long /readyz answers 503 while requests are still served, before the server closes: the
   * load balancer's health check notices and sends no more (D195). Default 10 s in production, none else.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  CORS_ORIGINS: csv.default([]),
  /** A request's headers and body must arrive within this time (408 otherwise); slow senders cannot hold sockets. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Off by default; a hop count (e.g. 1) or the proxies' addresses/CIDRs whose X-Forwarded-For is believed. */
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Directory of the built SPA; defaults to web/dist beside the server package. */
  WEB_DIST_DIR: z.string().optional(),
  /** The web build's server renderer (D86); defaults to dist-ssr/entry-server.js beside WEB_DIST_DIR. */
  WEB_SSR_ENTRY: z.string().optional(),
  /** smtp://user:pass@host:port; without it mails are written as .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Atelier <info@atelier-berlin.example>"),
  SCHOOL_EMAIL: z.email().default("info@atelier-berlin.example"),
  /**
   * Who is told at once of each paid booking, cancellation, withdrawal and waiting-list entry (D110),
   * comma-separated; empty: SCHOOL_EMAIL alone. Read through `staffNoticeRecipients`.
   */
  STAFF_NOTIFY_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: "each entry must be an e-mail address" })))
    .default([]),
  /** The seller on invoices (§ 14(4) Nr. 1 UStG); the demo values are the seeded Impressum's. */
  SCHOOL_LEGAL_NAME: z.string().trim().min(1).default("Atelier Kunst- und Sprachschule gGmbH"),
  /** The school's address on one line, comma-separated: "Street 1, 10435 Berlin". */
  SCHOOL_ADDRESS: z.string().trim().min(1).default("Kastanienallee 12, 10435 Berlin"),
  /** Tax number or VAT id printed on invoices (§ 14(4) Nr. 2 UStG). */
  SCHOOL_TAX_ID: z.string().trim().min(1).default("DE000000000"),
  /** The note on VAT-exempt invoice lines; the Russian one stands beside the German legal text. */
  INVOICE_VAT_NOTE_DE: z.string().trim().min(1).default("Umsatzsteuerfrei gemäß § 4 Nr. 21 UStG."),
  INVOICE_VAT_NOTE_RU: z.string().trim().min(1).default("Освобождено от НДС согласно § 4 Nr. 21 UStG."),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  /** How often each instance looks for the reminders due tomorrow (D370): 10 minutes; the browser tests 2 s. */
  LESSON_REMINDER_INTERVAL_MS: z.coerce.number().int().min(500).default(600_000),
  SENTRY_DSN: optionalUrl,
  /**
   * The bearer token Prometheus sends to `GET /metrics` (D260): without it the route answers 404. At least
   * 16 characters, e.g. `openssl rand -hex 32`.
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().min(16, { error: "at least 16 characters (openssl rand -hex 32)" }).optional()),
  SENTRY_ENVIRONMENT: z.string().min(1).default("development"),
  /**
   * The preflight at a production start (D303): the shop refuses to start on a setting that does not hold.
   * `off` only for test rigs that run production builds on http with the demo seller.
   */
  PREFLIGHT: z
    .enum(["on", "off"])
    .default("on")
    .transform((v) => v === "on"),
  /** Seeds the demo catalogue when the database is empty at start-up. */
  SEED_ON_EMPTY: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * Whether that seed includes the Berlin school holidays (D122). The browser tests start without them, so
   * a run on a holiday date sees the same shop as any other day.
   */
  SEED_HOLIDAYS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * Uploaded images (D146) go to an S3-compatible bucket when these four are set (all or none; path-style
   * addressing, e.g. MinIO, Hetzner, R2 or AWS), else to the folder DATA_DIR/media.
   */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  STAFF_EMAIL: z.email().default("staff@atelier-berlin.example"),
  STAFF_PASSWORD: z.string().min(8).optional(),
  /**
   * The school's first admin (D240): created by the first start when no account is admin, and printed.
   * Without ADMIN_PASSWORD a random one is generated; afterwards `npm run admin` creates or resets admins.
   */
  ADMIN_EMAIL: z.email().default("admin@atelier-berlin.example"),
  ADMIN_PASSWORD: z
    .string()
    .max(64)
    .refine((value) => unmetPasswordRules(value).length === 0, {
      error: "needs 8+ characters with upper case, lower case, a digit and a special character",
    })
    .optional(),
  /** Accounts: lifetimes of the e-mail verification and password reset links, and of sign-in tokens. */
  EMAIL_VERIFY_TTL_HOURS: z.coerce.number().positive().default(72),
  /**
   * Where the verification mail's link leads (D213): `page` (default, D167) opens a page of WEB_URL with
   * `uid` and `verify_token`, which our own web posts and is signed in; `redirect` (spec §4, for a front end
   * at WEB_URL that knows only `email=confirmed`, such as the school's existing one) opens the API, which
   * verifies and redirects to WEB_URL with `email=confirmed`.
   */
  VERIFY_LINK_STYLE: z.enum(["page", "redirect"]).default("page"),
  PASSWORD_RESET_TTL_HOURS: z.coerce.number().positive().default(24),
  AUTH_TOKEN_TTL_DAYS: z.coerce.number().positive().default(90),
  /**
   * Account calls per minute (D92, accounts/auth-rate-limits.ts). Sign-in: this many per e-mail and client
   * address, 3× per address, and per e-mail over all addresses this many at full speed, then growing
   * delays, 10× refused. Sign-up, reset and resend: this many per address and per e-mail.
   */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** New guest carts (`POST /api/v2/orders/init/`) per client address and minute. */
  CART_INIT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Codes tried in a cart (`PUT /api/v2/orders/current/set_promocode/`) per client address and minute: an
   * unknown code answers apart from a known one, so codes must not be guessed by the thousand (D615).
   */
  PROMOCODE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Checkouts (`POST /api/v2/orders/fulfill/`) per client address and minute: each one reserves seats. */
  CHECKOUT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Off the course subscriptions of a family's second and every further child (0 turns it off). */
  SIBLING_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
  /**
   * PayPal (issue #8, D49): without a client id the shop runs offline with the demo gateway. The API base
   * is PayPal's sandbox by default; production sets the live host (https://api-m.paypal.com).
   */
  PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
  PAYPAL_CLIENT_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  PAYPAL_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** The id PayPal gave our webhook; events are verified against it (webhooks are refused without it). */
  PAYPAL_WEBHOOK_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** The PayPal JS SDK the web loads for the buttons (tests serve a stub). */
  PAYPAL_SDK_URL: z.url().default("https://www.paypal.com/sdk/js"),
  /**
   * Stripe Checkout for cards, Apple Pay, Google Pay and SEPA (issue 22, D103): without a secret key
   * `payment_gateway=stripe` is served by the gateway PayPal's requests go to (PayPal, else the offline
   * demo). The API base is Stripe's; tests point it at the stand-in (the client's host, port, protocol).
   */
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** The signing secret of our webhook endpoint (whsec_…); events are refused without it. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Payment method types offered on Stripe's page; Apple Pay and Google Pay come with `card`. */
  STRIPE_PAYMENT_METHOD_TYPES: csv.default(["card", "sepa_debit"]),
  /** Minutes a checkout holds its seats for the payment. */
  RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Hours a waiting-list offer holds its seat before it passes to the next in line (D78). */
  WAITING_OFFER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(24),
  /** How often the payment worker expires reservations, asks PayPal about open orders and sends refunds due. */
  PAYMENT_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(30_000),
  /** redis://host:port; shares the auth rate limits across instances (in memory per instance without it). */
  REDIS_URL: optionalUrl,
  /** Where Google and Facebook send the browser back; `?sso_provider=<provider>` is appended. Default PUBLIC_URL + "/". */
  OAUTH_REDIRECT_URL: optionalUrl,
  /** Google sign-in is off until a client id is set. */
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  GOOGLE_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  /** Facebook sign-in is off until a client (app) id is set. */
  FACEBOOK_CLIENT_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  FACEBOOK_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  FACEBOOK_AUTH_URL: z.url().default("https://www.facebook.com/v19.0/dialog/oauth"),
  FACEBOOK_TOKEN_URL: z.url().default("https://graph.facebook.com/v19.0/oauth/access_token"),
  FACEBOOK_USERINFO_URL: z
    .url()
    .default("https://graph.facebook.com/v19.0/me?fields=id,email,first_name,last_name"),
});

/** How long an unused pooled connection stays open (DB_POOL_IDLE_MS, D412): 5 minutes in production, else 10 s. */
export function poolIdleMs(env: Pick<Env, "DB_POOL_IDLE_MS" | "NODE_ENV">): number {
  return env.DB_POOL_IDLE_MS ?? (env.NODE_ENV === "production" ? 300_000 : 10_000);
}

/** The name of every setting, for the production recipe's settings file (deploy/settings.env.example). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

/**
 * The settings a production installation must set itself (docs/operations.md, D307): their defaults are the
 * demo's or a developer's (a local address, the demo seller, the PayPal sandbox), or production needs the
 * service they name. deploy/settings.env.example sets each of them; scripts/deploy-recipe.test.mjs checks it.
 */
export const PRODUCTION_SETTINGS = [
  "NODE_ENV",
  "PUBLIC_URL",
  "TRUST_PROXY",
  "DATA_DIR",
  "DATABASE_URL",
  "REDIS_URL",
  "SEED_ON_EMPTY",
  "SMTP_URL",
  "MAIL_FROM",
  "SCHOOL_EMAIL",
  "SCHOOL_LEGAL_NAME",
  "SCHOOL_ADDRESS",
  "SCHOOL_TAX_ID",
  "ADMIN_EMAIL",
  "PAYPAL_API_BASE",
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "PAYPAL_WEBHOOK_ID",
  "METRICS_TOKEN",
  "SHUTDOWN_DRAIN_MS",
] as const satisfies readonly (typeof SETTING_NAMES)[number][];

/** The settings with their derived defaults filled in. */
const SettingsSchema = EnvSchema.superRefine((env, ctx) => {
  if (env.PAYPAL_CLIENT_ID && !env.PAYPAL_CLIENT_SECRET)
    ctx.addIssue({
      code: "custom",
      path: ["PAYPAL_CLIENT_SECRET"],
      message: "required with PAYPAL_CLIENT_ID",
    });
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    ctx.addIssue({
      code: "custom",
      path: ["STRIPE_WEBHOOK_SECRET"],
      message: "required with STRIPE_SECRET_KEY (payments complete by webhook)",
    });
}).transform((env) => {
  const PUBLIC_URL = env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`;
  return { ...env, PUBLIC_URL, WEB_URL: env.WEB_URL ?? PUBLIC_URL };
});

export type Env = z.infer<typeof SettingsSchema>;

export class ConfigError extends Error {}

/** Validates the environment; a wrong value stops the server with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = SettingsSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** The addresses the school's notices go to (D110): the configured list, else SCHOOL_EMAIL. */
export function staffNoticeRecipients(env: Pick<Env, "SCHOOL_EMAIL" | "STAFF_NOTIFY_EMAILS">): string[] {
  return env.STAFF_NOTIFY_EMAILS.length > 0 ? env.STAFF_NOTIFY_EMAILS : [env.SCHOOL_EMAIL];
}
