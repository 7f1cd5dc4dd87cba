import type {
  AdminStaffOrder,
  AdminStaffOrderInput,
  AdminStaffOrderQuote,
  AdminStaffOrderQuoteInput,
} from "@atelier/contract";
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
          promocode: input.promocode,
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
            after: {
              ...toAdminStaffOrder(made),
              request_id: input.request_id,
              items: input.items,
              // The code as typed when it gave a discount; a gift card's code pays, so only its part is
              // recorded, never the code (D125, D609).
              promocode: made.order.promocodeId !== null ? (input.promocode ?? "").trim() : null,
              gift_card_cents: made.order.giftCardCents,
            },
          }),
      );
      return toAdminStaffOrder(built);
    },

    /** The price before saving (D275): nothing is written, so nothing is audited. */
    async quote(input: AdminStaffOrderQuoteInput): Promise<AdminStaffOrderQuote> {
      const quote = await staffOrders.quote({
        parentId: input.parent,
        items: input.items,
        promocode: input.promocode,
      });
      return {
        lines: quote.lines.map((line) => ({
          product_name: line.productName,
          option_name: line.optionName,
          child_name: line.childName,
          price_cents: line.priceCents,
          discount_cents: line.priceCents - line.amountCents,
          amount_cents: line.amountCents,
        })),
        total_checkout_price_cents: quote.totalCheckoutCents,
        total_recurrent_price_cents: quote.totalRecurrentCents,
      };
    },

    /** The payment link mailed again (D276), audited as a new mail of the order. */
    async resendLink(staff: AuthUser, orderId: number): Promise<{ mail: number }> {
      return staffOrders.resendLink(orderId, (tx, copy) =>
        recordAudit(tx, {
          userId: staff.id,
          userEmail: staff.email,
          resource: "order_mails",
          recordId: copy.id,
          action: "create",
          before: null,
          after: { order: orderId, resent: copy.original, template: "payment-link" },
        }),
      );
    },
  };
}
