import { z } from "zod";

/** The largest id a row can have (PostgreSQL `serial`); a larger number names nothing. */
export const MAX_ID = 2_147_483_647;
export const isStoredId = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ID;

/**
 * A record's id in a path (`/api/v2/visitors/{id}/`): digits. Digits that no row can have (0, or past int4:
 * `/api/v2/orders/items/99999999999/`) name no record, so the request is not found (404 `not_found`, as a
 * missing row and as Django REST answers it) and the number never reaches PostgreSQL, whose `integer`
 * column cannot hold it. Anything but digits is a 400 `invalid` at the parameter. The error handler reads
 * `not_found` in a path's validation as the 404.
 */
export const PathIdSchema = z
  .string()
  .regex(/^\d+$/, { error: "invalid" })
  .transform(Number)
  .refine(isStoredId, { error: "not_found" });
