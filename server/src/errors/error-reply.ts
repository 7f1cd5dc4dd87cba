import { z } from "zod";

/**
 * Every error reply, in the DRF shape the existing client reads (docs/architecture.md, "Errors"):
 * `{"detail": "..."}`, `{"non_field_errors": [...]}` or `{"field": ["message"]}`, each with `error_codes`
 * naming the same keys with stable codes. Field names are the request's, so further keys are allowed.
 */
export const ErrorReplySchema = z
  .object({
    detail: z.string().optional(),
    non_field_errors: z.array(z.string()).optional(),
    error_codes: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown());
