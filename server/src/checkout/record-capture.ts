// Recording a payment: the capture reply, PayPal's and Stripe's webhooks and the reconciliation all end
// here, so the rules of when money makes an order paid (and when it goes back) live in one place (D51, D90).
import { CURRENCY, countryName, missingAddressFields } from "@atelier/contract";
import { fillEmptyAddress } from "../accounts/index.ts";
import { MAX_IDLE_IN_TRANSACTION_MS } from "../config/index.ts";
import type { Tx } from "../db/index.ts";
import { allInOrder, askTogether, type BillingDetails, EMPTY_BILLING } from "../db/index.ts";
import { releaseGiftCard } from "../gift-cards/index.ts";
import { codeUsedUp, findCartItems } from "../orders/index.ts";
import type { GatewayAddress, GatewayCapture } from "../payments/index.ts";
import type { CaptureOutcome, CheckoutContext, IssuedDocuments, RefundReason } from "./checkout.deps.ts";
import {
  deleteRedemption,
  findPayment,
  findPaymentById,
  insertRedemption,
  lockOrderOfPayment,
  lockPromocode,
  lockUnits,
  type OrderRow,
  orderUnits,
  outlastsCommit,
  outlastsCommitSql,
  type PaymentRow,
  seatsStillFree,
  updateOrder,
  updatePayment,
} from "./checkout.repository.ts";
import { applyKeptRefunds } from "./gateway-refunds.ts";
import { noteGatewayRefund, noteIssue } from "./payment-issues.repository.ts";
import { refundsDue } from "./refunds-due.ts";
import { restoreToCart } from "./restore-to-cart.ts";

/**
 * Records a capture once (D51, D90). Only a COMPLETED (or partly refunded) capture of our own order, of
 * the amount and currency we asked, can make an order paid: another shop's order (custom_id, invoice_id)
 * is noted for staff and never recorded; another amount or currency is refunded. Refunds PayPal reported
 * before the capture was known count now, and a capture refunded in full never makes the order paid. The
 * order keeps its seats when every booked unit still has one (checked under the units' locks, so an
 * expired reservation is kept only if nobody took the seat) and, after an expiry, when its promocode has
 * a use left; otherwise the payment is refunded.
 */
export async function recordCapture(
  ctx: CheckoutContext,
  gatewayOrderId: string,
  capture: GatewayCapture,
): Promise<CaptureOutcome> {
  return (await recordCaptureAndSee(ctx, gatewayOrderId, capture)).outcome;
}

/**
 * The order a capture made paid as its transaction left it: its row, its invoice's number and its items
 * as the documents read them, so the capture's reply reads none of them again (D452).
 */
export type PaidOrderSeen = {
  order: OrderRow;
  invoiceNumber: string;
  items: IssuedDocuments["items"];
};

/** `recordCapture`, with the paid order as it was committed when the capture made it paid. */
export async function recordCaptureAndSee(
  ctx: CheckoutContext,
  gatewayOrderId: string,
  capture: GatewayCapture,
): Promise<{ outcome: CaptureOutcome; paid?: PaidOrderSeen }> {
  const record = (seats: SeatCheck) =>
    ctx.db.transaction(async (tx) => {
      const seen: { paid?: PaidOrderSeen } = {};
      const outcome = await recordInTx(ctx, tx, gatewayOrderId, capture, seats, seen);
      return { outcome, paid: seen.paid };
    });
  const recorded = await record("trust_running_reservation").catch((error: unknown) => {
    // The reservation came too close to its end while the payment was recorded: again, the seats counted.
    if (error instanceof ReservationNearItsEnd) return record("count_under_locks");
    throw error;
  });
  const { outcome } = recorded;
  if (outcome === "refund_due" || outcome === "mismatch") ctx.defer("refund", () => refundsDue(ctx, 5));
  return recorded;
}

/**
 * An order awaiting payment whose reservation runs for at least this long past the capture's last statement
 * keeps its seats without the units' locks (D408): every checkout counts a running reservation as taken, so
 * its seats cannot have gone, and the payment does not wait behind the week's checkouts. PostgreSQL ends a
 * transaction idle for longer than DB_IDLE_IN_TRANSACTION_MS (at most half of this, D411), so the commit
 * either lands while the reservation still runs or never.
 */
const RESERVATION_MARGIN_S = (2 * MAX_IDLE_IN_TRANSACTION_MS) / 1000;

/** How the capture of an order awaiting payment knows its seats are still its own (D408). */
type SeatCheck = "trust_running_reservation" | "count_under_locks";

