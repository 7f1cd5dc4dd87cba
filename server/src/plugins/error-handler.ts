import type { Socket } from "node:net";
import { type ErrorCode, errorMessage, isErrorCode, type Locale } from "@atelier/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { resolveRequestLocale } from "../i18n/index.ts";

type FieldErrors = Record<string, { codes: string[]; params?: Readonly<Record<string, string>> }>;

/** An unknown key is named back at most this long, and at most this many of them (D497). */
const UNKNOWN_KEY_CHARS = 64;
const UNKNOWN_KEYS_NAMED = 10;

/**
 * Fixed texts (and fields) for some error codes on one route, for a client that matches the server's
 * prose: the school's existing client reads Django's English sign-up messages (spec §8, decision D40).
 * `error_codes` stay beside them, so our web keeps mapping codes to its own de/ru texts.
 */
export type LegacyMessages = Partial<Record<ErrorCode, { text: string; field?: string }>>;

declare module "fastify" {
  interface FastifyContextConfig {
    legacyMessages?: LegacyMessages;
  }
}

const NON_FIELD = "non_field_errors";

/** Maps a zod issue to one of the contract's stable error codes. */
function issueCode(issue: { keyword: string; message: string; params: Record<string, unknown> }): ErrorCode {
  if (isErrorCode(issue.message)) return issue.message;
  switch (issue.keyword) {
    case "invalid_type":
      return /received undefined/.test(issue.message) ? "required" : "invalid_type";
    case "too_small":
      return issue.params.origin === "string" ? "too_short" : "too_small";
    case "too_big":
      return issue.params.origin === "string" ? "too_long" : "too_big";
    case "invalid_value":
    case "invalid_union":
      return "invalid_choice";
    case "unrecognized_keys":
      return "unknown_field";
    default:
      return "invalid";
  }
}

/**
 * Each unknown key at its own name, its message naming it: "Unbekanntes Feld „hous“." A client, and
 * staff reading the back office's notice, see which key the server did not take (D497). Bounded: the
 * names are cut and only the first few are listed.
 */
function unknownKeys(errors: FieldErrors, path: string, keys: unknown) {
  const names = Array.isArray(keys) ? keys.map(String).slice(0, UNKNOWN_KEYS_NAMED) : [];
  if (names.length === 0) {
    const field = path === "" ? NON_FIELD : path;
    errors[field] ??= { codes: [] };
    errors[field].codes.push("unknown_field");
    return;
  }
  for (const key of names) {
    const name = key.slice(0, UNKNOWN_KEY_CHARS);
    const field = path === "" ? name : `${path}.${name}`;
    errors[field] = { codes: ["unknown_field"], params: { field: name } };
  }
}

/** Writes `{"field": ["message"], "error_codes": {"field": ["code"]}}` in the request's locale. */
function fieldErrorBody(
  errors: FieldErrors,
  locale: Locale,
  legacy: LegacyMessages = {},
  params: Readonly<Record<string, string | number>> = {},
) {
  const messages: Record<string, string[]> = {};
  const codes: Record<string, string[]> = {};
  for (const [field, { codes: list, params: own }] of Object.entries(errors)) {
    for (const code of list) {
      const fixed = isErrorCode(code) ? legacy[code] : undefined;
      const target = fixed?.field ?? field;
      codes[target] ??= [];
      messages[target] ??= [];
      if (codes[target].includes(code)) continue;
      codes[target].push(code);
      messages[target].push(fixed?.text ?? errorMessage(code, locale, own ?? params));
    }
  }
  return { ...messages, error_codes: codes };
}

function detailBody(code: ErrorCode, locale: Locale, params?: Readonly<Record<string, string | number>>) {
  return { detail: errorMessage(code, locale, params), error_codes: { detail: code } };
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  401: "not_authenticated",
  403: "permission_denied",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "throttled",
};

export type ErrorReporter = (error: unknown, request: FastifyRequest) => void;

/**
 * The single error mechanism: validation failures become DRF-style 400 bodies, AppErrors their status,
 * client errors from Fastify a `detail`, and anything unexpected a 500 with a generic `detail`.
 */
