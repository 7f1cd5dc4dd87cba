import { Redis } from "ioredis";
import nodemailer from "nodemailer";
import { type Env, loadEnv } from "../config/index.ts";
import type { Database } from "../db/index.ts";
import { createSchoolSettings, schoolSettingsFromEnv } from "../settings/index.ts";

/**
 * The preflight (D303): every setting checked against reality before the school relies on it. Each check
 * answers the problems it found in plain words; none means it holds. A service that is not configured is
 * checked only where production needs it (mail, a payment gateway).
 */
export type PreflightEnv = Env;

const TIMEOUT_MS = 5_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${TIMEOUT_MS / 1000} s`)),
      TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** An error's words, with its cause's when it has one: fetch says only "fetch failed", its cause what failed. */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  return typeof cause?.message === "string" && cause.message && !text.includes(cause.message)
    ? `${text} (${cause.message})`
    : text;
}

/** The services a check reaches over the network; a start goes past them when they cannot be reached. */
export type PreflightService = "redis" | "smtp" | "paypal" | "stripe";

/**
 * A problem a check found. `unreachable`: the service could not be reached (its name did not resolve, the
 * connection was refused or timed out, TLS failed, its own 5xx), which may pass by itself; otherwise a
 * setting is wrong: missing, still the example's or the demo's, or refused by the service itself (a sign-in,
 * a key, a webhook id). A production start refuses only the latter (D528): a restart while Redis, the mail
 * server or a gateway cannot be reached starts and works as the running instances do. `service` names the
 * service a check reached.
 */
export type PreflightProblem = { text: string; unreachable?: true; service?: PreflightService };

const unreachable = (text: string): PreflightProblem => ({ text, unreachable: true });

/**
 * A service's own refusal of our settings: the mail server's refused sign-in (EAUTH), Redis's refused
 * password or user. Nothing else a connection can fail with says a setting is wrong for certain: a name that
 * does not resolve (ENOTFOUND, EAI_AGAIN) is as often the DNS away as a typo, and `npm run preflight` says
 * either way.
 */
const settingRefused = (error: unknown) =>
  (error as { code?: unknown })?.code === "EAUTH" ||
  /WRONGPASS|NOAUTH|NOPERM|ERR AUTH|invalid password/i.test(reason(error));
const wrong = (text: string): PreflightProblem => ({ text });
/** A gateway's answer that it cannot serve now (its 5xx, too many requests, a timeout), not a refusal of us. */
const away = (status: number) => status >= 500 || status === 429 || status === 408;

async function checkDatabase(database: Database): Promise<PreflightProblem[]> {
  try {
    await within(database.ping(), "the database");
    return [];
  } catch (error) {
    // The shop cannot serve without it: a start refuses it however it failed.
    return [wrong(`The database does not answer (${database.kind}): ${reason(error)}. Check DATABASE_URL.`)];
  }
}

async function checkRedis(env: Env): Promise<PreflightProblem[]> {
  if (!env.REDIS_URL) return [];
  const redis = new Redis(env.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: TIMEOUT_MS,
  });
  // The server's own refusal (a wrong password: WRONGPASS, NOAUTH, ERR AUTH …) reaches only this listener;
  // the connection's end is what `connect` rejects with.
  let refused: Error | undefined;
  redis.on("error", (error: Error) => {
    refused ??= error;
  });
  try {
    await within(
      redis.connect().then(() => redis.ping()),
      "Redis",
    );
    return [];
  } catch (error) {
    const cause = refused ?? error;
    return [
      settingRefused(cause)
        ? wrong(`Redis at REDIS_URL refuses us: ${reason(cause)}.`)
        : unreachable(`Redis at REDIS_URL cannot be reached: ${reason(cause)}.`),
    ];
  } finally {
    redis.disconnect();
  }
}

async function checkSmtp(env: Env): Promise<PreflightProblem[]> {
  if (!env.SMTP_URL)
    return env.NODE_ENV === "production"
      ? [wrong("SMTP_URL is not set: mails are written as files under DATA_DIR/outbox and reach no parent.")]
      : [];
  const transport = nodemailer.createTransport(env.SMTP_URL);
  try {
    await within(transport.verify(), "the SMTP server");
    return [];
  } catch (error) {
    // A refused sign-in is a setting; a name that does not resolve, a connection that fails or times out
    // may be the DNS's or the server's moment.
    if (settingRefused(error))
      return [
        wrong(
          `The mail server at SMTP_URL refuses us: ${reason(error)}. Check the user and password in SMTP_URL.`,
        ),
      ];
    return [
      unreachable(
        `The mail server at SMTP_URL cannot be reached: ${reason(error)}. Check its host and port, and the server's DNS.`,
      ),
    ];
  } finally {
    transport.close();
  }
}

