// The parent's way through the cart's checkout: fulfil (reserve the seats and open the payment) and cancel
// (the buyer closed the payment window). Capturing is its own use case (capture.ts).
import type {
  FulfillRequest as FulfillBody,
  FulfillQuery,
  FulfillReply,
  Locale,
  Order,
} from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { type CheckoutContext, fail } from "./checkout.deps.ts";
import { findOrder, findPayment } from "./checkout.repository.ts";
import { resolveOwn } from "./lookup.ts";
import {
  checkReturns,
  existingPayment,
  fulfilReply,
  openPayment,
  payWithoutGateway,
} from "./open-payment.ts";
import { restoreToCart } from "./restore-to-cart.ts";
import { replay, stage } from "./stage.ts";

/** `POST /orders/fulfill/`: reserve the seats, open the payment, start a new cart (spec §4). */
export async function fulfill(
  ctx: CheckoutContext,
  userId: number | null,
  query: FulfillQuery,
  body: FulfillBody,
  locale: Locale,
): Promise<FulfillReply> {
  if (userId === null) throw new AppError("not_authenticated", 401);
  checkReturns(ctx, query);
  const collects = ctx.gateway.forCheckout(query.payment_gateway).name !== "demo";
  const replayed = await replay(ctx, userId, query.cart_id);
  const staged = replayed ? undefined : await stage(ctx, userId, query.cart_id, body, locale, collects);
  const order = replayed ?? (staged === "replay" ? await replay(ctx, userId, query.cart_id) : staged?.order);
  if (!order) throw fail("cart_empty");
  if (order.totalCheckoutCents === 0) return payWithoutGateway(ctx, order, query);
  if (order.paypalId) return fulfilReply(order, await existingPayment(ctx, order.paypalId), query);
  // Freshly staged, its items come with it; a replayed order's are read.
  const items = staged && staged !== "replay" ? staged.items : undefined;
  return fulfilReply(order, await openPayment(ctx, order, query, order.locale, items), query);
}

/** `POST /orders/{id}/cancel_payment/`: the buyer closed the PayPal window; the items go back. */
export async function cancelPayment(
  ctx: CheckoutContext,
  userId: number,
  ref: string,
  locale: Locale,
): Promise<Order> {
  const { db, gateway } = ctx;
  const found = await resolveOwn(ctx, userId, ref);
  await db.transaction(async (tx) => {
    const order = await findOrder(tx, found.order.id, true);
    if (!order || (order.status !== "awaiting_payment" && order.status !== "expired")) return;
    // A payment already captured is not undone by a late cancel: it is recorded or refunded.
    const payment = order.paypalId
      ? await findPayment(tx, gateway.nameOf(order.paypalId), order.paypalId)
      : undefined;
    if (payment?.captureId) return;
    await restoreToCart(ctx, tx, order, "cancelled");
  });
  return ctx.cart.current({ userId }, locale);
}
