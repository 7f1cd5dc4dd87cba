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

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function checkDatabase(database: Database): Promise<string[]> {
  try {
    await within(database.ping(), "the database");
    return [];
  } catch (error) {
    return [`The database does not answer (${database.kind}): ${reason(error)}. Check DATABASE_URL.`];
  }
}

async function checkRedis(env: Env): Promise<string[]> {
  if (!env.REDIS_URL) return [];
  const redis = new Redis(env.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: TIMEOUT_MS,
  });
  redis.on("error", () => {});
  try {
    await within(
      redis.connect().then(() => redis.ping()),
      "Redis",
    );
    return [];
  } catch (error) {
    return [`Redis at REDIS_URL does not answer: ${reason(error)}.`];
  } finally {
    redis.disconnect();
  }
}

async function checkSmtp(env: Env): Promise<string[]> {
  if (!env.SMTP_URL)
    return env.NODE_ENV === "production"
      ? ["SMTP_URL is not set: mails are written as files under DATA_DIR/outbox and reach no parent."]
      : [];
  const transport = nodemailer.createTransport(env.SMTP_URL);
  try {
    await within(transport.verify(), "the SMTP server");
    return [];
  } catch (error) {
    return [
      `The mail server at SMTP_URL does not accept us: ${reason(error)}. Check host, port, user and password.`,
    ];
  } finally {
    transport.close();
  }
}

async function checkPayPal(env: Env): Promise<string[]> {
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
    if (!token.ok)
      return [
        `PayPal refuses PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (${token.status}) at ${base}: live keys need https://api-m.paypal.com, sandbox keys the sandbox.`,
      ];
    const { access_token } = (await token.json()) as { access_token: string };
    if (!env.PAYPAL_WEBHOOK_ID) return ["PAYPAL_WEBHOOK_ID is not set: PayPal's webhooks are refused."];
    const hook = await within(
      fetch(`${base}/v1/notifications/webhooks/${encodeURIComponent(env.PAYPAL_WEBHOOK_ID)}`, {
        headers: { authorization: `Bearer ${access_token}` },
      }),
      "PayPal",
    );
    if (hook.status === 404)
      return [`PayPal knows no webhook with PAYPAL_WEBHOOK_ID ${env.PAYPAL_WEBHOOK_ID}.`];
    if (!hook.ok) return [`PayPal did not show the webhook PAYPAL_WEBHOOK_ID (${hook.status}).`];
    return [];
  } catch (error) {
    return [`PayPal at ${base} does not answer: ${reason(error)}.`];
  }
}

async function checkStripe(env: Env): Promise<string[]> {
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
      return [`Stripe refuses STRIPE_SECRET_KEY (${hooks.status}).`];
    if (!hooks.ok) return [`Stripe did not list the webhook endpoints (${hooks.status}).`];
    const { data } = (await hooks.json()) as { data: { url: string; status?: string }[] };
    const ours = data.filter((hook) => hook.url.startsWith(env.PUBLIC_URL.replace(/\/$/, "")));
    if (ours.length === 0)
      return [
        `Stripe has no webhook endpoint for ${env.PUBLIC_URL}: register /api/v2/payments/stripe/webhook/ in Stripe's dashboard.`,
      ];
    if (ours.every((hook) => hook.status === "disabled"))
      return ["Stripe's webhook endpoint for the shop is disabled."];
    return [];
  } catch (error) {
    return [`Stripe at ${base} does not answer: ${reason(error)}.`];
  }
}

function checkPublicUrl(env: Env): string[] {
  return new URL(env.PUBLIC_URL).protocol === "https:"
    ? []
    : [
        `PUBLIC_URL is ${env.PUBLIC_URL}: it must start with https:// (links in mails, payment returns, cookies).`,
      ];
}

function checkGateway(env: Env): string[] {
  return env.NODE_ENV === "production" && !env.PAYPAL_CLIENT_ID && !env.STRIPE_SECRET_KEY
    ? ["Neither PayPal nor Stripe is set: the demo gateway would take bookings without money."]
    : [];
}

/** The seller on invoices (school settings, else the environment) must not be the demo school's. */
async function checkSeller(env: Env, database: Database): Promise<string[]> {
  const demo = schoolSettingsFromEnv(loadEnv({}));
  try {
    const seller = await createSchoolSettings(schoolSettingsFromEnv(env)).read(database.db);
    const same = (["legalName", "address", "taxId", "schoolEmail"] as const).filter(
      (field) => seller[field] === demo[field],
    );
    const names = {
      legalName: "SCHOOL_LEGAL_NAME",
      address: "SCHOOL_ADDRESS",
      taxId: "SCHOOL_TAX_ID",
      schoolEmail: "SCHOOL_EMAIL",
    };
    return same.map(
      (field) =>
        `The seller's ${names[field]} is still the demo's (${demo[field]}): set the school's own in the back office (school settings) or the environment.`,
    );
  } catch {
    return [];
  }
}

/** Every problem found; empty when the installation is ready. */
export async function runPreflight(env: Env, database: Database): Promise<string[]> {
  const found = await Promise.all([
    checkDatabase(database),
    checkRedis(env),
    checkSmtp(env),
    checkPayPal(env),
    checkStripe(env),
    Promise.resolve(checkPublicUrl(env)),
    Promise.resolve(checkGateway(env)),
    checkSeller(env, database),
  ]);
  return found.flat();
}
