import type { Tx } from "../db/index.ts";
import { releaseGiftCard } from "../gift-cards/index.ts";
import { findUserCart, moveItems, repriceCart } from "../orders/index.ts";
import type { CheckoutContext } from "./checkout.deps.ts";
import {
  deleteRedemption,
  findOrder,
  findPayment,
  type OrderRow,
  updateOrder,
  updatePayment,
} from "./checkout.repository.ts";
import { isLinkedOrder } from "./payment-links.repository.ts";

/**
 * The order's items go back into the parent's cart (the buyer cancelled, PayPal declined, the gateway
 * failed). Without a cart, the order becomes the cart again; with one, its items move into it
 * (duplicates dropped) and the order is closed with `closedAs`.
 */
export async function restoreToCart(
  { gateway, cartDeps }: CheckoutContext,
  tx: Tx,
  order: OrderRow,
  closedAs: "cancelled" | "declined",
) {
  const payment = order.paypalId
    ? await findPayment(tx, gateway.nameOf(order.paypalId), order.paypalId, true)
    : undefined;
  if (payment && payment.captureId === null) await updatePayment(tx, payment.id, { status: "failed" });
  // An order staff built (D157) stays what the link pays: only this attempt at paying it ends. Its gift
  // card's part and its code's use stay taken while the link is open (D505); its expiry gives them back.
  if (await isLinkedOrder(tx, order.id)) {
    await updateOrder(tx, order.id, { paypalId: null });
    return;
  }
  await deleteRedemption(tx, order.id);
  await releaseGiftCard(tx, order);
  if (order.userId === null) {
    await updateOrder(tx, order.id, { status: closedAs, reservedUntil: null });
    return;
  }
  const current = await findUserCart(tx, order.userId, true);
  if (!current) {
    const reopened = await updateOrder(tx, order.id, {
      status: "cart",
      reservedUntil: null,
      stagedAt: null,
      paypalId: null,
    });
    await repriceCart(cartDeps, tx, reopened);
    return;
  }
  await moveItems(tx, order.id, current);
  if (current.promocodeId === null) current.promocodeId = order.promocodeId;
  // The gift card entered for the order goes with its items too, as its code does (found by the review of
  // D631: the existing front end's next read after `fulfill` makes the new cart these items move into).
  if (current.giftCardId === null) current.giftCardId = order.giftCardId;
  await repriceCart(cartDeps, tx, current);
  await updateOrder(tx, order.id, { status: closedAs, reservedUntil: null });
}

/** `restoreToCart` for an order still waiting on the attempt `paypalId` names, under the order's lock. */
export async function restoreIfStill(ctx: CheckoutContext, orderId: number, paypalId: string | null) {
  await ctx.db.transaction(async (tx) => {
    const locked = await findOrder(tx, orderId, true);
    if (locked?.status === "awaiting_payment" && locked.paypalId === paypalId)
      await restoreToCart(ctx, tx, locked, "cancelled");
  });
}
