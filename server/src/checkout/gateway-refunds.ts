import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/index.ts";
import { paymentEvents, payments, ph, prepared } from "../db/index.ts";
import { releaseGiftCard, stopCardsBoughtBy } from "../gift-cards/index.ts";
import { centsOf, type GatewayName } from "../payments/index.ts";
import type { RefundReason } from "./checkout.deps.ts";
import {
  deleteRedemption,
  findOrder,
  insertRefund,
  markEventProcessed,
  markRefundCompleted,
  type OrderRow,
  updateOrder,
  updatePayment,
} from "./checkout.repository.ts";
import { isRecordedReversal } from "./disputes.repository.ts";

import {
  bookedGatewayRefund,
  findIssue,
  noteGatewayRefund,
  resolveRefundIssue,
} from "./payment-issues.repository.ts";

/**
 * What the areas above checkout hand down for the refunds a gateway reports: what the order's withdrawals
 * (D75) and staff refunds (D506) send back through the gateway, item by item and theirs to book, and what a
 * whole order refunded at the gateway ends beside its seats: its course contracts (D511).
 */
export type ItemRefunds = {
  gatewayCents(tx: Tx, orderId: number): Promise<number>;
  /** What the order's refunds sent or are sending back through the gateway, not those that failed (D565). */
  carriedCents(tx: Tx, orderId: number): Promise<number>;
  orderRefunded(tx: Tx, orderId: number): Promise<void>;
  /**
   * A refund the gateway accepted and later reports failed (D566): the withdrawal or staff refund that sent
   * it (by the recorded refund's id) is failed again with the gateway's reason. Answers whether one did.
   */
  refundFailed(tx: Tx, orderId: number, refundId: number, lastError: string): Promise<boolean>;
  /** The parent's mail that a payment the shop could not keep went back (the worker's own refund sends it). */
  refundNotice(tx: Tx, orderId: number, amountCents: number, reason: RefundReason): Promise<void>;
  /** The parent's mail that such a refund did not reach them after all (D578): the card's bank or the gateway. */
  refundFailedNotice(tx: Tx, orderId: number, amountCents: number, atBank: boolean): Promise<void>;
};

/** The event type of a refund made at PayPal (by staff in PayPal's dashboard, or ours confirmed). */
export const REFUND_EVENT = "PAYMENT.CAPTURE.REFUNDED";

/** A refund as PayPal reports it: its id, the capture it belongs to, the amount. */
export type ReportedRefund = { id: string; captureId: string; amountCents: number; status: string };

type RefundResource = {
  id?: string;
  status?: string;
  amount?: { value?: string };
  links?: { href: string; rel: string }[];
};

/** A refund event's resource read; its capture is the one its "up" link names (…/captures/{id}). */
export function refundOf(resource: RefundResource | undefined): ReportedRefund | undefined {
  const captureId = resource?.links
    ?.find((link) => link.rel === "up")
    ?.href.match(/\/captures\/([^/?]+)/)?.[1];
  if (!resource?.id || !captureId) return undefined;
  return {
    id: resource.id,
    captureId,
    amountCents: centsOf(resource.amount?.value),
    status: resource.status ?? "COMPLETED",
  };
}

/**
 * Records a refund PayPal reports on the payment of its capture, once (unique refund id). Answers
 * `unknown_capture` when no payment has that capture yet: the caller keeps the event, and it is applied
 * when the capture is recorded (`applyKeptRefunds`), so a refund is never lost to the order of arrival.
 */
