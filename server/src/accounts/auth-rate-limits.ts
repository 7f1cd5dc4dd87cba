import { setTimeout as sleep } from "node:timers/promises";
import { normalizeEmail } from "@atelier/contract";
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import { AppError } from "../errors/index.ts";
import { clientKey } from "../plugins/index.ts";

/** Calls of the same scope share their counts (reset request and reset confirm; sign-in and SSO). */
export type AuthRateLimitScope = "sign_in" | "sign_up" | "password_reset" | "resend_verification";

const SCOPES: AuthRateLimitScope[] = ["sign_in", "sign_up", "password_reset", "resend_verification"];

/**
 * Sign-in (D92): one client address may try `PER_ADDRESS_FACTOR` × the limit over all e-mails (a family or
 * the school's Wi-Fi share one), and the limit for one e-mail. Over all addresses one e-mail gets the
 * limit at full speed, then each further attempt waits longer (`signInDelayMs`), and only
 * `PER_EMAIL_FACTOR` × the limit is refused: a stranger who fails ten times from other addresses makes
 * the owner wait a moment, not shut out; shutting the owner out takes that many attempts a minute from
 * at least `PER_EMAIL_FACTOR` addresses, at once.
 */
export const PER_ADDRESS_FACTOR = 3;
export const PER_EMAIL_FACTOR = 10;
const DELAY_FIRST_MS = 100;
const DELAY_MAX_MS = 2000;

/**
 * How long a sign-in waits once its e-mail has had `count` attempts this minute (this one included),
 * `max` of them free: 0.1 s for the first beyond, doubling, at most 2 s. One attempt after another
 * from changing addresses then gets about 40 a minute, short of the bound; only parallel ones reach it.
 */
export function signInDelayMs(count: number, max: number): number {
  const beyond = count - max;
  if (beyond <= 0) return 0;
  return Math.min(DELAY_FIRST_MS * 2 ** Math.min(beyond - 1, 20), DELAY_MAX_MS);
}

/** The normalised e-mail of the body, or "" when there is none (then only the address limit applies). */
function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? normalizeEmail(body.email) : "";
}

/**
 * The abuse-prone account calls are limited per minute by the app's one rate limiter
 * (plugins/rate-limit.ts; shared through Redis when configured), `max` = AUTH_RATE_LIMIT_PER_MINUTE.
 * Sign-in as described above (D92). Sign-up, reset and resend send mail to the e-mail given, so there
 * the e-mail's own bound stays `max` over all addresses (it bounds the mails one inbox gets), beside
 * `max` per address. Checked in preValidation, after the body is parsed and before it is validated, so
 * invalid bodies count too; every count goes up on every request. Each limiter is made once per scope:
 * routes of a scope share it.
 */
export function authRateLimits(app: FastifyInstance, max: number) {
  const byScope = new Map<AuthRateLimitScope, preValidationAsyncHookHandler>();
  for (const scope of SCOPES) {
    const signIn = scope === "sign_in";
    const timeWindow = "1 minute";
    const noEmail = (request: FastifyRequest) => bodyEmail(request) === "";
    const perAddress = app.createRateLimit({
      max: signIn ? PER_ADDRESS_FACTOR * max : max,
      timeWindow,
      keyGenerator: (request) => `auth:${scope}:ip:${clientKey(request)}`,
    });
    const perEmail = app.createRateLimit({
      max: signIn ? PER_EMAIL_FACTOR * max : max,
      timeWindow,
      keyGenerator: (request) => `auth:${scope}:email:${bodyEmail(request)}`,
      allowList: noEmail,
    });
    const perEmailAndAddress = signIn
      ? app.createRateLimit({
          max,
          timeWindow,
          keyGenerator: (request) => `auth:${scope}:email-ip:${bodyEmail(request)}:${clientKey(request)}`,
          allowList: noEmail,
        })
      : undefined;
    byScope.set(scope, async (request, reply) => {
      const [email, ...others] = await Promise.all([
        perEmail(request),
        perAddress(request),
        ...(perEmailAndAddress ? [perEmailAndAddress(request)] : []),
      ]);
      let wait = 0;
      for (const result of [email, ...others])
        if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        throw new AppError("throttled", 429);
      }
      // `remaining` is what is left of the e-mail's bound; without a count (no e-mail, or the store
      // unreachable: the limits fail open) nothing is delayed.
      if (signIn && !email.isAllowed) {
        const count = PER_EMAIL_FACTOR * max - email.remaining;
        const delay = signInDelayMs(count, max);
        if (delay > 0) await sleep(delay);
      }
    });
  }
  return (scope: AuthRateLimitScope) => byScope.get(scope) as preValidationAsyncHookHandler;
}
