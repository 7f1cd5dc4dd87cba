import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { orders, users } from "../db/schema/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { findCartItems } from "../orders/cart.repository.ts";
import type { OrderDocuments } from "./checkout.service.ts";

/** The paid order's confirmation mail (invoice and check-in codes: issue #8, in progress). */
export function createOrderDocuments(publicUrl: string): OrderDocuments {
  return {
    async issue(tx: Tx, orderId: number) {
      const [row] = await tx
        .select({ order: orders, email: users.email, firstName: users.firstName })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      if (!row) return;
      const items = await findCartItems(tx, orderId, row.order.locale);
      await enqueueMail(
        tx,
        {
          to: row.email,
          template: "order-confirmation",
          locale: row.order.locale,
          data: {
            firstName: row.firstName,
            orderId,
            items: items.map((item) => ({
              name: item.pageName,
              visitorName: [item.visitorFirstName, item.visitorLastName].filter(Boolean).join(" "),
              priceCents: item.calculatedPriceCents - item.siblingDiscountCents - item.promocodeDiscountCents,
            })),
            totalCents: row.order.totalCheckoutCents,
          },
        },
        { publicUrl },
      );
    },
    async refundNotice() {},
  };
}
