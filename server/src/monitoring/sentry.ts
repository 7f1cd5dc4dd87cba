import { MONITORING_SAMPLE_RATES } from "@atelier/contract";
import { errorForReport, redactUrl } from "../logging/index.ts";
import type { ErrorReporter } from "../plugins/index.ts";

/** Sentry only when a DSN is configured; otherwise unexpected errors are just logged. */
export async function initServerMonitoring(
  dsn: string | undefined,
  environment: string,
): Promise<ErrorReporter> {
  if (!dsn) return () => {};
  const Sentry = await import("@sentry/node");
  Sentry.init({ dsn, environment, tracesSampleRate: MONITORING_SAMPLE_RATES.traces });
  return (error, request) => {
    Sentry.withScope((scope) => {
      scope.setTag("request_id", request.id);
      scope.setContext("request", { method: request.method, url: redactUrl(request.url) });
      Sentry.captureException(errorForReport(error));
    });
  };
}
