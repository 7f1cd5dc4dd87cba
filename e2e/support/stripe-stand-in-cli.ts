// The Stripe stand-in (API, signed webhooks and the hosted Checkout page) for the browser tests, on
// 127.0.0.1: started by playwright.config.ts as a web server with the keys the shop was given.
// Run with tsx: `tsx support/stripe-stand-in-cli.ts`.
import { startStripeStandIn } from "../../server/src/test/stripe-stand-in.ts";

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (playwright.config.ts sets it)`);
  return value;
};

const standIn = await startStripeStandIn({
  port: Number(process.env.E2E_STRIPE_PORT ?? 3197),
  secretKey: required("E2E_STRIPE_SECRET_KEY"),
  webhookSecret: required("E2E_STRIPE_WEBHOOK_SECRET"),
  webhookUrl: required("E2E_STRIPE_WEBHOOK_URL"),
});
console.log(`Stripe stand-in on ${standIn.url} (hosted page at ${standIn.url}/c/pay/<session>)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void standIn.close().finally(() => process.exit(0));
  });
}
