import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index.ts";
import { paymentEvents } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { WebhookHeaders } from "../payments/index.ts";
import { centsOf, type GatewayCapture } from "../payments/index.ts";
import {
  insertEvent,
  markEventProcessed,
  markEventUnmatched,
  unmatchedDisputeEventsOf,
} from "./checkout.repository.ts";
import type { CheckoutService } from "./checkout.service.ts";
import {
  type DisputeAudit,
  PAYPAL_DISPUTE_EVENTS,
  PAYPAL_REVERSAL_EVENT,
  payPalDisputeOf,
  payPalReversalOf,
  recordDispute,
} from "./disputes.ts";
import { applyReportedRefund, type ItemRefunds, REFUND_EVENT, refundOf } from "./gateway-refunds.ts";

/** The part of a PayPal webhook event we read (Notifications API, event version 1.0). */
export type PayPalEvent = {
  id: string;
  event_type: string;
  create_time?: string;
  resource?: {
    /** A sale of a subscription (PAYMENT.SALE.*): the PayPal subscription's id, and the amount's `total`. */
    billing_agreement_id?: string;
    id?: string;
    status?: string;
    amount?: { value?: string; total?: string; currency_code?: string };
    custom_id?: string;
    invoice_id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { href: string; rel: string }[];
  };
};

export type WebhookDeps = {
  db: Db;
  checkout: CheckoutService;
  /**
   * Course subscriptions' events (D72): sales, status changes, renewal orders' payments. Handed down by
   * the wiring: subscriptions sit above checkout (docs/architecture.md).
   */
  subscriptions: {
    eventTypes: readonly string[];
    /** `not_ours`: the event names no subscription of this shop (D201). */
    handleEvent(event: PayPalEvent): Promise<"done" | "not_ours">;
    payRenewal(gatewayOrderId: string): Promise<unknown>;
    recordRenewalCapture(gatewayOrderId: string, capture: GatewayCapture): Promise<boolean>;
    /** A refund of a contract's month paid after the first (D558); `unknown` when no month has that capture. */
    recordMonthRefund(refund: {
      gateway: "paypal";
      paymentReference: string;
      refundId: string;
      amountCents: number;
    }): Promise<"recorded" | "already_recorded" | "unknown">;
  };
  /** Withdrawals and staff refunds of an order, and a whole order refunded (D75, D506, D511), from above. */
  itemRefunds: ItemRefunds;
  verify: ((headers: WebhookHeaders, event: unknown) => Promise<boolean>) | null;
  /** The audit log's write, handed down by the wiring: a dispute or reversal is recorded there as PayPal's. */
  recordAudit: DisputeAudit;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
};

/** Stores a PayPal event once (its id is unique); undefined when it was stored and processed before. */
async function store(db: WebhookDeps["db"], event: PayPalEvent): Promise<number | undefined> {
  const inserted = await insertEvent(db, {
    gateway: "paypal",
    eventId: event.id,
    eventType: event.event_type,
    resourceId: event.resource?.id ?? null,
    payload: event,
  });
  if (inserted !== undefined) return inserted;
  const [existing] = await db
    .select({ id: paymentEvents.id, processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.gateway, "paypal"), eq(paymentEvents.eventId, event.id)));
  return existing && existing.processedAt === null ? existing.id : undefined;
}

/** The capture a PayPal capture event reports, as the gateway's capture (none without an id). */
const captureOf = (resource: NonNullable<PayPalEvent["resource"]>): GatewayCapture | undefined =>
  resource.id
    ? {
        id: resource.id,
        status: (resource.status ?? "PENDING") as GatewayCapture["status"],
        amountCents: centsOf(resource.amount?.value),
        currency: resource.amount?.currency_code ?? null,
        customId: resource.custom_id ?? null,
        invoiceId: resource.invoice_id ?? null,
      }
    : undefined;

/**
 * A dispute opened, changed or resolved, or a capture reversed: recorded against the payment of its
 * capture. One about a capture the shop does not know (another integration's, a subscription month's)
 * is shown to staff as unmatched.
 */
async function disputeChanged(
  { db, recordAudit, log }: Pick<WebhookDeps, "db" | "recordAudit" | "log">,
  event: PayPalEvent,
): Promise<"done" | "not_ours"> {
  const reported =
    event.event_type === PAYPAL_REVERSAL_EVENT
      ? payPalReversalOf(event.resource)
      : payPalDisputeOf(event.resource);
  const recorded = reported ? await recordDispute(db, recordAudit, reported) : "unknown_payment";
  if (recorded === "unknown_payment") {
    log.warn(
      { eventId: event.id, eventType: event.event_type },
      "PayPal dispute or reversal of no payment of ours",
    );
    return "not_ours";
  }
  if (recorded === "recorded")
    log.warn(
      { eventType: event.event_type, dispute: reported?.disputeId, state: reported?.state },
      "PayPal dispute or reversal recorded; staff look at its order",
    );
  return "done";
}

/**
 * Disputes and reversals that came before their capture was recorded (a fraud reversal right after the
 * capture) were shown to staff as unmatched: once the capture is recorded they are recorded against its
 * payment, as a refund kept for its capture is (D90, D557), instead of being lost.
 */
