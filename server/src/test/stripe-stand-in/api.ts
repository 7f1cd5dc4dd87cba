import type { IncomingMessage, ServerResponse } from "node:http";
import { invalid, parseStripeForm, type Route, stripeError, unknownParameter } from "./parameters.ts";
import type { Json, Reply, StripeStore } from "./store.ts";

/**
 * The API's door, before any resource: the secret key (401 otherwise), failures a test asked for,
 * `Idempotency-Key` replays, the endpoint (404 for one Stripe does not have) and its parameters
 * (`parameter_unknown`). What each endpoint does is its resource module's.
 */

export type StripeApi = {
  store: StripeStore;
  secretKey: string;
  routes: Route[];
  /** Requests per "METHOD path" (ids replaced by ":id"). */
  calls: Map<string, number>;
  /** Idempotency-Key headers received, in order. */
  idempotencyKeys: string[];
  /** The next `times` requests to a "METHOD path" answer `status`. */
  failures: Map<string, { status: number; times: number }>;
  /** Requests done whose answers are lost on the way, by "METHOD path" (`loseNext`). */
  lost: Map<string, number>;
  /** First answers by idempotency key, with the request they answered. */
  replies: Map<string, { raw: string; status: number; body: unknown }>;
};

/** The endpoint a request is for and its answer, or Stripe's 404 for a URL it does not know. */
export function routeRequest(routes: Route[], method: string, path: string, body: Json): Reply {
  for (const route of routes) {
    const match = route.method === method ? route.path.exec(path) : null;
    if (!match) continue;
    const unknown = unknownParameter(body, route.shape, "");
    if (unknown) return invalid(`Received unknown parameter: ${unknown}`, "parameter_unknown", unknown);
    return route.run(match, body);
  }
  return stripeError(404, {
    type: "invalid_request_error",
    message: `Unrecognized request URL (${method}: ${path}).`,
  });
}

/**
 * A POST with an `Idempotency-Key`: the same key and request again get the first answer, the same key
 * with another request is refused (`idempotency_error`), as Stripe does.
 */
function replayOrRun(api: StripeApi, key: string, request: string, run: () => Reply): Reply {
  api.idempotencyKeys.push(key);
  const earlier = api.replies.get(key);
  if (earlier && earlier.raw !== request)
    return stripeError(400, {
      type: "idempotency_error",
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  if (earlier) return { status: earlier.status, body: earlier.body };
  const reply = run();
  // Stripe saves the answer once the endpoint ran; a request refused by validation is not saved.
  if (reply.status < 400 || reply.status >= 500) api.replies.set(key, { raw: request, ...reply });
  return reply;
}

export function answerApi(api: StripeApi, req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
  const method = req.method ?? "GET";
  const route = `${method} ${url.pathname.replace(/\/(cs|pi|re|ch|sub|prod|price)_[^/]+/g, "/:id")}`;
  api.calls.set(route, (api.calls.get(route) ?? 0) + 1);
  const send = ({ status, body }: Reply) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${api.store.next()}` });
    res.end(JSON.stringify(body));
  };
  if (req.headers.authorization !== `Bearer ${api.secretKey}`)
    return send(stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided." }));
  const failure = api.failures.get(route);
  if (failure && failure.times > 0) {
    failure.times -= 1;
    return send(stripeError(failure.status, { type: "api_error", message: "stand-in failure" }));
  }
  const body =
    method === "GET" || (method === "DELETE" && raw === "")
      ? parseStripeForm(url.search.slice(1))
      : parseStripeForm(raw);
  const run = () => routeRequest(api.routes, method, url.pathname, body);
  const key = req.headers["idempotency-key"];
  const reply =
    typeof key === "string" && method === "POST" ? replayOrRun(api, key, `${route} ${raw}`, run) : run();
  const losing = api.lost.get(route) ?? 0;
  if (losing > 0) {
    api.lost.set(route, losing - 1);
    return send(stripeError(500, { type: "api_error", message: "stand-in: the answer was lost" }));
  }
  send(reply);
}
