import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index.ts";
import { paymentEvents } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { Gateways, StripeGateway } from "../payments/index.ts";
import { insertEvent, markEventProcessed } from "./checkout.repository.ts";
import type { CheckoutService } from "./checkout.service.ts";
import { applyReportedRefund, type HasWithdrawals } from "./gateway-refunds.ts";

/** The part of a Stripe event we read: its id, type and object (a Checkout Session or a Charge). */
type StripeEvent = { id: string; type: string; data: { object: { id?: string; payment_intent?: unknown } } };

/** Events that tell a Checkout Session's payment changed; the session is then read from Stripe. */
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
]);

export type StripeWebhookDeps = {
  db: Db;
  checkout: CheckoutService;
  gateway: Gateways;
  stripe: StripeGateway | null;
  orderHasWithdrawals: HasWithdrawals;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
};

/**
 * `POST /api/v2/payments/stripe/webhook/` (D103): the raw body is verified against `Stripe-Signature`
 * (HMAC-SHA256 with our endpoint's secret, at most 5 minutes old), stored once by event id, then acted
 * on. The event only says that something changed: the session (or the payment intent's refunds) is read
 * from Stripe, so replays, events out of order and an event racing the parent's return all end in the
 * current state, recorded once through `recordCapture`, the path PayPal's captures take.
 */
export function createStripeWebhooks({
  db,
  checkout,
  gateway,
  stripe,
  orderHasWithdrawals,
  log,
}: StripeWebhookDeps) {
  async function store(event: StripeEvent): Promise<number | undefined> {
    const inserted = await insertEvent(db, {
      gateway: "stripe",
      eventId: event.id,
      eventType: event.type,
      resourceId: event.data.object.id ?? null,
      payload: event,
    });
    if (inserted !== undefined) return inserted;
    const [existing] = await db
      .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, "stripe"), eq(paymentEvents.eventId, event.id)));
    return existing && existing.processedAt === null ? existing.id : undefined;
  }

  async function sessionChanged(sessionId: string): Promise<"done" | "keep"> {
    const found = await checkout.resolve(sessionId);
    if (!found) {
      log.warn({ sessionId }, "Stripe event for a session this shop did not open ignored");
      return "done";
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

  async function chargeRefunded(paymentIntent: string): Promise<"done" | "keep"> {
    if (!stripe) return "done";
    // Since API version 2022-11-15 a charge's refunds are not part of the event: they are listed.
    const listed = await stripe.refundsOf(paymentIntent);
    const applied = await db.transaction(async (tx) => {
      let unknown = false;
      for (const refund of listed.filter((entry) => entry.status === "COMPLETED")) {
        const outcome = await applyReportedRefund(
          tx,
          { ...refund, captureId: paymentIntent },
          orderHasWithdrawals,
          "stripe",
        );
        if (outcome === "unknown_capture") unknown = true;
      }
      return unknown ? "keep" : "done";
    });
    if (applied === "keep") log.warn({ paymentIntent }, "refund of a Stripe payment not recorded yet; kept");
    return applied;
  }

  return {
    async receive(payload: string, signature: string | undefined): Promise<void> {
      if (!stripe) throw new AppError("permission_denied", 403);
      let event: StripeEvent;
      try {
        event = stripe.verifyEvent(payload, signature ?? "") as unknown as StripeEvent;
      } catch {
        // A forged, altered or stale delivery: nothing is stored or acted on.
        log.warn("Stripe webhook with a bad or stale signature refused");
        throw new AppError("permission_denied", 400);
      }
      const eventId = await store(event);
      if (eventId === undefined) return;
      const object = event.data.object;
      let outcome: "done" | "keep" = "done";
      try {
        if (SESSION_EVENTS.has(event.type) && object.id) outcome = await sessionChanged(object.id);
        else if (event.type === "charge.refunded" && typeof object.payment_intent === "string")
          outcome = await chargeRefunded(object.payment_intent);
        else log.info({ eventType: event.type }, "stripe event ignored");
      } catch (error) {
        // Stripe could not be asked: the event stays unprocessed, and Stripe delivers it again on a 503.
        log.warn({ err: error, eventId: event.id }, "Stripe event not processed yet");
        throw new AppError("payment_unavailable", 503);
      }
      if (outcome === "done") await markEventProcessed(db, eventId);
      // A refund of a payment not recorded yet (Stripe's completion still on its way): Stripe delivers the
      // event again on its retry schedule (up to three days) until the payment is known.
      else throw new AppError("payment_unavailable", 503);
    },
  };
}
