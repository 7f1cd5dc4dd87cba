// Staff cancel a booking they made by phone that waits for its payment (D536).
import { and, eq } from "drizzle-orm";
import { payments, type Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { releaseGiftCard } from "../gift-cards/index.ts";
import { deleteRedemption, findOrder, updateOrder, updatePayment } from "./checkout.repository.ts";
import { isLinkedOrder } from "./payment-links.repository.ts";

/**
 * Ends an unpaid phone booking (paid by a link, D156) at staff's word, in the caller's transaction: its seats,
 * its promocode's use and its gift card's part go back, the link closes (it opens only a waiting order) and
 * an open payment of it fails, as the reservation's end would do it, but as `cancelled`, so a payment that
 * still arrives is refunded, never revives it. An order that is paid, captured or no phone booking is 400
 * `order_not_cancellable`; a repeat answers the cancelled order as it is. Answers the order's status before.
 */
export async function cancelLinkedOrder(tx: Tx, orderId: number): Promise<"awaiting_payment" | "cancelled"> {
  const order = await findOrder(tx, orderId, true);
  if (!order) throw AppError.notFound();
  if (!(await isLinkedOrder(tx, orderId)))
    throw AppError.validation("non_field_errors", "order_not_cancellable");
  if (order.status === "cancelled") return "cancelled";
  if (order.status !== "awaiting_payment")
    throw AppError.validation("non_field_errors", "order_not_cancellable");
  const open = order.paypalId
    ? (
        await tx
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, orderId), eq(payments.gatewayOrderId, order.paypalId)))
          .for("update")
      )[0]
    : undefined;
  // Money already taken is recorded by its capture and refunded through the order's page, not dropped here.
  if (open?.captureId) throw AppError.validation("non_field_errors", "order_not_cancellable");
  if (open) await updatePayment(tx, open.id, { status: "failed" });
  await deleteRedemption(tx, orderId);
  await releaseGiftCard(tx, order);
  await updateOrder(tx, orderId, { status: "cancelled", reservedUntil: null });
  return "awaiting_payment";
}
