import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthUser, authenticateKey } from "../accounts/auth-tokens.service.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest (no, unknown, revoked or expired token). */
    user: AuthUser | null;
  }
}

export type { AuthUser };

const TOKEN_HEADER = /^Token\s+(\S+)\s*$/i;

/**
 * Reads `Authorization: Token <key>` on every request into `request.user`. A stale key makes the request a
 * guest's rather than failing it, so public pages keep working for a client that still holds a revoked key;
 * routes that need a user say so with `requireUser` / `requireStaff`.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Db; tokenTtlDays: number }) {
  const tokenTtlMs = deps.tokenTtlDays * 24 * 60 * 60 * 1000;
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    request.user = null;
    const header = request.headers.authorization;
    const key = header ? TOKEN_HEADER.exec(header)?.[1] : undefined;
    if (key) request.user = await authenticateKey(deps.db, key, { tokenTtlMs });
  });
}

/** preHandler: 401 `{"detail": ...}` without a valid token. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError("not_authenticated", 401);
}

/** preHandler: 401 without a token, 403 for a customer. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError("not_authenticated", 401);
  if (request.user.role !== "staff" && request.user.role !== "admin")
    throw new AppError("permission_denied", 403);
}

/** The user of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError("not_authenticated", 401);
  return request.user;
}