/** Rolls the trusting capture back; it is recorded again with the seats counted under the units' locks. */
class ReservationNearItsEnd extends Error {}

async function recordInTx(
  ctx: CheckoutContext,
  tx: Tx,
  gatewayOrderId: string,
  capture: GatewayCapture,
  seats: SeatCheck,
  seen: { paid?: PaidOrderSeen },
): Promise<CaptureOutcome> {
  const { gateway, ids, log } = ctx;
  const name = gateway.nameOf(gatewayOrderId);
  // The order's lock first, then the payment's, as every writer of both takes them.
  const order = await lockOrderOfPayment(tx, name, gatewayOrderId);
  if (!order) throw new Error(`capture for an unknown gateway order ${gatewayOrderId}`);
  const payment = await findPayment(tx, name, gatewayOrderId, true);
  if (!payment) throw new Error("order or payment vanished");
  if (payment.captureId !== null) return "already_recorded";
  if (capture.status === "PENDING") {
    await updatePayment(tx, payment.id, { status: "approved" });
    return "pending";
  }
  if (capture.status === "DECLINED" || capture.status === "FAILED") return "not_completed";
  const current = order.paypalId === gatewayOrderId;

  if (!ids.isOurs(capture, payment)) {
    // Another shop's order on the same PayPal account: its money is not ours to record or refund.
    log.error(
      { orderId: order.id, paymentId: payment.id },
      "gateway order belongs to another shop; not recorded",
    );
    await updatePayment(tx, payment.id, { status: "failed" });
    await noteIssue(tx, payment.id, "not_our_order", "review");
    if (current && order.status === "awaiting_payment") await restoreToCart(ctx, tx, order, "cancelled");
    return "mismatch";
  }
  await updatePayment(tx, payment.id, { status: "captured", captureId: capture.id, capturedAt: new Date() });
  // Read again only when a kept refund changed it (rarely): the rush's captures skip a statement (issue 36).
  const applied = await applyKeptRefunds(tx, ctx.itemRefunds, capture.id, name);
  const refunded =
    applied > 0 ? ((await findPaymentById(tx, payment.id))?.refundedCents ?? 0) : payment.refundedCents;
  if (capture.status === "REFUNDED" || refunded >= payment.amountCents) {
    await recordRefundedBefore(tx, order, payment, current);
    return "refunded";
  }
  if (capture.amountCents !== payment.amountCents || (capture.currency ?? CURRENCY) !== payment.currency) {
    log.error(
      { orderId: order.id, captured: capture.amountCents, currency: capture.currency },
      "captured amount or currency differs from the order; refunded",
    );
    // The payment is what was captured: its refund and PayPal's refund events are measured by it.
    await updatePayment(tx, payment.id, {
      amountCents: capture.amountCents,
      currency: capture.currency ?? payment.currency,
    });
    await refundLater(tx, payment.id, "capture_mismatch");
    return "mismatch";
  }
  const trusted = seats === "trust_running_reservation" && current && reservationRunsLong(order);
  const refusal = trusted ? undefined : await keepsItsPlace(tx, order, current);
  if (refusal) {
    await refundLater(tx, payment.id, refusal);
    return "refund_due";
  }
  // Partly refunded at PayPal before we knew: the order is kept, and staff see what was refunded.
  // What it gave back is remembered (D565), so a later report of a refund of the shop's own notes nothing.
  if (refunded > 0) await noteGatewayRefund(tx, payment.id, refunded);
  else if (capture.status === "PARTIALLY_REFUNDED")
    await noteIssue(tx, payment.id, "refunded_at_paypal", "review");
  const billing = await takeGatewayAddress(tx, order, capture.billingAddress);
  const paid = await updateOrder(tx, order.id, {
    status: "paid",
    paidAt: new Date(),
    reservedUntil: null,
    ...billing,
  });
  // The last statement before the commit (the invoice's number, D404) asks whether the reservation trusted
  // still runs past it, by the database's clock; alone, when no number was taken.
  const until = trusted ? order.reservedUntil : null;
  const issued = await ctx.documents.issue(
    tx,
    order.id,
    until ? outlastsCommitSql(until, RESERVATION_MARGIN_S) : undefined,
  );
  if (until && !(issued.answer ?? (await outlastsCommit(tx, order.id, until, RESERVATION_MARGIN_S))))
    throw new ReservationNearItsEnd();
  // Nothing after the documents changes the order or its items in this transaction.
  seen.paid = { order: paid, invoiceNumber: issued.invoiceNumber, items: issued.items };
  return "paid";
}

