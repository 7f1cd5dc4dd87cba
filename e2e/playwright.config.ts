import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { TEST_CHROMIUM } from "./support/browser.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The Google stand-in that tests/accounts.spec.ts starts (e2e/support/oauth-stand-in.ts).
const OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? 3199);
process.env.E2E_OAUTH_PORT = String(OAUTH_PORT);
// Each run starts the built shop on a fresh embedded database.
// Tests read the mails the server writes to DATA_DIR/outbox/ (no SMTP_URL) through E2E_DATA_DIR; the
// test workers load this file again and inherit the variable, so they see the same folder.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "atelier-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
// The PayPal stand-in (REST API and a stub of the JS SDK buttons, server/src/test/paypal-stand-in.ts) the shop
// pays through: PayPal's buttons load the stub from PAYPAL_SDK_URL.
const PAYPAL_PORT = Number(process.env.E2E_PAYPAL_PORT ?? 3198);
process.env.E2E_PAYPAL_PORT = String(PAYPAL_PORT);
const paypalUrl = `http://127.0.0.1:${PAYPAL_PORT}`;
// The Stripe stand-in (its API and hosted Checkout page, server/src/test/stripe-stand-in.ts) beside PayPal in
// the first shop: both are started with the same made-up keys, and the stand-in posts its signed
// webhooks to the shop (tests/stripe-checkout.spec.ts).
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3197);
const stripeUrl = `http://127.0.0.1:${STRIPE_PORT}`;
const stripeEnv = {
  E2E_STRIPE_PORT: String(STRIPE_PORT),
  E2E_STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
  E2E_STRIPE_WEBHOOK_SECRET: "whsec_e2e_stand_in",
  E2E_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${PORT}/api/v2/payments/stripe/webhook/`,
};
// A second shop without a PayPal account: its checkout goes through the offline demo gateway (decision D49).
const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? PORT + 1);
process.env.E2E_DEMO_BASE_URL = `http://127.0.0.1:${DEMO_PORT}`;
const demoDataDir = process.env.E2E_DEMO_DATA_DIR ?? mkdtempSync(join(tmpdir(), "atelier-e2e-demo-"));
process.env.E2E_DEMO_DATA_DIR = demoDataDir;

// The back office's staff account, seeded at start-up; the journey reads it from the environment.
const STAFF_EMAIL = "staff@atelier-e2e.example";
const STAFF_PASSWORD = "Werkstatt-Schluessel-7";
process.env.E2E_STAFF_EMAIL = STAFF_EMAIL;
process.env.E2E_STAFF_PASSWORD = STAFF_PASSWORD;
// The school's first admin (D240), made and printed by the first start; tests sign in with it.
const ADMIN_EMAIL = "leitung@atelier-e2e.example";
const ADMIN_PASSWORD = "Schul-Leitung-2026";
process.env.E2E_ADMIN_EMAIL = ADMIN_EMAIL;
process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;

/** What both shops share; the second one differs in port, database and payment gateway. */
function shopEnv(port: number, dir: string) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    // The seeded school holidays would make a run over Christmas see frozen subscriptions (D122).
    SEED_HOLIDAYS: "false",
    // Every journey signs in from 127.0.0.1; the per-IP auth limit must not end the suite.
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    PROMOCODE_RATE_LIMIT_PER_MINUTE: "1000",
    // The seeded staff account, in both shops: the phone booking is paid on the demo shop's gateway.
    STAFF_EMAIL: STAFF_EMAIL,
    STAFF_PASSWORD: STAFF_PASSWORD,
    ADMIN_EMAIL: ADMIN_EMAIL,
    ADMIN_PASSWORD: ADMIN_PASSWORD,
  };
}

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    // One browser context per worker, reset between tests (D461): a new context and its renderer cost Chromium
    // about a second of CPU each, and the suite took a quarter less time without them. Playwright clears its
    // cookies, storage, cache, routes and init scripts between tests; support/fixtures.ts takes back the
    // permissions a test granted, which the reset keeps.
    reuseContext: true,
    launchOptions: {
      // Debian's Chromium, its headless shell (support/browser.ts); Playwright never downloads a browser here.
      executablePath: TEST_CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // One renderer process for the kept tab, whatever it navigates to (D462). Site isolation starts a new
        // renderer for every navigation Playwright makes to another origin or to about:blank (the reset between
        // tests, then the test's first page), and a new renderer cost Chromium about a second of CPU here.
        // Site isolation guards against a compromised renderer; the tests' pages are the shop's and its
        // stand-ins', and the same-origin rules the pages meet hold in one process as in several. What
        // isolates one test from the next is Playwright's reset (test-isolation.spec.ts).
        "--disable-site-isolation-trials",
        "--disable-features=site-per-process,IsolateOrigins",
        "--renderer-process-limit=1",
      ],
    },
  },
  webServer: [
    {
      command: "node ../server/dist/server.js",
      url: `http://127.0.0.1:${PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...shopEnv(PORT, dataDir),
        // A parent's reminder arrives within seconds of a booking whose first lesson is tomorrow (lessons-season,
        // on this shop only). A round costs about 20 ms of CPU on the embedded database, so the demo shop keeps
        // the default of 10 minutes (D467).
        LESSON_REMINDER_INTERVAL_MS: "2000",
        GOOGLE_CLIENT_ID: "e2e-google-client",
        GOOGLE_CLIENT_SECRET: "e2e-google-secret",
        GOOGLE_AUTH_URL: `http://127.0.0.1:${OAUTH_PORT}/auth`,
        GOOGLE_TOKEN_URL: `http://127.0.0.1:${OAUTH_PORT}/token`,
        GOOGLE_USERINFO_URL: `http://127.0.0.1:${OAUTH_PORT}/userinfo`,
        FACEBOOK_CLIENT_ID: "e2e-facebook-client",
        FACEBOOK_CLIENT_SECRET: "e2e-facebook-secret",
        FACEBOOK_AUTH_URL: `http://127.0.0.1:${OAUTH_PORT}/auth`,
        FACEBOOK_TOKEN_URL: `http://127.0.0.1:${OAUTH_PORT}/token`,
        FACEBOOK_USERINFO_URL: `http://127.0.0.1:${OAUTH_PORT}/me`,
        PAYPAL_API_BASE: paypalUrl,
        PAYPAL_CLIENT_ID: "stand-in-client",
        PAYPAL_CLIENT_SECRET: "stand-in-secret",
        PAYPAL_WEBHOOK_ID: "WH-STAND-IN",
        PAYPAL_SDK_URL: `${paypalUrl}/sdk/js`,
        STRIPE_API_BASE: stripeUrl,
        STRIPE_SECRET_KEY: stripeEnv.E2E_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: stripeEnv.E2E_STRIPE_WEBHOOK_SECRET,
        // The worker's round also offers freed seats to waiting lists (D78): once a second, not every 30.
        PAYMENT_WORKER_INTERVAL_MS: "1000",
        // The seeded staff account the back-office journey signs in with (tests/back-office.spec.ts).
        STAFF_EMAIL: STAFF_EMAIL,
        STAFF_PASSWORD: STAFF_PASSWORD,
        ADMIN_EMAIL: ADMIN_EMAIL,
        ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
    },
    {
      command: "../node_modules/.bin/tsx support/paypal-stand-in-cli.ts",
      url: `${paypalUrl}/sdk/js?client-id=ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_PAYPAL_PORT: String(PAYPAL_PORT) },
    },
    {
      command: "../node_modules/.bin/tsx support/stripe-stand-in-cli.ts",
      // Its API answers 401 without the key: up.
      url: `${stripeUrl}/v1/checkout/sessions`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: stripeEnv,
    },
    {
      command: "node ../server/dist/server.js",
      url: `http://127.0.0.1:${DEMO_PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      // Staff too: a browser test adds a closure to this shop's house (billing-period.spec.ts).
      env: { ...shopEnv(DEMO_PORT, demoDataDir), STAFF_EMAIL: STAFF_EMAIL, STAFF_PASSWORD: STAFF_PASSWORD },
    },
  ],
});
