import { MONITORING_SAMPLE_RATES } from "@atelier/contract";
import type { Event } from "@sentry/node";
import { errorForReport, REDACTED, redactUrl } from "../logging/index.ts";
import type { ErrorReporter } from "../plugins/index.ts";

/** A span as the SDK streams it (v11's default `traceLifecycle: "stream"`): its name and attributes. */
type StreamedSpan = { name: string; attributes?: Record<string, unknown> };

/** Request headers whose values are credentials: never in a report (D183). */
const SECRET_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-csrftoken",
  "x-sentry-auth",
]);

/** Span and request fields that carry a URL, a path or a query string. */
const URL_FIELD = /(^|\.)(url|url\.full|target|query|query_string|route|path)$/;

/** A URL, path or bare query with the secret parts of the logs' rule (`redactUrl`) replaced by `***`. */
function redactAny(value: string, field = "url"): string {
  if (/^https?:\/\//.test(value)) {
    const url = new URL(value);
    return `${url.origin}${redactUrl(`${url.pathname}${url.search}`)}${url.hash}`;
  }
  if (value.startsWith("/")) return redactUrl(value);
  if (/query/.test(field)) return redactUrl(`?${value.replace(/^\?/, "")}`).slice(1);
  return value;
}

function redactData(data: Record<string, unknown> | undefined) {
  if (!data) return;
  for (const [key, value] of Object.entries(data))
    if (typeof value === "string" && URL_FIELD.test(key)) data[key] = redactAny(value, key);
}

/**
 * What leaves the server for Sentry (D183): the request's URL and query string redacted as in the logs
 * (one-time tokens, `cart_id`, capability paths), no credential headers, no cookies, no body, no client
 * address.
 */
export function scrubReport<T extends Event>(event: T): T {
  const request = event.request;
  if (request) {
    if (request.url) request.url = redactAny(request.url);
    if (typeof request.query_string === "string")
      request.query_string = redactAny(request.query_string, "query");
    else if (request.query_string) request.query_string = REDACTED;
    delete request.cookies;
    delete request.data;
    if (request.headers)
      for (const name of Object.keys(request.headers))
        if (SECRET_HEADERS.has(name.toLowerCase())) delete request.headers[name];
  }
  if (event.user) delete event.user.ip_address;
  redactData(event.contexts?.trace?.data);
  return event;
}

/** A traced span with the same redaction: its URL attributes and the URL in its name (`GET /pay/<token>`). */
export function scrubSpan<T extends StreamedSpan>(span: T): T {
  redactData(span.attributes);
  span.name = span.name
    .split(" ")
    .map((part) => (/^(https?:\/\/|\/)/.test(part) ? redactAny(part) : part))
    .join(" ");
  return span;
}

/** The options the SDK is started with; exported so a test reads what the spec fixes. */
export function serverSentryOptions(dsn: string, environment: string) {
  return {
    dsn,
    environment,
    tracesSampleRate: MONITORING_SAMPLE_RATES.traces,
    sendDefaultPii: false,
    beforeSend: scrubReport,
    beforeSendSpan: scrubSpan,
  };
}

/** Sentry only when a DSN is configured; otherwise unexpected errors are just logged. */
export async function initServerMonitoring(
  dsn: string | undefined,
  environment: string,
): Promise<ErrorReporter> {
  if (!dsn) return () => {};
  const Sentry = await import("@sentry/node");
  Sentry.init({
    ...serverSentryOptions(dsn, environment),
    integrations: (defaults) =>
      defaults.map((integration) =>
        // Unexpected errors are reported once, by the error handler below (request id, redacted URL, a
        // database error without its query values); Sentry's own Fastify hook would send the raw error.
        integration.name === "Fastify"
          ? Sentry.fastifyIntegration({ shouldHandleError: () => false })
          : integration,
      ),
  });
  return (error, request) => {
    Sentry.withScope((scope) => {
      scope.setTag("request_id", request.id);
      scope.setContext("request", { method: request.method, url: redactUrl(request.url) });
      Sentry.captureException(errorForReport(error));
    });
  };
}
