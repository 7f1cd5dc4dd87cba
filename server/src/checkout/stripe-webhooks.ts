import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { paymentEvents } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  GatewayError,
  type Gateways,
  type StripeGateway,
  type StripeSubscriptionEvent,
} from "../payments/index.ts";
import { insertEvent, markEventProcessed, markEventUnmatched } from "./checkout.repository.ts";
import type { CheckoutService } from "./checkout.service.ts";
import { applyReportedRefund, type HasWithdrawals } from "./gateway-refunds.ts";

/**
 * The part of a Stripe event we read: its id, type, time and object (a Checkout Session, a Charge, an
 * Invoice or a Subscription). A signed body that is no such event (an array, an event without
 * `data.object`, a field of another type) is refused with 400 (D202): a sender's fault, never ours.
 */
const StripeEventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative().optional(),
  data: z.looseObject({
    object: z.looseObject({
      id: z.string().min(1).max(255).optional(),
      mode: z.string().optional(),
      payment_intent: z.unknown().optional(),
      status: z.string().nullable().optional(),
      amount_paid: z.number().int().optional(),
      metadata: z.record(z.string(), z.unknown()).nullable().optional(),
      parent: z
        .looseObject({
          subscription_details: z
            .looseObject({
              subscription: z.unknown().optional(),
              metadata: z.record(z.string(), z.unknown()).nullable().optional(),
            })
            .nullable()
            .optional(),
        })
        .nullable()
        .optional(),
    }),
  }),
});
type StripeEvent = z.infer<typeof StripeEventSchema>;

/**
 * How long an event whose cause has not reached us yet (an invoice before its session's completion, a
 * refund before its payment) is answered 503 so that Stripe delivers it again (D201). After that it is
 * acknowledged and shown to staff: Stripe disables an endpoint that keeps failing.
 */
export const STRIPE_KEEP_MS = 60 * 60 * 1000;

/** Stripe subscription states in our `autopay` words (D115). */
const AUTOPAY_BY_STATUS: Record<string, "active" | "suspended" | "cancelled"> = {
  active: "active",
  trialing: "active",
  past_due: "suspended",
  unpaid: "suspended",
  paused: "suspended",
  canceled: "cancelled",
  incomplete_expired: "cancelled",
};

/** What the subscriptions area does with Stripe's subscription events (injected: it sits above checkout). */
export type StripeSubscriptionHandler = (
  event: StripeSubscriptionEvent,
) => Promise<"done" | "keep" | "not_ours">;

/** What became of an event: acted on, waiting for its cause, or about nothing this shop knows. */
type Outcome = "done" | "keep" | "not_ours";

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
  /** Course subscriptions' autopay at Stripe (D115); without it those events are ignored. */
  subscriptions?: StripeSubscriptionHandler;
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
  subscriptions,
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

  async function sessionChanged(sessionId: string): Promise<Outcome> {
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

  async function chargeRefunded(paymentIntent: string): Promise<Outcome> {
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

  /**
   * A course subscription's event (D115). A completed session is read from Stripe for the subscription it
   * made; an invoice names its subscription and our order item (the metadata we gave it); a subscription's
   * own events carry its status. Only what names our order item is ours.
   */
  async function subscriptionEvent(event: StripeEvent): Promise<Outcome | "other"> {
    const object = event.data.object;
    const at = new Date((event.created ?? Math.floor(Date.now() / 1000)) * 1000);
    if (event.type === "checkout.session.completed" && object.mode === "subscription" && object.id) {
      if (!stripe || !subscriptions) return "done";
      const made = await stripe.subscriptionOfSession(object.id);
      if (!made) return "done";
      return subscriptions({ kind: "session_completed", sessionId: object.id, subscriptionId: made, at });
    }
    if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
      const details = object.parent?.subscription_details;
      const subscriptionId = typeof details?.subscription === "string" ? details.subscription : undefined;
      const customId = details?.metadata?.custom_id;
      if (!subscriptionId || typeof customId !== "string" || !customId || !object.id) return "other";
      if (!subscriptions) return "done";
      if (event.type === "invoice.payment_failed")
        return subscriptions({ kind: "status", subscriptionId, autopay: "suspended", at });
      if (object.status !== "paid") return "done";
      return subscriptions({
        kind: "invoice_paid",
        subscriptionId,
        invoiceId: object.id,
        amountCents: object.amount_paid ?? 0,
        at,
        customId,
      });
    }
    if (event.type.startsWith("customer.subscription.") && object.id?.startsWith("sub_")) {
      if (!object.metadata?.custom_id) return "other";
      const autopay =
        event.type === "customer.subscription.deleted" ? "cancelled" : AUTOPAY_BY_STATUS[object.status ?? ""];
      if (!subscriptions || !autopay) return "done";
      return subscriptions({ kind: "status", subscriptionId: object.id, autopay, at });
    }
    return "other";
  }

  /** Acts on a stored event. */
  async function act(event: StripeEvent): Promise<Outcome> {
    const object = event.data.object;
    const subscription = await subscriptionEvent(event);
    if (subscription !== "other") return subscription;
    if (SESSION_EVENTS.has(event.type) && object.id) return sessionChanged(object.id);
    if (event.type === "charge.refunded" && typeof object.payment_intent === "string")
      return chargeRefunded(object.payment_intent);
    log.info({ eventType: event.type }, "stripe event ignored");
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
