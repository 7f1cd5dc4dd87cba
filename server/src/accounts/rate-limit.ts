import { normalizeEmail } from "@atelier/contract";
import { createRedisStore } from "./redis-store.ts";

/**
 * Fixed-window limits for the abuse-prone account calls (sign-in, sign-up, reset, resend), counted per IP
 * and per normalised e-mail. In memory per instance by default; `createRedisStore` shares the counts.
 */

export type RateLimitHit = { count: number; resetInMs: number };

export type RateLimitStore = {
  /** Counts one hit on `key` in the current window of `windowMs` and returns the count so far. */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  close(): Promise<void>;
};

export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      // Drop ended windows now and then, so the map stays as small as the recent traffic.
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    async close() {
      windows.clear();
    },
  };
}

export type RateLimitScope = "sign_in" | "sign_up" | "password_reset" | "resend_verification";

export type AuthRateLimiter = {
  /** Counts the request; returns the seconds to wait when the IP or the e-mail is over the limit. */
  check(scope: RateLimitScope, subject: { ip: string; email?: string | undefined }): Promise<number | null>;
};

export function createAuthRateLimiter(options: {
  store: RateLimitStore;
  max: number;
  windowMs?: number;
}): AuthRateLimiter {
  const windowMs = options.windowMs ?? 60_000;
  return {
    async check(scope, subject) {
      const keys = [`auth:${scope}:ip:${subject.ip}`];
      if (subject.email) keys.push(`auth:${scope}:email:${normalizeEmail(subject.email)}`);
      let wait: number | null = null;
      for (const key of keys) {
        const hit = await options.store.hit(key, windowMs);
        if (hit.count > options.max) wait = Math.max(wait ?? 0, Math.ceil(hit.resetInMs / 1000));
      }
      return wait;
    },
  };
}

/** The store for the configuration: shared in Redis when `REDIS_URL` is set, else in this process. */
export function createRateLimitStore(redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? createRedisStore(redisUrl, createMemoryStore()) : createMemoryStore();
}
