import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.ts";

/** The path of the first string holding a NUL character, or undefined. */
export function findNulField(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path || "non_field_errors" : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNulField(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store or compare text with a NUL character and fails the whole query. No field of the
 * shop has a use for one, so every request input is checked once here, before any route's validation,
 * and answered with a 400 naming the field instead of reaching the database.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const field = findNulField(request.params) ?? findNulField(request.query) ?? findNulField(request.body);
    if (field) throw AppError.validation(field, "invalid");
  });
}
