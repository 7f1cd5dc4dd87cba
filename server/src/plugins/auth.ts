import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors/index.ts";
import { clientKey } from "./client-key.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` / `requireStaff`; null on routes that do not ask. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** The user of `Authorization: Token <key>`, or null (no, unknown, revoked or expired token). */
    authenticateRequest(request: FastifyRequest): Promise<AuthUser | null>;
  }
}

/** The signed-in user of a request, as the accounts area resolves a token key (handed down at wiring). */
export type AuthUser = {
  id: number;
  email: string;
  role: "customer" | "instructor" | "staff" | "admin";
  /** The token the request came with (logout revokes it; a password change keeps it). */
  tokenId: number;
};

const TOKEN_HEADER = /^Token\s+(\S+)\s*$/i;
/** An `Authorization` header of the token scheme, well formed or not ("Token", "Token a b"). */
const TOKEN_SCHEME = /^Token(?:\s|$)/i;

/**
 * A per-account rate limit's key: the token the header names, however it is spelled ("token K", "Token  K "
 * are one account, D510), hashed so the key itself is no credential; the address without a token.
 */
export function accountRateKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const key = header ? TOKEN_HEADER.exec(header)?.[1] : undefined;
  return key
    ? `token:${createHash("sha256").update(key).digest("base64url").slice(0, 22)}`
    : `ip:${clientKey(request)}`;
}

/**
 * Token authentication, looked up only by the routes that need a user (`requireUser` / `requireStaff`):
 * public reads never touch the token table, and a stale key on them is simply ignored, so a client that
 * still holds a revoked key keeps browsing as a guest.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { authenticate(key: string): Promise<AuthUser | null> },
) {
  app.decorateRequest("user", null);
  app.decorate("authenticateRequest", async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const key = header ? TOKEN_HEADER.exec(header)?.[1] : undefined;
    return key ? deps.authenticate(key) : null;
  });
}

/**
 * The 401 of a request that needs a user and has none, as Django REST's token authentication tells the two
 * apart: no token sent (another scheme counts as none) is `not_authenticated` ("Anmeldedaten fehlen."); a
 * token that names nobody (unknown, revoked, expired, malformed) is `authentication_failed` ("Ungültiges
 * Token."). Both are 401, so a client that ends its session on a 401 goes on doing so.
 */
export function signInRefusal(request: FastifyRequest): AppError {
  const header = request.headers.authorization;
  return header !== undefined && TOKEN_SCHEME.test(header)
    ? new AppError("authentication_failed", 401)
    : new AppError("not_authenticated", 401);
}

/**
 * A route's `preValidation` hook: 401 `{"detail": ...}` without a valid token (`signInRefusal`). It runs
 * before the body and query are checked (D493), so a guest is told to sign in, not what a field needs; and
 * after the rate limits, whose `onRequest` hooks count every request, a bad token's too.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.user = await request.server.authenticateRequest(request);
  if (!request.user) throw signInRefusal(request);
}

/** A route's `preValidation` hook: 401 without a valid token, 403 for a customer. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== "staff" && request.user?.role !== "admin")
    throw new AppError("permission_denied", 403);
}

/** Whether an account works in the back office (an instructor does not, D380). */
export function isStaffRole(role: AuthUser["role"]): boolean {
  return role === "staff" || role === "admin";
}

/** 401 without a valid token, 403 for anyone but an instructor (the instructor's phone, D380). */
export async function requireInstructor(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== "instructor") throw new AppError("permission_denied", 403);
}

/**
 * The guard that every route under a path prefix shares: the back office's (`/api/v2/admin/`), the door's
 * check-in and the instructor's phone. A request whose method such a path lacks meets it before its 405, as
 * Django REST authenticates and checks permissions (`initial()`) before it looks for the method's handler:
 * a guest hears 401 and a parent 403, never which methods a staff path has (D637 amended).
 */
const GUARDED_PREFIXES: readonly [prefix: string, guard: (request: FastifyRequest) => Promise<void>][] = [
  ["/api/v2/admin/", requireStaff],
  ["/api/v2/checkin/", requireStaff],
  ["/api/v2/instructor/", requireInstructor],
];

/** The guard of the routes under the path of `url`, if they all share one (`GUARDED_PREFIXES`). */
export function pathGuard(url: string): ((request: FastifyRequest) => Promise<void>) | undefined {
  const path = url.split("?")[0] ?? "";
  return GUARDED_PREFIXES.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/** The user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError("not_authenticated", 401);
  return request.user;
}