export async function applyReportedRefund(
  tx: Tx,
  refund: ReportedRefund,
  itemRefunds: ItemRefunds,
  gateway: GatewayName = "paypal",
): Promise<"applied" | "unknown_capture"> {
  const paymentOf = (lock: boolean) => {
    const query = tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.captureId, refund.captureId)));
    return lock ? query.for("update") : query;
  };
  const [known] = await paymentOf(false);
  if (!known) return "unknown_capture";
  // The order's row first, then the payment's, as capture and withdrawal take them: a refund reported
  // while the parent withdraws an item of the same order waits instead of deadlocking with it.
  const order = await findOrder(tx, known.orderId, true);
  const [payment] = await paymentOf(true);
  if (!payment) return "unknown_capture";
  if (refund.amountCents <= 0) return "applied";
  // A reversal PayPal also reports as a refund is counted once, as the reversal it is (D662).
  if (gateway === "paypal" && (await isRecordedReversal(tx, refund.id))) return "applied";
  const recorded = await insertRefund(tx, {
    paymentId: payment.id,
    gatewayRefundId: refund.id,
    amountCents: refund.amountCents,
    reason: "gateway",
    status: refund.status,
  });
  if (!recorded) {
    // A refund recorded while it was pending (counted then) and now reported completed (D570).
    if (refund.status === "COMPLETED") await markRefundCompleted(tx, refund.id);
    return "applied";
  }
  const refunded = Math.min(payment.amountCents, payment.refundedCents + refund.amountCents);
  const full = refunded >= payment.amountCents;
  await updatePayment(tx, payment.id, {
    refundedCents: refunded,
    ...(full ? { status: "refunded", refundDue: false } : {}),
  });
  if (full) {
    await resolveRefundIssue(tx, payment.id);
    // Refunded whole, the order's credit notes are issued below (D529): nothing is left to book.
    await bookedGatewayRefund(tx, payment.id, 0);
  } else if (order?.status === "paid" && order.paypalId === payment.gatewayOrderId) {
    // Part of a paid order's payment went back beyond what its refunds carry: a refund made in PayPal's or
    // Stripe's dashboard. Staff see it on the dashboard until they book it to its item, which issues the
    // credit note (D562, D565); only when it is more than staff saw, so the report of one of the shop's own
    // refunds never brings back a payment staff marked handled.
    await noteGatewayRefund(tx, payment.id, refunded - (await itemRefunds.carriedCents(tx, order.id)));
  }
  // A fully refunded paid order gives its seats back, unless all the payment gave back is what its
  // withdrawals and staff refunds send: they book their items' seats and card parts themselves (D75,
  // D506), and the report of one's own payout can arrive before it recorded it (its call timed out).
  // Money given back beyond them was refunded in the gateway's dashboard: the order is refunded whole,
  // and its card's part goes back only as far as they did not give it back already (D494).
  if (
    full &&
    order?.status === "paid" &&
    order.paypalId === payment.gatewayOrderId &&
    refunded > (await itemRefunds.gatewayCents(tx, order.id))
  ) {
    await updateOrder(tx, order.id, { status: "refunded" });
    await releaseGiftCard(tx, order);
    // A gift card it bought pays for nothing more: the money it was bought with is back (D512).
    await stopCardsBoughtBy(tx, order.id, new Date());
    // A course refunded whole takes no more months, and its parent could no longer cancel it (D511).
    await itemRefunds.orderRefunded(tx, order.id);
  } else if (full && payment.refundDue && order) {
    // A payment the shop could not keep (D90), refunded before the worker recorded its own refund: staff
    // refunded it by hand after the worker gave up, or the worker's call timed out and the gateway's report
    // came first. The worker no longer sees it (no refund due), so it ends here as the worker would end it
    // (D529): the order when the payment is its current one (a late capture of an earlier attempt leaves
    // the order alone), and the parent told in either case.
    if (order.paypalId === payment.gatewayOrderId) await endUnkeptOrder(tx, order);
    const reason = refundReasonOf((await findIssue(tx, payment.id))?.reason);
    await itemRefunds.refundNotice(tx, order.id, refunded, reason);
  }
  return "applied";
}

/**
 * The order of a payment the shop could not keep, once that payment is refunded: refunded, its reservation,
 * promocode use and gift card's part given back (D529: the use was kept before). An order paid meanwhile
 * (by another attempt), back in the cart or refunded already is left as it is.
 */
export async function endUnkeptOrder(tx: Tx, order: OrderRow): Promise<void> {
  if (order.status === "paid" || order.status === "cart" || order.status === "refunded") return;
  await updateOrder(tx, order.id, { status: "refunded", reservedUntil: null });
  await deleteRedemption(tx, order.id);
  await releaseGiftCard(tx, order);
}

/** The reason the parent is told, from the issue noted when the payment could not be kept. */
export function refundReasonOf(noted: string | undefined): RefundReason {
  return noted === "promocode_used_up" || noted === "gift_card_released" || noted === "capture_mismatch"
    ? noted
    : "seats_gone";
}

