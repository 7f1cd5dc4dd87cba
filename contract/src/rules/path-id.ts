import { z } from "zod";

/** The largest id a row can have (PostgreSQL `serial`); a larger number names nothing. */
export const MAX_ID = 2_147_483_647;
export const isStoredId = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ID;

/**
 * A record's id in a path (`/api/v2/visitors/{id}/`): digits, as Django's `<int:pk>` converter matches them.
 * Anything else (`abc`, `-1`, `1.5`, `1e3`) matches no route there, and digits that no row can have (0, or
 * past int4: `/api/v2/orders/items/99999999999/`) name no record: either way the request is not found (404
 * `not_found`, as a missing row and as Django REST answers it), and the value never reaches PostgreSQL, whose
 * `integer` column cannot hold it. The error handler reads `not_found` in a path's validation as the 404.
 * Paths whose reference is no number (a slug, a token, a code, a gateway's order id) have their own rules.
 */
export const PathIdSchema = z
  .string()
  .regex(/^\d+$/, { error: "not_found" })
  .transform(Number)
  .refine(isStoredId, { error: "not_found" });
