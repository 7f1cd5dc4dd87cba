import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Json, type PayPalStore, paypalError, type Reply, type Route, unprocessable } from "./store.ts";

/**
 * The API's door, before any resource: failures a test asked for, OAuth2 client credentials and bearer
 * tokens (401 otherwise), `PayPal-Request-Id` replays, and the endpoint (404 for one PayPal does not
 * have). What each endpoint does is its resource module's.
 */

export type PayPalApi = {
  store: PayPalStore;
  clientId: string;
  clientSecret: string;
  /** How long a token lives, as the token endpoint answers it (read when a token is issued). */
  tokenLifetimeS(): number;
  routes: Route[];
  /** Requests per "METHOD path" (order ids replaced by ":id"). */
  calls: Map<string, number>;
  /** PayPal-Request-Id headers received, in order. */
  requestIds: string[];
  /** The next `times` requests to a "METHOD path" answer `status` (or hang `delayMs` first). */
  failures: Map<string, { status: number; delayMs: number; times: number }>;
  /** First answers by route and request id, with the body they answered. */
  replies: Map<string, { status: number; body: unknown; raw: string }>;
};

/** OAuth2 client credentials: a new access token for the right client id and secret. */
function issueToken(api: PayPalApi, headers: IncomingMessage["headers"]): Reply {
  const expected = `Basic ${Buffer.from(`${api.clientId}:${api.clientSecret}`).toString("base64")}`;
  if (headers.authorization !== expected) return paypalError(api.store, 401, "invalid_client");
  const token = `A21AA-stand-in-${api.store.next()}`;
  api.store.validTokens.add(token);
  return {
    status: 200,
    body: { access_token: token, token_type: "Bearer", expires_in: api.tokenLifetimeS() },
  };
}

/** The token endpoint, or a resource's endpoint for a valid bearer token. */
export function routeRequest(
  api: PayPalApi,
  method: string,
  path: string,
  headers: IncomingMessage["headers"],
  body: Json,
): Reply {
  if (method === "POST" && path === "/v1/oauth2/token") return issueToken(api, headers);
  const bearer = headers.authorization?.replace(/^Bearer /, "") ?? "";
  if (!api.store.validTokens.has(bearer)) return paypalError(api.store, 401, "AUTHENTICATION_FAILURE");
  for (const route of api.routes) {
    const match = route.method === method ? route.path.exec(path) : null;
    if (match) return route.run(match, body);
  }
  return paypalError(api.store, 404, "RESOURCE_NOT_FOUND");
}

/**
 * PayPal-Request-Id: the same write again gets the first answer; the same id with another body is
 * refused, as PayPal does, so two shops (or two steps) sharing an id are caught, not answered alike.
 */
function replayOrRun(api: PayPalApi, key: string, raw: string, run: () => Reply): Reply {
  const replayed = api.replies.get(key);
  if (replayed && replayed.raw !== raw)
    return unprocessable(
      api.store,
      "PAYPAL_REQUEST_ID_PREVIOUSLY_USED",
      "/PayPal-Request-Id",
      "The PayPal-Request-Id has already been used for another request.",
    );
  if (replayed) return replayed;
  const reply = run();
  // Only what PayPal acted on is remembered: an answer, or a refusal of the request itself (422).
  if (reply.status < 300 || reply.status === 422) api.replies.set(key, { ...reply, raw });
  return reply;
}

function send(res: ServerResponse, { status, body }: Reply) {
  if (status === 204) {
    res.writeHead(204, { "paypal-debug-id": randomUUID() });
    res.end();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", "paypal-debug-id": randomUUID() });
  res.end(JSON.stringify(body));
}

export async function answerApi(api: PayPalApi, req: IncomingMessage, res: ServerResponse, raw: string) {
  const method = req.method ?? "GET";
  const path = new URL(req.url ?? "/", "http://stand-in").pathname;
  const route = `${method} ${path.replace(/\/(SI|CAP|I-|REF)[0-9]+/g, "/:id")}`;
  api.calls.set(route, (api.calls.get(route) ?? 0) + 1);
  const failure = api.failures.get(route);
  if (failure) {
    failure.times -= 1;
    if (failure.times <= 0) api.failures.delete(route);
    if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (res.destroyed) return;
    return send(res, {
      status: failure.status,
      body: { name: "INTERNAL_SERVER_ERROR", debug_id: "stand-in-failure" },
    });
  }
  let body: Json = {};
  if (raw && req.headers["content-type"]?.includes("json")) body = JSON.parse(raw) as Json;
  const requestId = req.headers["paypal-request-id"];
  const run = () => routeRequest(api, method, path, req.headers, body);
  if (typeof requestId !== "string") return send(res, run());
  api.requestIds.push(requestId);
  send(res, replayOrRun(api, `${route} ${requestId}`, raw, run));
}