async function checkPayPal(env: Env): Promise<PreflightProblem[]> {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return [];
  const base = env.PAYPAL_API_BASE.replace(/\/$/, "");
  try {
    const basic = Buffer.from(`${env.PAYPAL_CLIENT_ID}:${env.PAYPAL_CLIENT_SECRET}`).toString("base64");
    const token = await within(
      fetch(`${base}/v1/oauth2/token`, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
      "PayPal",
    );
    if (away(token.status)) return [unreachable(`PayPal at ${base} answers ${token.status}.`)];
    if (!token.ok)
      return [
        wrong(
          `PayPal refuses PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (${token.status}) at ${base}: live keys need https://api-m.paypal.com, sandbox keys the sandbox.`,
        ),
      ];
    const { access_token } = (await token.json()) as { access_token: string };
    if (!env.PAYPAL_WEBHOOK_ID)
      return [wrong("PAYPAL_WEBHOOK_ID is not set: PayPal's webhooks are refused.")];
    const hook = await within(
      fetch(`${base}/v1/notifications/webhooks/${encodeURIComponent(env.PAYPAL_WEBHOOK_ID)}`, {
        headers: { authorization: `Bearer ${access_token}` },
      }),
      "PayPal",
    );
    if (hook.status === 404)
      return [wrong(`PayPal knows no webhook with PAYPAL_WEBHOOK_ID ${env.PAYPAL_WEBHOOK_ID}.`)];
    if (!hook.ok) {
      const text = `PayPal did not show the webhook PAYPAL_WEBHOOK_ID (${hook.status}).`;
      return [away(hook.status) ? unreachable(text) : wrong(text)];
    }
    return [];
  } catch (error) {
    return [unreachable(`PayPal at ${base} cannot be reached: ${reason(error)}.`)];
  }
}

async function checkStripe(env: Env): Promise<PreflightProblem[]> {
  if (!env.STRIPE_SECRET_KEY) return [];
  const base = env.STRIPE_API_BASE.replace(/\/$/, "");
  try {
    const hooks = await within(
      fetch(`${base}/v1/webhook_endpoints?limit=100`, {
        headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
      }),
      "Stripe",
    );
    if (hooks.status === 401 || hooks.status === 403)
      return [wrong(`Stripe refuses STRIPE_SECRET_KEY (${hooks.status}).`)];
    if (!hooks.ok) {
      const text = `Stripe did not list the webhook endpoints (${hooks.status}).`;
      return [away(hooks.status) ? unreachable(text) : wrong(text)];
    }
    const { data } = (await hooks.json()) as { data: { url: string; status?: string }[] };
    const ours = data.filter((hook) => hook.url.startsWith(env.PUBLIC_URL.replace(/\/$/, "")));
    if (ours.length === 0)
      return [
        wrong(
          `Stripe has no webhook endpoint for ${env.PUBLIC_URL}: register /api/v2/payments/stripe/webhook/ in Stripe's dashboard.`,
        ),
      ];
    if (ours.every((hook) => hook.status === "disabled"))
      return [wrong("Stripe's webhook endpoint for the shop is disabled.")];
    return [];
  } catch (error) {
    return [unreachable(`Stripe at ${base} cannot be reached: ${reason(error)}.`)];
  }
}

function checkPublicUrl(env: Env): string[] {
  return new URL(env.PUBLIC_URL).protocol === "https:"
    ? []
    : [
        `PUBLIC_URL is ${env.PUBLIC_URL}: it must start with https:// (links in mails, payment returns, cookies).`,
      ];
}

/**
 * PayPal is what the demo gateway stands in for: without it, PayPal's buttons (and the existing client, which
 * pays only through PayPal) would take bookings on the demo gateway without money, Stripe or not (D527).
 */
function checkGateway(env: Env): string[] {
  return env.NODE_ENV === "production" && !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)
    ? [
        "PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set: the demo gateway would take PayPal's bookings without money" +
          (env.STRIPE_SECRET_KEY ? " (Stripe does not replace it)." : "."),
      ]
    : [];
}

/**
 * The placeholders of deploy/settings.env.example: a value that holds one was copied and not filled in.
 * `change-me` (the passwords in DATABASE_URL and SMTP_URL, PayPal's keys and webhook id, METRICS_TOKEN), an
 * address at example.org, example.com or example.net (the shop's, the mail server's, the school's), and the
 * example's seller. `preflight.test.ts` loads the example file and checks that each of its placeholders is
 * named.
 */
const PLACEHOLDER_WORD = /change-me/i;
const EXAMPLE_DOMAIN = /(?:^|[^a-z0-9.-])((?:[a-z0-9-]+\.)*example\.(?:org|com|net))(?![a-z0-9.-]*[a-z0-9])/i;
const EXAMPLE_SELLER = new Set(["Beispiel Kunstschule gGmbH", "Musterstraße 1, 10115 Berlin"]);

