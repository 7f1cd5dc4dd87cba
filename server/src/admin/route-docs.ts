import { ErrorReplySchema } from "../errors/index.ts";

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
