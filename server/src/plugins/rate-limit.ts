import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { clientKey } from "./client-key.ts";

export type RateLimitOptions = { redisUrl?: string | undefined };

/** How long a rate limit waits for Redis's answer before it lets the request through. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The one rate-limit mechanism (@fastify/rate-limit), with no global limit: routes opt in through
 * `config.rateLimit` or `app.rateLimit(...)` hooks. With REDIS_URL the counts live in Redis and are
 * shared by every instance. When Redis cannot be reached the limits are skipped (fail open) rather than
 * failing sign-in and contact forms; ioredis keeps reconnecting in the background.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions) {
  // ioredis is loaded only when configured: most installations run without Redis.
  const redis = options.redisUrl
    ? new (await import("ioredis")).Redis(options.redisUrl, {
        // Commands fail at once while disconnected instead of queueing behind a request.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        // A Redis that is connected but silent (paused, swapping, a half-open connection) fails a command
        // after this and the limit is skipped, instead of holding every request for as long as it is silent:
        // each limited request then waits this long once per limit (D528).
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  if (redis) {
    redis.on("error", (err) =>
      app.log.warn({ err: { message: err.message } }, "rate-limit store: redis error"),
    );
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    // A limit without its own key counts the client's address, an IPv6 one by its /64 (D545).
    keyGenerator: clientKey,
    ...(redis ? { redis, nameSpace: "atelier-rate-limit:" } : {}),
  });
}