/** The placeholder a value still holds, as it may be shown (never the rest of a secret), or undefined. */
export function placeholderIn(value: string): string | undefined {
  if (EXAMPLE_SELLER.has(value.trim())) return value.trim();
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // A value that is no percent-encoding is read as it is.
  }
  return PLACEHOLDER_WORD.exec(decoded)?.[0].toLowerCase() ?? EXAMPLE_DOMAIN.exec(decoded)?.[1];
}

/** The school's settings (D243), which `checkSeller` reads where invoices read them, not from the environment. */
const SCHOOL_SETTINGS = new Set<string>([
  "SCHOOL_LEGAL_NAME",
  "SCHOOL_ADDRESS",
  "SCHOOL_TAX_ID",
  "SCHOOL_EMAIL",
  "STAFF_NOTIFY_EMAILS",
  "INVOICE_VAT_NOTE_DE",
  "INVOICE_VAT_NOTE_RU",
]);

/** Each setting that still holds a placeholder of the example file, one line each. */
function checkPlaceholders(env: Env): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    // WEB_URL is PUBLIC_URL unless set: named once, as PUBLIC_URL. ADMIN_EMAIL only names the first admin
    // made at the first start, and is a login a school may keep: refusing it would stop a running shop at
    // its next upgrade (found by the review of D644).
    if (
      SCHOOL_SETTINGS.has(name) ||
      name === "ADMIN_EMAIL" ||
      (name === "WEB_URL" && value === env.PUBLIC_URL)
    )
      continue;
    const values = typeof value === "string" ? [value] : Array.isArray(value) ? value.map(String) : [];
    const placeholder = values.map(placeholderIn).find(Boolean);
    if (placeholder)
      problems.push(
        `${name} still holds the example's placeholder (${placeholder}): set the school's own value (docs/operations.md, "Settings").`,
      );
  }
  return problems;
}

/** The seller on invoices (school settings, else the environment) must not be the demo's or the example's. */
async function checkSeller(env: Env, database: Database): Promise<string[]> {
  const demo = schoolSettingsFromEnv(loadEnv({}));
  const fromEnv = schoolSettingsFromEnv(env);
  // Before the first start the database has no settings table yet (or cannot be reached, which
  // checkDatabase says): the environment's seller is the one the first invoices would print (D553).
  const seller = await createSchoolSettings(fromEnv)
    .read(database.db)
    .catch(() => fromEnv);
  const fields = ["legalName", "address", "taxId", "schoolEmail"] as const;
  const names = {
    legalName: "SCHOOL_LEGAL_NAME",
    address: "SCHOOL_ADDRESS",
    taxId: "SCHOOL_TAX_ID",
    schoolEmail: "SCHOOL_EMAIL",
  };
  return fields.flatMap((field) => {
    const placeholder = placeholderIn(seller[field]);
    const whose =
      seller[field] === demo[field]
        ? `the demo's (${demo[field]})`
        : placeholder
          ? `the example's placeholder (${placeholder})`
          : undefined;
    return whose
      ? [
          `The seller's ${names[field]} is still ${whose}: set the school's own in the back office (school settings) or the environment.`,
        ]
      : [];
  });
}

const SERVICE_CHECKS: Record<PreflightService, (env: Env) => Promise<PreflightProblem[]>> = {
  redis: checkRedis,
  smtp: checkSmtp,
  paypal: checkPayPal,
  stripe: checkStripe,
};

/** One service's check, its problems naming it: what a start that went past it asks again (D528). */
export async function checkService(env: Env, service: PreflightService): Promise<PreflightProblem[]> {
  const found = await SERVICE_CHECKS[service](env);
  return found.map((problem) => ({ ...problem, service }));
}

/** The services these settings name, which the preflight reaches. */
export function configuredServices(env: Env): PreflightService[] {
  const services: PreflightService[] = [];
  if (env.REDIS_URL) services.push("redis");
  if (env.SMTP_URL) services.push("smtp");
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) services.push("paypal");
  if (env.STRIPE_SECRET_KEY) services.push("stripe");
  return services;
}

/** Every problem found, each said as a wrong setting or a service that could not be reached. */
export async function preflightProblems(env: Env, database: Database): Promise<PreflightProblem[]> {
  const found = await Promise.all([
    checkDatabase(database),
    checkService(env, "redis"),
    checkService(env, "smtp"),
    checkService(env, "paypal"),
    checkService(env, "stripe"),
    Promise.resolve(checkPublicUrl(env).map(wrong)),
    Promise.resolve(checkGateway(env).map(wrong)),
    Promise.resolve(checkPlaceholders(env).map(wrong)),
    checkSeller(env, database).then((problems) => problems.map(wrong)),
  ]);
  return found.flat();
}

/** Every problem found; empty when the installation is ready (`npm run preflight`, strict). */
export async function runPreflight(env: Env, database: Database): Promise<string[]> {
  return (await preflightProblems(env, database)).map((problem) => problem.text);
}
