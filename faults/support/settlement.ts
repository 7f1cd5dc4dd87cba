import { expect } from "vitest";
import type { PayPalStandIn } from "../../server/src/test/paypal-stand-in.ts";
import type { TestDatabase } from "./postgres.ts";

/** An order that left the cart, with its payment and what it holds, as the shop's database has it. */
export type SettledOrder = {
  id: number;
  status: string;
  paypal_id: string | null;
  payment_status: string | null;
  capture_id: string | null;
  refund_due: boolean | null;
  invoices: number;
  /** Active items of the order booked into the session (seats held only while it is paid or reserved). */
  seats: number;
};

export async function ordersOf(database: TestDatabase, slotId: number): Promise<SettledOrder[]> {
  return database.query<SettledOrder>(
    `select o.id, o.status, o.paypal_id, p.status as payment_status, p.capture_id, p.refund_due,
            (select count(*) from invoices i where i.order_id = o.id and i.kind = 'invoice')::int as invoices,
            (select count(*) from order_items it join order_item_slots s on s.order_item_id = it.id
              where it.order_id = o.id and it.status = 'active' and s.schedule_slot_id = $1)::int as seats
       from orders o
       left join payments p on p.order_id = o.id and p.gateway_order_id = o.paypal_id
      where o.status <> 'cart'
      order by o.id`,
    [slotId],
  );
}

/** Nothing is left half-way: no reservation waits for a payment, no refund is still due. */
export async function openMoney(database: TestDatabase): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `select ((select count(*) from orders where status = 'awaiting_payment')
           + (select count(*) from payments where refund_due))::int as n`,
  );
  return row?.n ?? -1;
}

/**
 * Money and seats agree between PayPal and the shop: an order PayPal captured is paid in the shop with its
 * seat, one capture and one invoice, or its money went back in full; an order the shop has as paid was
 * captured at PayPal; anything else holds no seat and has no invoice.
 */
export function expectMoneyMatchesSeats(orders: SettledOrder[], standIn: PayPalStandIn): void {
  const byPayPalId = new Map(orders.flatMap((order) => (order.paypal_id ? [[order.paypal_id, order]] : [])));
  for (const [id, remote] of standIn.orders) {
    if (remote.status !== "COMPLETED" || !remote.captureId) continue;
    const local = byPayPalId.get(id);
    const units = remote.request.purchase_units as { amount: { value: string } }[];
    const captured = Math.round(Number(units[0]?.amount.value) * 100);
    if (local?.status === "paid") {
      expect(local, `order ${local.id} paid at PayPal (${id})`).toMatchObject({
        payment_status: "captured",
        capture_id: remote.captureId,
        invoices: 1,
        seats: 1,
      });
      expect(remote.refundedCents, `PayPal order ${id} of a paid order is not refunded`).toBe(0);
    } else {
      expect(remote.refundedCents, `PayPal order ${id} captured for unpaid order ${local?.id}`).toBe(
        captured,
      );
    }
  }
  for (const order of orders) {
    if (order.status === "paid") {
      const remote = order.paypal_id ? standIn.orders.get(order.paypal_id) : undefined;
      expect(remote?.status, `paid order ${order.id} was captured at PayPal`).toBe("COMPLETED");
    } else {
      // Its items stay with it (a late payment may still take them), but only a paid order holds seats.
      expect(order.invoices, `order ${order.id} (${order.status}) has no invoice`).toBe(0);
    }
  }
}
