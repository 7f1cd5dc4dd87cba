// Paying a staff-built order through its link (D157): the parent sees the order the link pays and opens
// its payment with the gateway they choose, as a cart's fulfil does.
import type { FulfillQuery, FulfillReply, Locale, PaymentLink, PaymentLinkState } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { type CheckoutContext, fail } from "./checkout.deps.ts";
import { findOrder, type OrderRow } from "./checkout.repository.ts";
import { view } from "./lookup.ts";
import { checkReturns, fulfilReply, openPayment, payWithoutGateway } from "./open-payment.ts";
import { findLinkByToken } from "./payment-links.repository.ts";
import { restoreIfStill } from "./restore-to-cart.ts";

/** `GET /orders/payment_link/{token}/`: the order a payment link pays, for its parent only (D157). */
export async function paymentLinkFor(
  ctx: CheckoutContext,
  userId: number,
  token: string,
  locale: Locale,
): Promise<PaymentLink> {
  const order = await linkedOrder(ctx, userId, token);
  return { state: linkState(order), order: await view(ctx, order.id, locale) };
}

/**
 * `POST /orders/payment_link/{token}/pay/`: opens the payment of the linked order with the gateway the
 * parent chose, as `fulfill` does for a cart; a hold that ran out says so (`payment_link_expired`).
 */
export async function payLink(
  ctx: CheckoutContext,
  userId: number,
  token: string,
  query: FulfillQuery,
): Promise<FulfillReply> {
  const { db, gateway } = ctx;
  checkReturns(ctx, query);
  const order = await linkedOrder(ctx, userId, token);
  const state = linkState(order);
  if (state === "expired") throw fail("payment_link_expired");
  if (state !== "open") throw fail("payment_link_closed");
  if (order.totalCheckoutCents === 0) return payWithoutGateway(ctx, order, query, "payment_link_closed");
  if (order.paypalId) {
    const existing = await gateway.getOrder(order.paypalId).catch(() => undefined);
    // Another gateway than the one opened before: that attempt ends, a new one starts.
    if (existing && gateway.nameOf(order.paypalId) === gateway.forCheckout(query.payment_gateway).name)
      return fulfilReply(order, existing, query);
    await restoreIfStill(ctx, order.id, order.paypalId);
    const fresh = await findOrder(db, order.id);
    if (!fresh || fresh.paypalId !== null) throw fail("order_not_payable");
    return fulfilReply(fresh, await openPayment(ctx, fresh, query, fresh.locale), query);
  }
  return fulfilReply(order, await openPayment(ctx, order, query, order.locale), query);
}

/** The order a link pays; another parent's link, or none, is not found. */
async function linkedOrder({ db }: CheckoutContext, userId: number, token: string): Promise<OrderRow> {
  const link = await findLinkByToken(db, token);
  const order = link ? await findOrder(db, link.orderId) : undefined;
  if (!order || order.userId !== userId) throw AppError.notFound();
  return order;
}

function linkState(order: OrderRow): PaymentLinkState {
  if (order.status === "paid") return "paid";
  if (order.status === "expired") return "expired";
  if (order.status !== "awaiting_payment") return "closed";
  return order.reservedUntil && order.reservedUntil.getTime() > Date.now() ? "open" : "expired";
}
