// Finding the order a parent's request names, and the order as the parent sees it. Every use case that
// answers with an order ends in `view`, so its invoice number is never forgotten.
import type { Locale, Order } from "@atelier/contract";
import { isStoredId } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { orderOf, orderReply } from "../orders/index.ts";
import type { CheckoutContext } from "./checkout.deps.ts";
import {
  findOrderWithInvoiceNumber,
  findOrderWithPayments,
  findPaymentWithOrder,
  type OrderRow,
  type PaymentRow,
} from "./checkout.repository.ts";
import type { PaidOrderSeen } from "./record-capture.ts";

const NUMERIC = /^\d{1,10}$/;

/**
 * An order by our number or by the gateway's order id, with the payment the id names (or its current one),
 * each in one statement (issue 36).
 */
export async function resolve(
  { db, gateway }: CheckoutContext,
  ref: string,
): Promise<{ order: OrderRow; payment: PaymentRow | undefined } | undefined> {
  if (NUMERIC.test(ref)) {
    if (!isStoredId(Number(ref))) return undefined;
    const found = await findOrderWithPayments(db, Number(ref));
    if (!found) return undefined;
    const { order } = found;
    const issuer = order.paypalId ? gateway.nameOf(order.paypalId) : undefined;
    return { order, payment: found.payments.find((payment) => payment.gateway === issuer) };
  }
  return findPaymentWithOrder(db, gateway.nameOf(ref), ref);
}

/** `resolve` for the parent who asks: another parent's order, or none, is not found. */
export async function resolveOwn(ctx: CheckoutContext, userId: number, ref: string) {
  const found = await resolve(ctx, ref);
  if (!found || found.order.userId !== userId) throw AppError.notFound();
  return found;
}

/**
 * The order a capture just made paid, from what its transaction read and wrote (D452): the same reply as
 * `view`'s without reading it again. Undefined when that is not all the reply needs: the items were not read
 * (the invoice existed) or in another language, or a promocode or gift card is to be read with the order.
 */
export function seenView(
  { cartDeps }: CheckoutContext,
  { order, invoiceNumber, items }: PaidOrderSeen,
  locale: Locale,
): Order | undefined {
  if (!items || items.locale !== locale) return undefined;
  if (order.promocodeId !== null || order.giftCardId !== null) return undefined;
  const reply = orderOf(cartDeps.media, order, items.rows, null, undefined);
  return { ...reply, invoice_number: invoiceNumber };
}

export async function view(
  { db, cartDeps }: CheckoutContext,
  orderId: number,
  locale: Locale,
): Promise<Order> {
  const found = await findOrderWithInvoiceNumber(db, orderId);
  if (!found) throw AppError.notFound();
  const reply = await orderReply(cartDeps, found.order, locale);
  return { ...reply, invoice_number: found.invoiceNumber };
}
