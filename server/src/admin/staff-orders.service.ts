import type { AdminStaffOrder, AdminStaffOrderInput } from "@atelier/contract";
import type { StaffOrderBuilt, StaffOrders } from "../checkout/index.ts";
import type { AuthUser } from "../plugins/index.ts";
import { recordAudit } from "./audit.repository.ts";

export const toAdminStaffOrder = ({ order, mailId }: StaffOrderBuilt): AdminStaffOrder => ({
  id: order.id,
  parent: order.userId ?? 0,
  status: order.status,
  reserved_until: order.reservedUntil?.toISOString() ?? null,
  total_checkout_price_cents: order.totalCheckoutCents,
  total_recurrent_price_cents: order.totalRecurrentCents,
  mail: mailId,
});

/**
 * "Book on behalf of a parent" (D156): the order is built by checkout's rules, and the audit entry (never
 * the link's token, D157) is written in the same transaction.
 */
export function createStaffOrdersAdmin(staffOrders: StaffOrders) {
  return {
    async create(staff: AuthUser, input: AdminStaffOrderInput): Promise<AdminStaffOrder> {
      const built = await staffOrders.create(
        {
          requestId: input.request_id,
          parentId: input.parent,
          holdMinutes: input.hold_minutes,
          items: input.items,
          staffId: staff.id,
        },
        (tx, made) =>
          recordAudit(tx, {
            userId: staff.id,
            userEmail: staff.email,
            resource: "staff-orders",
            recordId: made.order.id,
            action: "create",
            before: null,
            after: { ...toAdminStaffOrder(made), request_id: input.request_id, items: input.items },
          }),
      );
      return toAdminStaffOrder(built);
    },
  };
}
