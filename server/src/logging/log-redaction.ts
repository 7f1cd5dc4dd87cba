import type { FastifyRequest } from "fastify";
import { stdSerializers } from "pino";

/**
 * Nothing secret reaches the logs: one-time link values and passwords in query strings, and the bound
 * values of failed database queries (a failed insert once logged a user's argon2 hash).
 */

/**
 * Query parameters whose values are credentials or one-time secrets, or ids that act as one: a guest's
 * `cart_id` is all it takes to read and change that cart.
 */
const SECRET_PARAM =
  /^(uid|token|code|key|state|secret|signature|sig|password.*|new_password.*|.*_token|api_?key|cart_id)$/i;

/**
 * Path segments that are capabilities: a waiting-list offer's token, a payment link's token (D157) and a
 * reminder's absence link (D510), each in the API and the mail's web page, and a booking's check-in code.
 * The part before the secret is kept, so the log still tells the route.
 */
const SECRET_PATH =
  /^(\/api\/v2\/orders\/waiting_list\/offer\/|\/api\/v2\/orders\/payment_link\/|\/api\/v2\/lessons\/absence-links\/|\/api\/v2\/checkin\/|\/waiting-list\/offer\/|\/absence\/|\/pay\/)[^/?]+/;

/**
 * Query parameters whose values are what a person typed to find a family: the back office's list searches
 * (react-admin's `filter={"q": …}`) and the searches by name, e-mail or phone. Logs are kept for days and an
 * erasure cannot reach them (D544).
 */
const PERSONAL_PARAM = /^(filter|q|search|email|phone|phone_number|name|first_name|last_name)$/i;

export const REDACTED = "***";

const redactPath = (path: string) => path.replace(SECRET_PATH, `$1${REDACTED}`);

/** The URL with secret path segments and the values of secret and personal query parameters replaced by `***`. */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return redactPath(url);
  const path = redactPath(url.slice(0, at));
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_PARAM.test(key) && !PERSONAL_PARAM.test(key)) continue;
    params.set(key, REDACTED);
    changed = true;
  }
  return changed ? `${path}?${params.toString()}` : `${path}${url.slice(at)}`;
}

/** Fields by which database drivers carry a failed query's values: Drizzle, PGlite, node-postgres. */
const DB_VALUE_FIELDS = ["params", "parameters", "query", "queryOptions", "detail"];

function isDbError(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const candidate = current;
    if (DB_VALUE_FIELDS.some((field) => field in candidate) || "severity" in candidate) return true;
    current = (candidate as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Drizzle writes the values into its message ("Failed query: <sql>\nparams: <values>"), and PostgreSQL
 * quotes the offending value in its own message ('invalid input syntax for type integer: "<value>"').
 * The SQL text and the SQLSTATE stay, which is what a diagnosis needs.
 */
function withoutValues(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g, `\nparams: ${REDACTED}`)
    .replace(/^(caused by: .*)$/gm, (line) => line.replace(/"[^"]*"/g, `"${REDACTED}"`));
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** pino's error serializer; for database errors without the query values. */
export function serializeError(error: Error): SerializedError {
  const serialized = stdSerializers.err(error);
  if (!isDbError(error)) return serialized;
  const safe: SerializedError = { type: serialized.type, message: "", stack: "" };
  for (const [key, value] of Object.entries(serialized)) {
    if (DB_VALUE_FIELDS.includes(key)) continue;
    safe[key] =
      typeof value === "string" && (key === "message" || key === "stack") ? withoutValues(value) : value;
  }
  // A driver's own error (no Drizzle wrapper) quotes the value in its first line.
  if ("severity" in error) {
    for (const key of ["message", "stack"]) {
      const text = safe[key];
      if (typeof text === "string")
        safe[key] = text.replace(/^.*$/m, (line) => line.replace(/"[^"]*"/g, `"${REDACTED}"`));
    }
  }
  return safe;
}

/** Fastify's request serializer with secret query values redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { req: serializeRequest, err: serializeError };

/** A copy of a database error fit for a monitoring service: same type and stack, no query values. */
export function errorForReport(error: unknown): unknown {
  if (!(error instanceof Error) || !isDbError(error)) return error;
  const serialized = serializeError(error);
  const safe = new Error(serialized.message);
  safe.name = error.name;
  safe.stack = serialized.stack;
  return safe;
}
