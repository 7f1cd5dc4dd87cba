// The preflight (D303): the settings checked against the database, Redis, SMTP, PayPal and Stripe.
export {
  type PreflightProblem,
  type PreflightService,
  preflightProblems,
  runPreflight,
} from "./preflight.ts";
export {
  type ServiceState,
  type ServiceWatch,
  WHILE_UNREACHABLE,
  watchUnreachableServices,
} from "./service-watch.ts";
