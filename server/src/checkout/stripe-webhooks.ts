import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index.ts";
import { paymentEvents } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { GatewayError, type Gateways, type StripeGateway } from "../payments/index.ts";
import { insertEvent, markEventProcessed, markEventUnmatched } from "./checkout.repository.ts";
import type { CheckoutService } from "./checkout.service.ts";
import { type DisputeAudit, recordDispute, STRIPE_DISPUTE_EVENTS, stripeDisputeOf } from "./disputes.ts";
import type { ItemRefunds } from "./gateway-refunds.ts";
import { type Outcome, type StripeEvent, StripeEventSchema } from "./stripe-event.ts";
import { chargeRefunded, refundsChanged, sessionChanged } from "./stripe-payment-events.ts";
import { type StripeSubscriptionHandler, subscriptionEvent } from "./stripe-subscription-events.ts";

export type { StripeSubscriptionHandler } from "./stripe-subscription-events.ts";

/**
 * How long an event whose cause has not reached us yet (an invoice before its session's completion, a
 * refund before its payment) is answered 503 so that Stripe delivers it again (D201). After that it is
 * acknowledged and shown to staff: Stripe disables an endpoint that keeps failing.
 */
export const STRIPE_KEEP_MS = 60 * 60 * 1000;

/** Events that tell a Checkout Session's payment changed; the session is then read from Stripe. */
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
]);

/** Events that tell a refund changed after Stripe accepted it: one that failed is recorded so (D566). */
const REFUND_EVENTS = new Set(["refund.failed", "refund.updated", "charge.refund.updated"]);

export type StripeWebhookDeps = {
  db: Db;
  checkout: CheckoutService;
  gateway: Gateways;
  stripe: StripeGateway | null;
  itemRefunds: ItemRefunds;
  /** Course subscriptions' autopay at Stripe (D115); without it those events are ignored. */
  subscriptions?: StripeSubscriptionHandler;
  /** The audit log's write, handed down by the wiring: a dispute is recorded there as Stripe's. */
  recordAudit: DisputeAudit;
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
  itemRefunds,
  subscriptions,
  recordAudit,
  log,
}: StripeWebhookDeps) {
  /** Stores the event once; answers its row and when it first came, or undefined once it was processed. */
  async function store(event: StripeEvent): Promise<{ id: number; receivedAt: Date } | undefined> {
    const inserted = await insertEvent(db, {
      gateway: "stripe",
      eventId: event.id,
      eventType: event.type,
      resourceId: event.data.object.id ?? null,
      payload: event,
    });
    if (inserted !== undefined) return { id: inserted, receivedAt: new Date() };
    const [existing] = await db
      .select({
        id: paymentEvents.id,
        processedAt: paymentEvents.processedAt,
        receivedAt: paymentEvents.receivedAt,
      })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, "stripe"), eq(paymentEvents.eventId, event.id)));
    return existing && existing.processedAt === null ? existing : undefined;
  }

  const payments = { db, checkout, gateway, stripe, itemRefunds, log };

  /** Acts on a stored event: a course subscription's, a session's payment, or a payment's refunds. */
  async function act(event: StripeEvent): Promise<Outcome> {
    const object = event.data.object;
    const subscription = await subscriptionEvent({ stripe, subscriptions }, event);
    if (subscription !== "other") return subscription;
    if (SESSION_EVENTS.has(event.type) && object.id) return sessionChanged(payments, object.id);
    if (event.type === "charge.refunded" && typeof object.payment_intent === "string")
      return chargeRefunded(payments, object.payment_intent);
    if (REFUND_EVENTS.has(event.type) && typeof object.payment_intent === "string")
      return refundsChanged(payments, object.payment_intent);
    if (STRIPE_DISPUTE_EVENTS.has(event.type)) return disputeChanged(event);
    log.info({ eventType: event.type }, "stripe event ignored");
    return "done";
  }

  /**
   * A card payment disputed (`charge.dispute.*`): the signed event carries the dispute as it is, recorded
   * against the payment of its payment intent. One of a payment the shop does not know is shown to staff.
   */
  async function disputeChanged(event: StripeEvent): Promise<Outcome> {
    const reported = stripeDisputeOf(event.data.object);
    const recorded = reported ? await recordDispute(db, recordAudit, reported) : "unknown_payment";
    if (recorded === "unknown_payment") return "not_ours";
    if (recorded === "recorded")
      log.warn(
        { eventType: event.type, dispute: reported?.disputeId, state: reported?.state },
        "Stripe dispute recorded; staff look at its order",
      );
    return "done";
  }

  return {
    async receive(payload: string, signature: string | undefined): Promise<void> {
      if (!stripe) throw new AppError("permission_denied", 403);
      let verified: unknown;
      try {
        verified = stripe.verifyEvent(payload, signature ?? "");
      } catch {
        // A forged, altered or stale delivery: nothing is stored or acted on.
        log.warn("Stripe webhook with a bad or stale signature refused");
        throw new AppError("permission_denied", 400);
      }
      const parsed = StripeEventSchema.safeParse(verified);
      if (!parsed.success) {
        // Signed, but no event we can read: Stripe would send it the same way again, so a retry cannot help.
        log.warn("signed Stripe webhook that is no event refused");
        throw new AppError("parse_error", 400);
      }
      const event = parsed.data;
      const stored = await store(event);
      if (stored === undefined) return;
      let outcome: Outcome;
      try {
        outcome = await act(event);
      } catch (error) {
        // Stripe does not know the object the event names (under our account): it is not ours.
        if (error instanceof GatewayError && error.failure === "not_found") outcome = "not_ours";
        else {
          // Stripe could not be asked, or our database failed: the event stays unprocessed, and Stripe
          // delivers it again on a 503.
          log.warn({ err: error, eventId: event.id }, "Stripe event not processed yet");
          throw new AppError("payment_unavailable", 503);
        }
      }
      if (outcome === "done") return markEventProcessed(db, stored.id);
      // What waited for its cause longer than Stripe should retry is shown to staff like what is not ours.
      if (outcome === "not_ours" || Date.now() - stored.receivedAt.getTime() >= STRIPE_KEEP_MS) {
        log.warn(
          { eventId: event.id, eventType: event.type },
          "Stripe event about nothing of ours kept for staff",
        );
        return markEventUnmatched(db, stored.id);
      }
      // A refund of a payment not recorded yet, an invoice before its session's completion: Stripe delivers
      // the event again on its retry schedule until its cause is known, or the wait above is over.
      throw new AppError("payment_unavailable", 503);
    },
  };
}
