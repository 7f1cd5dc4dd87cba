import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index.ts";
import { paymentEvents } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { Gateways, StripeGateway, StripeSubscriptionEvent } from "../payments/index.ts";
import { insertEvent, markEventProcessed } from "./checkout.repository.ts";
import type { CheckoutService } from "./checkout.service.ts";
import { applyReportedRefund, type HasWithdrawals } from "./gateway-refunds.ts";

/**
 * The part of a Stripe event we read: its id, type, time and object (a Checkout Session, a Charge, an
 * Invoice or a Subscription).
 */
type StripeEvent = {
  id: string;
  type: string;
  created?: number;
  data: {
    object: {
      id?: string;
      mode?: string;
      payment_intent?: unknown;
      status?: string;
      amount_paid?: number;
      metadata?: Record<string, string> | null;
      parent?: {
        subscription_details?: { subscription?: unknown; metadata?: Record<string, string> | null } | null;
      } | null;
    };
  };
};

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
export type StripeSubscriptionHandler = (event: StripeSubscriptionEvent) => Promise<"done" | "keep">;

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

  /**
   * A course subscription's event (D115). A completed session is read from Stripe for the subscription it
   * made; an invoice names its subscription and our order item (the metadata we gave it); a subscription's
   * own events carry its status. Only what names our order item is ours.
   */
  async function subscriptionEvent(event: StripeEvent): Promise<"done" | "keep" | "not_ours"> {
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
      if (!subscriptionId || !details?.metadata?.custom_id || !object.id) return "not_ours";
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
      });
    }
    if (event.type.startsWith("customer.subscription.") && object.id?.startsWith("sub_")) {
      if (!object.metadata?.custom_id) return "not_ours";
      const autopay =
        event.type === "customer.subscription.deleted" ? "cancelled" : AUTOPAY_BY_STATUS[object.status ?? ""];
      if (!subscriptions || !autopay) return "done";
      return subscriptions({ kind: "status", subscriptionId: object.id, autopay, at });
    }
    return "not_ours";
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
        const subscription = await subscriptionEvent(event);
        if (subscription !== "not_ours") outcome = subscription;
        else if (SESSION_EVENTS.has(event.type) && object.id) outcome = await sessionChanged(object.id);
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