async function applyEarlyDisputes(
  deps: Pick<WebhookDeps, "db" | "recordAudit" | "log">,
  captureId: string,
): Promise<void> {
  const types = [PAYPAL_REVERSAL_EVENT, ...PAYPAL_DISPUTE_EVENTS];
  for (const early of await unmatchedDisputeEventsOf(deps.db, captureId, types)) {
    const event = early.payload as PayPalEvent;
    if ((await disputeChanged(deps, event)) === "done") await markEventProcessed(deps.db, early.id);
  }
}

/**
 * `POST /api/v2/payments/paypal/webhook/` (D51): every event is verified with PayPal
 * (`verify-webhook-signature`), stored once by its event id, then acted on. A repeated delivery of an
 * event that was processed changes nothing; one whose processing failed is processed again. A refund of a
 * capture not recorded yet stays unprocessed until the capture is recorded (D90).
 */
export function createPayPalWebhooks({
  db,
  checkout,
  subscriptions,
  itemRefunds,
  verify,
  recordAudit,
  log,
}: WebhookDeps) {
  /**
   * Acts on a stored event; answers "keep" when it must wait (a refund of a capture not known yet), and
   * "not_ours" for an event about nothing this shop knows, which staff see on the dashboard (D201).
   */
  async function act(event: PayPalEvent): Promise<"done" | "keep" | "not_ours"> {
    const resource = event.resource ?? {};
    const gatewayOrderId = resource.supplementary_data?.related_ids?.order_id;
    switch (event.event_type) {
      case "PAYMENT.CAPTURE.COMPLETED": {
        const capture = captureOf(resource);
        // A capture of an order this shop does not know (another integration on the account) is noted only.
        const known = gatewayOrderId ? await checkout.resolve(gatewayOrderId) : undefined;
        if (
          !known &&
          gatewayOrderId &&
          capture &&
          (await subscriptions.recordRenewalCapture(gatewayOrderId, capture))
        )
          return "done";
        if (!known || !gatewayOrderId || !capture) {
          log.warn({ eventId: event.id }, "capture event for an unknown order ignored");
          return "not_ours";
        }
        await checkout.recordCapture(gatewayOrderId, capture);
        await applyEarlyDisputes({ db, recordAudit, log }, capture.id);
        return "done";
      }
      case "PAYMENT.CAPTURE.DENIED": {
        const found = gatewayOrderId ? await checkout.resolve(gatewayOrderId) : undefined;
        if (found && gatewayOrderId) await checkout.decline(found.order.id, gatewayOrderId);
        return "done";
      }
      case REFUND_EVENT: {
        // A refund of a capture we have not recorded yet (PayPal captured, we never heard, staff refunded)
        // is kept unprocessed and applied when the capture is recorded (D90).
        const refund = refundOf(resource);
        if (!refund) return "done";
        const applied = await db.transaction((tx) => applyReportedRefund(tx, refund, itemRefunds));
        // A contract's month paid by a renewal order is no order's payment: its refund is the month's (D558).
        if (
          applied === "unknown_capture" &&
          (await subscriptions.recordMonthRefund({
            gateway: "paypal",
            paymentReference: refund.captureId,
            refundId: refund.id,
            amountCents: refund.amountCents,
          })) !== "unknown"
        )
          return "done";
        if (applied === "unknown_capture") {
          log.warn({ eventId: event.id }, "refund of a capture not known yet; kept until it is");
          return "keep";
        }
        return "done";
      }
      case "CHECKOUT.ORDER.APPROVED": {
        // The buyer approved and closed the tab before our page captured: capture on the server.
        const found = resource.id ? await checkout.resolve(resource.id) : undefined;
        if (!found) {
          // A month of a subscription paid by hand (D72).
          if (resource.id) await subscriptions.payRenewal(resource.id);
          return "done";
        }
        await checkout.capture(found.order, found.payment, found.order.locale).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          log.info({ orderId: found.order.id, code: error.code }, "approved order not captured");
        });
        return "done";
      }
      case PAYPAL_REVERSAL_EVENT:
        return disputeChanged({ db, recordAudit, log }, event);
      default:
        if (PAYPAL_DISPUTE_EVENTS.includes(event.event_type))
          return disputeChanged({ db, recordAudit, log }, event);
        if (subscriptions.eventTypes.includes(event.event_type)) return subscriptions.handleEvent(event);
        log.info({ eventType: event.event_type }, "paypal event ignored");
        return "done";
    }
  }

  return {
    async receive(headers: WebhookHeaders, event: PayPalEvent): Promise<void> {
      if (!verify) throw new AppError("permission_denied", 403);
      let verified = false;
      try {
        verified = await verify(headers, event);
      } catch (error) {
        log.warn({ err: error }, "webhook signature could not be verified");
        throw new AppError("payment_unavailable", 503);
      }
      if (!verified) throw new AppError("permission_denied", 400);
      const eventId = await store(db, event);
      if (eventId === undefined) return;
      const outcome = await act(event);
      if (outcome === "done") await markEventProcessed(db, eventId);
      // PayPal is answered 200 for a refund kept unprocessed too: it is applied when its capture is recorded.
      else if (outcome === "not_ours") await markEventUnmatched(db, eventId);
    },
  };
}