/**
 * An order awaiting payment holds its seats while its reservation runs (or, without a deadline, until its
 * status changes, which its lock prevents): by this process's clock, a first guess that `outlastsCommit`
 * confirms by the database's.
 */
function reservationRunsLong(order: OrderRow): boolean {
  if (order.status !== "awaiting_payment") return false;
  if (order.reservedUntil === null) return true;
  return order.reservedUntil.getTime() > Date.now() + 2 * RESERVATION_MARGIN_S * 1000;
}

/** Refunded at PayPal before we heard of the capture: recorded as refunded, the order not paid. */
async function recordRefundedBefore(tx: Tx, order: OrderRow, payment: PaymentRow, current: boolean) {
  await updatePayment(tx, payment.id, {
    status: "refunded",
    refundedCents: payment.amountCents,
    refundDue: false,
  });
  if (current && (order.status === "awaiting_payment" || order.status === "expired")) {
    await deleteRedemption(tx, order.id);
    await releaseGiftCard(tx, order);
    await updateOrder(tx, order.id, { status: "refunded", reservedUntil: null });
  }
}

/**
 * Whether the paid order may keep its seats and its promocode; the reason for a refund when not. The
 * seats are checked under the units' locks, so an expired reservation is kept only if nobody took them.
 */
async function keepsItsPlace(tx: Tx, order: OrderRow, current: boolean): Promise<RefundReason | undefined> {
  let keep = current && (order.status === "awaiting_payment" || order.status === "expired");
  if (keep) {
    const units = await orderUnits(tx, order.id);
    // The count goes with the locks, as staging's does (D456), and counts the units just read.
    [, keep] = await askTogether(tx, () =>
      allInOrder([lockUnits(tx, units.slotIds, units.weekIds), seatsStillFree(tx, order.id, units)]),
    );
  }
  if (!keep) return "seats_gone";
  if (order.status !== "expired") return undefined;
  // An expired order gave its gift card part back when it expired (D56): a late payment cannot revive it,
  // and the parent is told so, not that the seats are gone (they are still free, counted above).
  if (order.giftCardCents > 0) return "gift_card_released";
  if (order.promocodeId === null) return undefined;
  // The expiry gave the code's use back; the payment that revives the order needs a use again, under
  // the code's lock as at checkout. Another parent may have taken the last one meanwhile (D90).
  // An order the code gave nothing (it was used up before the checkout, D598) needs no use of it.
  const items = await findCartItems(tx, order.id, order.locale);
  const discountCents = items.reduce((sum, item) => sum + item.promocodeDiscountCents, 0);
  if (discountCents === 0) return undefined;
  const code = await lockPromocode(tx, order.promocodeId);
  if (code && (await codeUsedUp(tx, code, order.userId))) return "promocode_used_up";
  await insertRedemption(tx, {
    promocodeId: order.promocodeId,
    orderId: order.id,
    userId: order.userId,
    discountCents,
  });
  return undefined;
}

/** The payment cannot be kept: noted with its reason, refunded in full by the worker (bounded tries). */
async function refundLater(tx: Tx, paymentId: number, reason: RefundReason) {
  await updatePayment(tx, paymentId, { refundDue: true });
  await noteIssue(tx, paymentId, reason, "refund_pending");
}

/**
 * The billing address the gateway collected goes onto an order that has none, before its invoice is
 * issued (D290), and onto an empty profile for the next order (as a typed one does, D171). An address
 * the parent gave is never replaced. The country comes as an ISO code and is kept as a name in the
 * order's language, as the checkout form takes it. Answers the order's new billing for the caller's update
 * of the order (one statement for both), or nothing.
 */
async function takeGatewayAddress(
  tx: Tx,
  order: OrderRow,
  address: GatewayAddress | null | undefined,
): Promise<{ billing: BillingDetails } | undefined> {
  const billing = { ...EMPTY_BILLING, ...(order.billing ?? {}) };
  if (!address || missingAddressFields(billing).length === 0) return undefined;
  const country = countryName(address.country, order.locale);
  const [first = "", ...rest] = address.name.trim().split(/\s+/);
  const taken: BillingDetails = {
    ...billing,
    first_name: billing.first_name || first,
    last_name: billing.last_name || rest.join(" "),
    street: address.street,
    post_code: address.postCode,
    city: address.city,
    country: address.country ? country : "",
  };
  if (order.userId !== null && missingAddressFields(taken).length === 0)
    await fillEmptyAddress(tx, order.userId, {
      street: taken.street,
      postCode: taken.post_code,
      city: taken.city,
      country: taken.country,
    });
  return { billing: taken };
}
