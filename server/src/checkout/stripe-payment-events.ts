import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index.ts";
import type { Gateways, StripeGateway } from "../payments/index.ts";
import type { CheckoutService } from "./checkout.service.ts";
import { applyFailedRefund, gaveNothingBack } from "./failed-refunds.ts";
import { applyReportedRefund, type ItemRefunds } from "./gateway-refunds.ts";
import type { Outcome } from "./stripe-event.ts";

/**
 * What Stripe's payment events change here: a Checkout Session's payment (completed, or a SEPA debit
 * settled or failed) and the refunds of a payment. The event only says that something changed: both read
 * the current state from Stripe, so replays and events out of order end in the same state.
 */

export type StripePaymentEventDeps = {
  db: Db;
  checkout: CheckoutService;
  gateway: Gateways;
  stripe: StripeGateway | null;
  itemRefunds: ItemRefunds;
  log: Pick<FastifyBaseLogger, "warn">;
};

export async function sessionChanged(
  { checkout, gateway, log }: StripePaymentEventDeps,
  sessionId: string,
): Promise<Outcome> {
  const found = await checkout.resolve(sessionId);
  if (!found) {
    log.warn({ sessionId }, "Stripe event for a session this shop did not open ignored");
    return "not_ours";
  }
  const session = await gateway.getOrder(sessionId);
  const capture = session.capture;
  if (!capture) return "done";
  if (capture.status === "DECLINED" || capture.status === "FAILED") {
    // SEPA debit failed at the bank: the seats go back, the items into the cart.
    await checkout.decline(found.order.id, sessionId);
    return "done";
  }
  // COMPLETED makes the order paid; PENDING (SEPA processing) marks the payment approved, which keeps
  // the reservation from expiring until Stripe says how it ended.
  await checkout.recordCapture(sessionId, capture);
  return "done";
}

export async function chargeRefunded(
  { db, stripe, itemRefunds, log }: StripePaymentEventDeps,
  paymentIntent: string,
): Promise<Outcome> {
  if (!stripe) return "done";
  // Since API version 2022-11-15 a charge's refunds are not part of the event: they are listed.
  const listed = await stripe.refundsOf(paymentIntent);
  const applied = await db.transaction(async (tx) => {
    let unknown = false;
    for (const refund of listed.filter((entry) => entry.status === "COMPLETED")) {
      const outcome = await applyReportedRefund(
        tx,
        { ...refund, captureId: paymentIntent },
        itemRefunds,
        "stripe",
      );
      if (outcome === "unknown_capture") unknown = true;
    }
    return unknown ? "keep" : "done";
  });
  if (applied === "keep") log.warn({ paymentIntent }, "refund of a Stripe payment not recorded yet; kept");
  return applied;
}

/**
 * A refund of a payment changed after Stripe accepted it (`refund.failed`, `refund.updated`,
 * `charge.refund.updated`): the payment's refunds are read from Stripe. Those that completed are recorded
 * as `charge.refunded` records them (a SEPA refund that started pending, D562's "Left"), those that failed
 * or were cancelled before they were paid out as failed (D566, D569); once each, however often and in whatever order the events come. A failed refund of a
 * payment intent the shop has no payment of (a course subscription's month, another integration's) is shown
 * to staff at once, not asked for again: it stays in Stripe's list, and every later event would wait an hour.
 */
export async function refundsChanged(
  { db, stripe, itemRefunds, log }: StripePaymentEventDeps,
  paymentIntent: string,
): Promise<Outcome> {
  if (!stripe) return "done";
  const listed = await stripe.refundsOf(paymentIntent);
  const failed = listed.filter((entry) => gaveNothingBack(entry.status));
  const completed = listed.filter((entry) => entry.status === "COMPLETED");
  if (failed.length === 0 && completed.length === 0) return "done";
  const failures = await db.transaction(async (tx) => {
    // A completed refund of a payment not known here is `charge.refunded`'s to keep and show (D201); shown
    // again for every later event about it, it would only repeat itself on the staff's dashboard.
    for (const refund of completed)
      await applyReportedRefund(tx, { ...refund, captureId: paymentIntent }, itemRefunds, "stripe");
    const each = [];
    for (const refund of failed)
      each.push(await applyFailedRefund(tx, { ...refund, captureId: paymentIntent }, itemRefunds, "stripe"));
    return each;
  });
  if (failures.includes("unknown_capture")) return "not_ours";
  if (failures.includes("applied"))
    log.warn({ paymentIntent }, "Stripe reports a refund failed; staff settle it");
  return "done";
}
