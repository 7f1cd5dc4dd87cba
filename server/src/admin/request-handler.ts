import { findUserById } from "../accounts/index.ts";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { isStaffRole } from "../plugins/index.ts";

/**
 * Who handles a visit, contact or party request (D136): a newly chosen handler must be staff or an admin,
 * 400 at `handler` otherwise. The handler the request already has is kept as it is, even when they have
 * left the staff since: a colleague closing their old requests need not reassign each first (D521).
 */
export async function checkHandler(tx: Tx, handler: number | null, current: number | null): Promise<void> {
  if (handler === null || handler === current) return;
  const user = await findUserById(tx, handler);
  if (!user || !isStaffRole(user.role)) throw AppError.validation("handler", "invalid_choice");
}
