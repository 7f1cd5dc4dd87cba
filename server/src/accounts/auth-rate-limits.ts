import { normalizeEmail } from "@atelier/contract";
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import { AppError } from "../errors/index.ts";

/** Calls of the same scope share their counts (reset request and reset confirm; sign-in and SSO). */
export type AuthRateLimitScope = "sign_in" | "sign_up" | "password_reset" | "resend_verification";

const SCOPES: AuthRateLimitScope[] = ["sign_in", "sign_up", "password_reset", "resend_verification"];

/** The normalised e-mail of the body, or "" when there is none (then only the IP limit applies). */
function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? normalizeEmail(body.email) : "";
}

/**
 * The abuse-prone account calls are limited per IP and per e-mail, `max` per minute each, by the app's
 * one rate limiter (plugins/rate-limit.ts; shared through Redis when configured). Checked in
 * preValidation, after the body is parsed and before it is validated, so invalid bodies count too; both
 * counts go up on every request. Each limiter is made once per scope: routes of a scope share it.
 */
export function authRateLimits(app: FastifyInstance, max: number) {
  const byScope = new Map<AuthRateLimitScope, preValidationAsyncHookHandler>();
  for (const scope of SCOPES) {
    const common = { max, timeWindow: "1 minute" };
    const perIp = app.createRateLimit({
      ...common,
      keyGenerator: (request) => `auth:${scope}:ip:${request.ip}`,
    });
    const perEmail = app.createRateLimit({
      ...common,
      keyGenerator: (request) => `auth:${scope}:email:${bodyEmail(request)}`,
      allowList: (request) => bodyEmail(request) === "",
    });
    byScope.set(scope, async (request, reply) => {
      const results = await Promise.all([perIp(request), perEmail(request)]);
      let wait = 0;
      for (const result of results)
        if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        throw new AppError("throttled", 429);
      }
    });
  }
  return (scope: AuthRateLimitScope) => byScope.get(scope) as preValidationAsyncHookHandler;
}
