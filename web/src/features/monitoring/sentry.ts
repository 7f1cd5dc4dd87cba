import { MONITORING_SAMPLE_RATES } from "@atelier/contract";
import * as Sentry from "@sentry/react";

/** The SDK's options: spec §1's sample rates, the configured environment, this build's release. */
export function sentryOptions(options: { dsn: string; environment: string | undefined; router: unknown }) {
  return {
    dsn: options.dsn,
    environment: options.environment,
    release: import.meta.env.VITE_BUILD_ID,
    integrations: [
      Sentry.tanstackRouterBrowserTracingIntegration(options.router),
      Sentry.replayIntegration(),
    ],
    tracesSampleRate: MONITORING_SAMPLE_RATES.traces,
    replaysSessionSampleRate: MONITORING_SAMPLE_RATES.replaysSession,
    replaysOnErrorSampleRate: MONITORING_SAMPLE_RATES.replaysOnError,
  };
}

/** Loaded only when a DSN is configured (see init-monitoring.ts), so the SDK stays out of other bundles. */
export function startSentry(options: { dsn: string; environment: string | undefined; router: unknown }) {
  Sentry.init(sentryOptions(options));
}