export function registerErrorHandler(app: FastifyInstance, report: ErrorReporter = () => {}) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    const legacy = request.routeOptions?.config?.legacyMessages;
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path's id that no row can have (`PathIdSchema`) names no record: 404, as a missing one.
      if (
        error.validationContext === "params" &&
        error.validation.some((issue) => issue.message === "not_found")
      )
        return reply.status(404).send(detailBody("not_found", locale));
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        if (issue.keyword === "unrecognized_keys") {
          unknownKeys(errors, path, issue.params.keys);
          continue;
        }
        const field = path === "" ? NON_FIELD : path;
        errors[field] ??= { codes: [] };
        errors[field].codes.push(issueCode(issue as never));
      }
      return reply.status(400).send(fieldErrorBody(errors, locale, legacy));
    }
    if (error instanceof AppError) {
      // Django REST's token authentication names its scheme on every 401 (`WWW-Authenticate: Token`, the
      // `Authorization: Token <key>` the clients send); a route with a scheme of its own (/metrics) set it already.
      if (error.status === 401 && !reply.hasHeader("www-authenticate"))
        reply.header("www-authenticate", "Token");
      if (error.fields) {
        const errors: FieldErrors = {};
        for (const [field, codes] of Object.entries(error.fields)) errors[field] = { codes: [...codes] };
        // The params fill every field's message ("… ({starts_on} bis {ends_on})").
        return reply.status(error.status).send(fieldErrorBody(errors, locale, legacy, error.params));
      }
      if (error.status === 400 || error.field) {
        return reply
          .status(error.status)
          .send(
            fieldErrorBody(
              { [error.field ?? NON_FIELD]: { codes: [error.code] } },
              locale,
              legacy,
              error.params,
            ),
          );
      }
      return reply.status(error.status).send(detailBody(error.code, locale, error.params));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 400) {
        // Malformed JSON, empty body with a JSON content type, and the like.
        return reply.status(400).send(fieldErrorBody({ [NON_FIELD]: { codes: ["parse_error"] } }, locale));
      }
      if (status === 429 && error.message)
        reply.header("retry-after", reply.getHeader("retry-after") ?? "60");
      return reply
        .status(status)
        .send(detailBody(STATUS_CODES[status] ?? "invalid", locale, { method: request.method }));
    }
    if (isDatabaseUnavailable(error)) {
      // A lost connection or a timeout (D89): the transaction rolled back (a connection lost during COMMIT
      // leaves that open, as any network failure does), so the client may try again. The code names the
      // cause; the query and its values stay out of the log.
      const code = (error.cause as { code?: string } | undefined)?.code ?? error.code;
      request.log.warn({ reqId: request.id, code }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(detailBody("service_unavailable", locale));
    }
    request.log.error({ err: error, reqId: request.id }, "unexpected error");
    report(error, request);
    return reply.status(500).send(detailBody("server_error", locale));
  });
}

/** Unknown `/api/*` paths answer with a JSON 404; page paths are the SPA's (see spa plugin). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(detailBody("not_found", request.locale));
}

/** What `Allow` may name, in Django REST's order. OPTIONS is not named: it answers CORS preflights only. */
const ALLOWED_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;

/**
 * The methods routes answer on the path of a request that found no route (`DELETE /api/v2/orders/current/`
 * → GET, HEAD): none for a path no route has, nor when the request's own route sent it here (a static
 * file gone, a plain OPTIONS that is no CORS preflight). Asks the router a few times, on the not-found path only.
 */
export function routedMethods(request: FastifyRequest): string[] {
  const { server, method, url } = request;
  if (server.findRoute({ method: method as HTTPMethods, url })) return [];
  return ALLOWED_ORDER.filter(
    (other) => other !== method && server.findRoute({ method: other, url }) !== null,
  );
}

/**
 * A path that routes have for other methods only: 405 `method_not_allowed` ("Methode „DELETE“ nicht
 * erlaubt."), with `Allow` naming the methods, as Django REST answers it.
 */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply, allowed: readonly string[]) {
  return reply
    .status(405)
    .header("allow", allowed.join(", "))
    .send(detailBody("method_not_allowed", request.locale, { method: request.method }));
}

/**
 * What Fastify's router answers before any hook or route runs (D484), as every other error: the DRF shape in
 * the request's language, without the path (Fastify's own bodies were English and repeated the URL).
 * A path that is no valid percent-encoding is a 400 `parse_error`; a path parameter over the router's
 * `maxParamLength` (100 characters) names no record, so 404.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The router stopped before the query was parsed; URLSearchParams reads even a badly encoded one.
  const search = new URLSearchParams(request.raw.url?.split("?")[1] ?? "");
  const locale = resolveRequestLocale({
    query: { locale: search.get("locale") },
    cookieHeader: request.headers.cookie,
    acceptLanguage: request.headers["accept-language"],
  });
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return reply.status(404).send(detailBody("not_found", locale));
  return reply.status(400).send(fieldErrorBody({ [NON_FIELD]: { codes: ["parse_error"] } }, locale));
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string, code: ErrorCode]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "payload_too_large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "request_timeout"],
};

/**
 * What Node's HTTP parser refuses before there is a request (D484): headers over its limit (431), a request
 * not complete within `REQUEST_TIMEOUT_MS` (408), a malformed request (400). Answered on the socket as
 * Fastify's default handler does, in the DRF shape and German (no header could be read for the language).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, code] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "Bad Request", "parse_error"];
  const body = JSON.stringify(detailBody(code, "de"));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
