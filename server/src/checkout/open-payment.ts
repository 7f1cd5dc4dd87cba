// Opening the payment of a staged order: the gateway order is created (or the order is paid outright when
// nothing is due) and the reply tells the client where the buyer approves it. Shared by the cart's fulfil
// and a staff-built order's payment link.
import type { FulfillQuery, FulfillReply, Locale } from "@atelier/contract";
import { invoiceNeedsAddress, missingAddressFields } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { type CartItemRow, findCartItems } from "../orders/index.ts";
import type { GatewayOrder, Gateways } from "../payments/index.ts";
import { type CheckoutContext, fail } from "./checkout.deps.ts";
import { findOrder, type OrderRow, recordGatewayOrder, updateOrder } from "./checkout.repository.ts";
import { buildPayPalOrderRequest } from "./paypal-order-request.ts";
import { restoreIfStill } from "./restore-to-cart.ts";
import { type StripeCancelSettings, stripeCancelUrl } from "./stripe-cancel.ts";

/**
 * Creates (or, on a retry, replays) the gateway order of a staged order and stores it. `staged` are the
 * order's items as its staging left them, when the caller has them; otherwise they are read.
 */
export async function openPayment(
  ctx: CheckoutContext,
  order: OrderRow,
  query: FulfillQuery,
  locale: Locale,
  staged?: CartItemRow[],
): Promise<GatewayOrder> {
  const { db, gateway, ids, log } = ctx;
  const items = staged ?? (await findCartItems(db, order.id, locale));
  const chosen = gateway.forCheckout(query.payment_gateway);
  const redirect = returnsOf(chosen.name, order, query, ctx.stripeCancel);
  const request = buildPayPalOrderRequest(order, items, redirect, {
    customId: ids.customIdOf(order.id),
    invoiceId: ids.invoiceIdOf(order),
  });
  // Stripe's page asks for the address an invoice over 250 € needs when the order has none yet (D290). The
  // invoice's total is before a gift card's part, which pays but does not discount (D170, D554).
  const collectBillingAddress =
    missingAddressFields(order.billing ?? {}).length > 0 &&
    invoiceNeedsAddress(order.totalCheckoutCents + order.giftCardCents);
  let created: GatewayOrder;
  try {
    created = await chosen.createOrder(request, ids.requestIdOf(order, "create"), {
      collectBillingAddress,
    });
  } catch (error) {
    log.warn({ err: error, orderId: order.id }, "gateway order could not be created; items back in the cart");
    await restoreIfStill(ctx, order.id, null);
    throw new AppError("payment_unavailable", 503, "non_field_errors");
  }
  await recordGatewayOrder(db, {
    orderId: order.id,
    gateway: chosen.name,
    gatewayOrderId: created.id,
    amountCents: order.totalCheckoutCents,
  });
  return created;
}

/** An order with nothing to pay (fully discounted) is paid without a gateway. */
export async function payWithoutGateway(
  { db, documents }: CheckoutContext,
  order: OrderRow,
  query: FulfillQuery,
  closed: "order_not_payable" | "payment_link_closed" = "order_not_payable",
): Promise<FulfillReply> {
  await db.transaction(async (tx) => {
    // The caller read the order without its lock: staff may have cancelled it, the worker expired it or the
    // parent's cancel put it back meanwhile, its seats, card part and code given back (D538). Paid only as
    // it still waits under the lock; a repeat of the same click finds it paid and answers the same.
    const locked = await findOrder(tx, order.id, true);
    if (locked?.status === "paid") return;
    const waits =
      locked?.status === "awaiting_payment" &&
      locked.totalCheckoutCents === 0 &&
      (locked.reservedUntil === null || locked.reservedUntil.getTime() > Date.now());
    if (!waits) throw fail(closed);
    await updateOrder(tx, order.id, { status: "paid", paidAt: new Date(), reservedUntil: null });
    await documents.issue(tx, order.id);
  });
  return {
    id: String(order.id),
    order_id: order.id,
    reserved_until: null,
    approve_url: null,
    ...(query.success_url ? { url: withToken(query.success_url, String(order.id)) } : {}),
  };
}

/** The gateway order a staged order already has, as the gateway reports it now (or as created, if it cannot). */
export async function existingPayment(ctx: CheckoutContext, paypalId: string): Promise<GatewayOrder> {
  const existing = await ctx.gateway.getOrder(paypalId).catch(() => undefined);
  return existing ?? { id: paypalId, status: "CREATED", approveUrl: null, capture: null, payer: null };
}

export function fulfilReply(order: OrderRow, created: GatewayOrder, query: FulfillQuery): FulfillReply {
  return {
    id: created.id,
    order_id: order.id,
    reserved_until: order.reservedUntil?.toISOString() ?? null,
    approve_url: created.approveUrl,
    ...(query.success_url && query.cancel_url && created.approveUrl ? { url: created.approveUrl } : {}),
  };
}

/**
 * The return URLs must lead back to the shop (an open redirect otherwise), and Stripe's page is left only
 * through success_url and cancel_url: without them there is no way back.
 */
export function checkReturns(ctx: CheckoutContext, query: FulfillQuery) {
  checkRedirect(ctx, query.success_url, "success_url");
  checkRedirect(ctx, query.cancel_url, "cancel_url");
  requireStripeReturns(ctx.gateway, query);
}

function checkRedirect(ctx: CheckoutContext, url: string | undefined, field: string) {
  if (url === undefined) return;
  const origin = new URL(url).origin;
  if (!ctx.redirectOrigins.includes(origin)) throw AppError.validation(field, "redirect_not_allowed");
}

function requireStripeReturns(gateway: Gateways, query: FulfillQuery) {
  if (gateway.forCheckout(query.payment_gateway).name === "stripe")
    for (const field of ["success_url", "cancel_url"] as const)
      if (!query[field]) throw AppError.validation(field, "required");
}

const withToken = (url: string, token: string) => {
  const target = new URL(url);
  target.searchParams.set("token", token);
  return target.toString();
};

/**
 * Where the gateway sends the buyer back. Stripe returns to the URLs as given (PayPal appends its order
 * id): our order number goes along, so the return page captures, and the cart cancels, the right order;
 * Stripe's back link passes through the server, which puts the items back into the cart (D291).
 */
function returnsOf(
  gatewayName: string,
  order: OrderRow,
  query: FulfillQuery,
  stripeCancel: StripeCancelSettings | null,
) {
  if (gatewayName !== "stripe" || !query.success_url || !query.cancel_url)
    return { returnUrl: query.success_url, cancelUrl: query.cancel_url };
  const cancelUrl = withToken(query.cancel_url, String(order.id));
  return {
    returnUrl: withToken(query.success_url, String(order.id)),
    cancelUrl: stripeCancel ? stripeCancelUrl(stripeCancel, order, cancelUrl) : cancelUrl,
  };
}
