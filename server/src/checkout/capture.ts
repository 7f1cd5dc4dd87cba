// Capturing: the parent approved the payment and the client asks the shop to take the money. The
// gateway's refusals become the parent's words here; what the money means is `recordCapture`'s to decide.
import type { Locale, Order } from "@atelier/contract";
import { AppError } from "../errors/index.ts";
import { GatewayError, type GatewayOrder } from "../payments/index.ts";
import { type CheckoutContext, fail } from "./checkout.deps.ts";
import {
  findOrder,
  findPaymentById,
  type OrderRow,
  type PaymentRow,
  updatePayment,
} from "./checkout.repository.ts";
import { seenView, view } from "./lookup.ts";
import { findIssue, type PaymentIssueReason } from "./payment-issues.repository.ts";
import { recordCaptureAndSee } from "./record-capture.ts";
import { restoreToCart } from "./restore-to-cart.ts";

/** What the parent hears about a payment the shop could not keep, by the reason noted for it. */
const REFUSAL_BY_REASON: Record<PaymentIssueReason, Parameters<typeof AppError.validation>[1]> = {
  seats_gone: "reservation_expired",
  promocode_used_up: "promocode_used_up_late",
  gift_card_released: "reservation_expired_gift_card",
  capture_mismatch: "payment_mismatch",
  not_our_order: "payment_mismatch",
  refunded_at_paypal: "order_not_payable",
  refund_failed_later: "order_not_payable",
};

/** Issues of a payment the shop kept: its refunds are staff's to look at, the payment stands (D562, D566). */
const KEPT_PAYMENT_ISSUES = new Set<PaymentIssueReason>(["refunded_at_paypal", "refund_failed_later"]);

/** Captures a staged order at the gateway and records the outcome; the caller checked who asks. */
export async function capture(
  ctx: CheckoutContext,
  order: OrderRow,
  payment: PaymentRow | undefined,
  locale: Locale,
): Promise<Order> {
  if (order.status === "paid") return view(ctx, order.id, locale);
  if (order.status === "declined") throw fail("payment_declined");
  const payable =
    payment !== undefined &&
    payment.gatewayOrderId === order.paypalId &&
    (order.status === "awaiting_payment" || order.status === "expired");
  if (!payable) throw fail("order_not_payable");
  if (payment.captureId !== null) {
    const refusal = await refusalOf(ctx, payment.id);
    if (refusal) throw fail(refusal);
    return view(ctx, order.id, locale);
  }

  const answer = await captureAtGateway(ctx, order, payment);
  const captured = answer.capture;
  if (!captured) throw fail("payment_not_approved");
  if (captured.status === "DECLINED" || captured.status === "FAILED") {
    await decline(ctx, order.id, payment.gatewayOrderId);
    throw fail("payment_declined");
  }
  const { outcome, paid } = await recordCaptureAndSee(ctx, payment.gatewayOrderId, captured);
  if (outcome === "pending") throw fail("payment_not_approved");
  if (outcome !== "paid") {
    const refusal = await refusalOf(ctx, payment.id);
    if (refusal) throw fail(refusal);
  }
  return (paid && seenView(ctx, paid, locale)) ?? view(ctx, order.id, locale);
}

/** The gateway's answer to the capture; its refusals end here as the parent's error. */
async function captureAtGateway(
  ctx: CheckoutContext,
  order: OrderRow,
  payment: PaymentRow,
): Promise<GatewayOrder> {
  const { db, gateway, ids, log } = ctx;
  try {
    return await gateway.captureOrder(
      payment.gatewayOrderId,
      ids.requestIdOf(order, `capture-${payment.captureAttempt}`),
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    switch (error.failure) {
      case "already_captured":
        return gateway.getOrder(payment.gatewayOrderId).catch(() => {
          throw new AppError("payment_unavailable", 503, "non_field_errors");
        });
      case "instrument_declined":
      case "not_approved":
        // The buyer picks another funding source or has yet to approve: the next capture is a new
        // request, so PayPal does not replay this refusal to it.
        await updatePayment(db, payment.id, { captureAttempt: payment.captureAttempt + 1 });
        throw fail(error.failure === "not_approved" ? "payment_not_approved" : "instrument_declined");
      case "declined":
        await decline(ctx, order.id, payment.gatewayOrderId);
        throw fail("payment_declined");
      case "unavailable":
        throw new AppError("payment_unavailable", 503, "non_field_errors");
      default:
        log.warn({ err: error, orderId: order.id }, "capture refused by the gateway");
        throw fail("order_not_payable");
    }
  }
}

/** Why a captured payment was not kept, in the parent's words; undefined when it was kept. */
async function refusalOf({ db }: CheckoutContext, paymentId: number) {
  const payment = await findPaymentById(db, paymentId);
  if (!payment) return undefined;
  const issue = await findIssue(db, paymentId);
  if (issue && !KEPT_PAYMENT_ISSUES.has(issue.reason)) return REFUSAL_BY_REASON[issue.reason];
  if (payment.refundDue) return "reservation_expired" as const;
  if (payment.status === "refunded") return "order_not_payable" as const;
  return undefined;
}

/** PayPal refused the payment for good: the order is declined, its items go back into the cart. */
export async function decline(ctx: CheckoutContext, orderId: number, gatewayOrderId: string) {
  await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order || order.paypalId !== gatewayOrderId || order.status !== "awaiting_payment") return;
    await restoreToCart(ctx, tx, order, "declined");
  });
}
