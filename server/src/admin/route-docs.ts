import type { FastifyRequest } from "fastify";
import { AppError, ErrorReplySchema } from "../errors/index.ts";
import { currentUser } from "../plugins/index.ts";

/**
 * The error replies a staff route documents: refused input, signed out, not staff, unknown record and a
 * save on a stale version (D97, D99).
 */
export const adminErrors = {
  400: ErrorReplySchema,
  401: ErrorReplySchema,
  403: ErrorReplySchema,
  404: ErrorReplySchema,
  409: ErrorReplySchema,
};

/** A staff operation in the OpenAPI document: the admin tag, token auth and its summary. */
export const adminOperation = (summary: string) => ({
  tags: ["admin"],
  security: [{ tokenAuth: [] }],
  summary,
});

/**
 * Admins only (D101, D138): an `onRequest` hook, so it runs before the body or query is parsed or validated.
 * Staff get 403 whatever they send (D200): a `preHandler` would run after validation and answer staff's
 * invalid bodies with 400, telling them what an admin route accepts.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (currentUser(request).role !== "admin") throw new AppError("permission_denied", 403);
}

/** An admin-only operation: its summary ends in "(admins only)", which the access-table test reads. */
export const adminOnlyOperation = (summary: string) => adminOperation(`${summary} (admins only)`);
