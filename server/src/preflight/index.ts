// The preflight (D303): the settings checked against the database, Redis, SMTP, PayPal and Stripe.
export { runPreflight } from "./preflight.ts";
