// The preflight (D303): the settings checked against the database, Redis, SMTP, PayPal and Stripe.
export { type PreflightProblem, preflightProblems, runPreflight } from "./preflight.ts";