/** How long a refund of a capture the shop does not know is kept before staff see it (PayPal retries for 3 days). */
export const KEPT_REFUND_WAIT_HOURS = 72;

/** A kept refund event whose capture is a recorded payment's by now (its "up" link names the capture). */
const captureKnown = sql`exists (select 1 from jsonb_array_elements(${paymentEvents.payload} -> 'resource' -> 'links') as link
  join ${payments} on ${payments.gateway} = 'paypal'
    and ${payments.captureId} = substring(link ->> 'href' from '/captures/([^/?]+)')
  where link ->> 'rel' = 'up')`;

/**
 * Refund events kept because their capture was unknown when they came: those of `captureId` (or, for the
 * payment worker's sweep, of any capture known by now) are applied and marked processed. The capture's own
 * lookup also takes one already shown to staff as unmatched (D557): it is applied late, not lost.
 */
export async function applyKeptRefunds(
  tx: Tx,
  itemRefunds: ItemRefunds,
  captureId?: string,
  gateway: GatewayName = "paypal",
  limit = 50,
): Promise<number> {
  // Only PayPal's refund events are kept for a capture not known yet; Stripe's are read from Stripe (D103).
  if (gateway !== "paypal") return 0;
  // Prepared: every PayPal capture asks it (D457).
  const kept = await prepared<{ id: number; payload: unknown }[]>(
    tx,
    captureId === undefined ? "kept_refunds_known" : "kept_refunds_of_capture_or_unmatched",
    () =>
      tx
        .select({ id: paymentEvents.id, payload: paymentEvents.payload })
        .from(paymentEvents)
        .where(
          and(
            // In the text, not parameters: the kept refunds' partial index is used by the plan kept for every
            // capture (D557); the table holds every webhook event of the years.
            sql`${paymentEvents.gateway} = 'paypal' and ${paymentEvents.eventType} = 'PAYMENT.CAPTURE.REFUNDED'`,
            captureId === undefined
              ? // The sweep reads only events it can apply: refunds of captures it will never know (another
                // integration's, a contract's month before D557) no longer fill its batch and starve the rest.
                and(isNull(paymentEvents.processedAt), captureKnown)
              : sql`(${paymentEvents.processedAt} is null or ${paymentEvents.unmatched})`,
            // The events of this capture only: its id ends the refund's "up" link (…/captures/{id}).
            captureId === undefined
              ? undefined
              : sql`exists (select 1 from jsonb_array_elements(${paymentEvents.payload} -> 'resource' -> 'links') as link where link ->> 'rel' = 'up' and right(link ->> 'href', length(${ph("upLink")}::text)) = ${ph("upLink")}::text)`,
          ),
        )
        .orderBy(asc(paymentEvents.id))
        .limit(ph("limit")),
  ).execute({ upLink: `/captures/${captureId}`, limit });
  let applied = 0;
  for (const event of kept) {
    const refund = refundOf((event.payload as { resource?: RefundResource }).resource);
    if (!refund || (captureId !== undefined && refund.captureId !== captureId)) continue;
    if ((await applyReportedRefund(tx, refund, itemRefunds)) === "unknown_capture") continue;
    await markEventProcessed(tx, event.id);
    applied += 1;
  }
  return applied;
}

/**
 * Refund events kept longer than `KEPT_REFUND_WAIT_HOURS` whose capture is still unknown: acknowledged and
 * shown to staff on the dashboard as unmatched (D201, D557), instead of lying unprocessed unseen. Answers
 * how many.
 */
export async function showUnknownKeptRefunds(tx: Tx, now = new Date()): Promise<number> {
  const shown = await tx
    .update(paymentEvents)
    .set({ processedAt: sql`now()`, unmatched: true })
    .where(
      and(
        eq(paymentEvents.gateway, "paypal"),
        eq(paymentEvents.eventType, REFUND_EVENT),
        isNull(paymentEvents.processedAt),
        sql`${paymentEvents.receivedAt} < ${new Date(now.getTime() - KEPT_REFUND_WAIT_HOURS * 3_600_000)}`,
        sql`not ${captureKnown}`,
      ),
    )
    .returning({ id: paymentEvents.id });
  return shown.length;
}
