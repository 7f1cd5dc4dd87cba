import type { AdminDisputeHandledInput } from "@atelier/contract";
import { markDisputeHandled } from "../checkout/index.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

/**
 * A lost dispute or a reversal of an order's payment decided on by staff (kept booked, paid again, cancelled
 * through the staff refund): it no longer makes the order need attention. Audited with the note, in the same
 * transaction; a repeat changes nothing. An open or won case cannot be marked: the gateway ends it.
 */
export function createDisputeDecision(db: Db) {
  return async (staff: AuthUser, orderId: number, input: AdminDisputeHandledInput): Promise<void> => {
    await db.transaction(async (tx) => {
      const marked = await markDisputeHandled(tx, orderId, input.dispute);
      if (!marked) throw AppError.validation("dispute", "invalid_choice");
      if (marked.before.state !== "lost") throw AppError.validation("non_field_errors", "dispute_not_lost");
      if (!marked.changed) return;
      await recordAudit(tx, {
        userId: staff.id,
        userEmail: staff.email,
        resource: "payment_disputes",
        recordId: marked.before.id,
        action: "update",
        before: { order: orderId, state: marked.before.state, handled: false },
        after: { order: orderId, state: marked.before.state, handled: true, note: input.note },
      });
    });
  };
}
