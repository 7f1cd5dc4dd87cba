import { randomBytes } from "node:crypto";
import { INTL_LOCALES, type Locale, nextBillingPeriod, paidDays, periodInstants } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  eur,
  type GatewayCapture,
  GatewayError,
  type GatewayName,
  type PaymentGateway,
  type StripeSubscriptionEvent,
} from "../payments/index.ts";
import type { StaffRecipients } from "../settings/index.ts";
import { createCancellationService } from "./cancellation.service.ts";
import {
  claimDueSubscriptions,
  contractNameOf,
  endItem,
  findCatalogId,
  findOwnedSubscription,
  findPageOfSubscription,
  findPauses,
  findSubscriptionBy,
  findSubscriptionById,
  findSubscriptionByItem,
  findSubscriptionOfItem,
  insertSubscriptionPayment,
  type SubscriptionRow,
  storeCatalogId,
  updateSubscription,
} from "./subscriptions.repository.ts";

export type SubscriptionsDeps = {
  db: Db;
  /** The shop's gateways: autopay is made at PayPal, or at Stripe when the parent asks for it (D115). */
  gateway: PaymentGateway & { forCheckout?(requested: "paypal" | "stripe"): PaymentGateway };
  /** The API's origin (return address of a renewal payment) and the web app's (where the parent lands). */
  publicUrl: string;
  webUrl: string;
  schoolEmail: (db: DbOrTx) => Promise<string>;
  /** Who the school is told at of each cancellation (D110): SCHOOL_EMAIL or STAFF_NOTIFY_EMAILS. */
  staffEmails: StaffRecipients;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Hours PayPal's automatic charge may arrive late before an autopay month counts as unpaid. */
  autopayGraceHours?: number;
};

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

/** The PayPal states of `BILLING.SUBSCRIPTION.*` events in our `autopay` words. */
const AUTOPAY_BY_EVENT: Record<string, SubscriptionRow["autopay"]> = {
  "BILLING.SUBSCRIPTION.ACTIVATED": "active",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED": "active",
  "BILLING.SUBSCRIPTION.SUSPENDED": "suspended",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED": "suspended",
  "BILLING.SUBSCRIPTION.CANCELLED": "cancelled",
  "BILLING.SUBSCRIPTION.EXPIRED": "cancelled",
};

export const SUBSCRIPTION_EVENT_TYPES = [...Object.keys(AUTOPAY_BY_EVENT), "PAYMENT.SALE.COMPLETED"];

/** What a subscription webhook carries (Subscriptions v1 resource, or a sale of one). */
export type SubscriptionEvent = {
  id: string;
  event_type: string;
  create_time?: string;
  resource?: {
    id?: string;
    custom_id?: string;
    billing_agreement_id?: string;
    amount?: { total?: string; value?: string };
    state?: string;
  };
};

const PRODUCT_KEY = "course-subscription";
/** An unapproved PayPal order is made anew after this long (PayPal lets unapproved orders lapse). */
const RENEWAL_ORDER_FRESH_MS = 2 * 3_600_000;
const planKey = (cents: number) => `plan-EUR-${cents}`;

/**
 * Course subscriptions month by month (D72): autopay through a PayPal subscription, a one-off payment
 * for the next month without it, cancellation at the end of the paid month, the end of unpaid months,
 * and the § 312k cancellation page (D73). PayPal is called only outside row locks.
 */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { db, gateway, log } = deps;
  const graceHours = deps.autopayGraceHours ?? 72;
  const cancellation = createCancellationService(deps);
  const { cancelAtGateway } = cancellation;

  // ---------- Autopay ----------

  async function catalogId(via: PaymentGateway, key: string, create: () => Promise<{ id: string }>) {
    const known = await findCatalogId(db, via.name, key);
    if (known) return known;
    const created = await create();
    return storeCatalogId(db, via.name, key, created.id);
  }

  /**
   * `POST /orders/subscriptions/{id}/make_recurring/`: the PayPal subscription the buttons approve, or
   * (`payment_gateway=stripe`, D115) the Stripe Checkout Session in subscription mode the parent is sent to.
   */
  async function makeRecurring(
    userId: number,
    itemId: number,
    locale: Locale,
    requested: "paypal" | "stripe" = "paypal",
  ): Promise<{ id: string; url?: string }> {
    const via = gateway.forCheckout?.(requested) ?? gateway;
    const owned = await findOwnedSubscription(db, userId, itemId, locale);
    if (!owned) throw AppError.notFound();
    const { sub } = owned;
    if (sub.status !== "running" || owned.itemStatus === "cancelled")
      throw AppError.validation("non_field_errors", "not_a_subscription");
    if (sub.cancelAt) throw AppError.validation("non_field_errors", "subscription_cancelled");
    const known = sub.gatewaySubscriptionId;
    if (known && sub.autopay === "active") return { id: known };
    if (known && sub.autopay === "pending") {
      const stripeSession = known.startsWith("cs_");
      if (!stripeSession && via.name !== "stripe") return { id: known };
      // A Stripe page still open is offered again; an expired one, or a switch of gateway, makes a new one.
      if (stripeSession && via.name === "stripe") {
        const open = await gateway.getOrder(known).catch(() => undefined);
        if (open?.approveUrl && open.status === "CREATED") return { id: known, url: open.approveUrl };
      }
    }

    try {
      const productId = await catalogId(via, PRODUCT_KEY, () =>
        via.createProduct(
          // One product and plan serve parents of both languages: PayPal shows their names as they are.
          {
            name: "Kurs-Abo / Абонемент на курс",
            description: "Monatliches Kurs-Abo / Ежемесячный абонемент: Atelier Kunst- und Sprachschule",
          },
          `atelier-product-${PRODUCT_KEY}`,
        ),
      );
      const planId = await catalogId(via, planKey(owned.monthlyCents), () =>
        via.createMonthlyPlan(
          {
            productId,
            name: `Kurs-Abo / Абонемент ${eur(owned.monthlyCents).value} EUR / Monat / месяц`,
            priceCents: owned.monthlyCents,
          },
          `atelier-${planKey(owned.monthlyCents)}`,
        ),
      );
      // The first charge when the paid month ends; PayPal wants a start in the future.
      const startTime = new Date(Math.max(sub.periodEnd.getTime(), Date.now() + 60_000));
      const created = await via.createSubscription(
        {
          planId,
          customId: String(owned.itemId),
          startTime,
          locale,
          returnUrl: `${deps.webUrl}/profile?tab=sales-success`,
          cancelUrl: `${deps.webUrl}/profile?tab=sales-fail`,
        },
        // A new subscription after a cancelled one is a new request; a retry replays the same one.
        `atelier-sub-${sub.id}-after-${sub.gatewaySubscriptionId ?? "none"}`,
      );
      const stored = await db.transaction(async (tx) => {
        const locked = await findSubscriptionById(tx, sub.id, true);
        if (!locked || locked.gatewaySubscriptionId !== sub.gatewaySubscriptionId) return locked;
        return updateSubscription(tx, sub.id, {
          gatewaySubscriptionId: created.id,
          autopay: "pending",
          autopayChangedAt: null,
        });
      });
      const id = stored?.gatewaySubscriptionId ?? created.id;
      return via.name === "stripe" && id === created.id && created.approveUrl
        ? { id, url: created.approveUrl }
        : { id };
    } catch (error) {
      if (error instanceof GatewayError) {
        log.warn({ err: error, itemId, gateway: via.name }, "autopay subscription could not be created");
        throw new AppError("payment_unavailable", 503, "non_field_errors");
      }
      throw error;
    }
  }

  // ---------- Payments of later months ----------

  /**
   * A month paid after the first (an autopay sale or a renewal order's capture), counted once per gateway
   * reference: the paid period moves on by one month from where it ended, whatever order events arrive in.
   */
  async function recordPayment(
    subscriptionId: number,
    payment: {
      reference: string;
      kind: "autopay" | "renewal_order";
      amountCents: number;
      /** Where the money came in: the primary gateway unless named (Stripe's invoices, D115). */
      gateway?: GatewayName;
    },
  ): Promise<"recorded" | "already_recorded" | "ended"> {
    return db.transaction(async (tx) => {
      const sub = await findSubscriptionById(tx, subscriptionId, true);
      if (!sub) throw new Error(`subscription ${subscriptionId} vanished`);
      // The next period of the contract's one definition (D121): from the day after the paid one, a month
      // of open days (closed days inside it are not billed, D122).
      const paid = paidDays(sub.periodStart, sub.periodEnd);
      const closed = await findPauses(tx, await findPageOfSubscription(tx, sub.id), paid.to);
      const { start: periodStart, end: periodEnd } = periodInstants(nextBillingPeriod(paid, closed));
      const fresh = await insertSubscriptionPayment(tx, {
        subscriptionId,
        gateway: payment.gateway ?? gateway.name,
        reference: payment.reference,
        kind: payment.kind,
        amountCents: payment.amountCents,
        periodStart,
        periodEnd,
      });
      if (!fresh) return "already_recorded";
      if (sub.status === "ended") {
        // The seat is already free; staff refund the month (logged, the payment is on record).
        log.error({ subscriptionId, reference: payment.reference }, "payment for an ended subscription");
        return "ended";
      }
      await updateSubscription(tx, sub.id, {
        periodStart,
        periodEnd,
        // The token stays: its link, opened again, says the month is paid.
        renewalOrderId: null,
        renewalApproveUrl: null,
        renewalOpenedAt: null,
        renewalFor: null,
        ...(payment.kind === "autopay" && sub.autopay === "suspended" ? { autopay: "active" as const } : {}),
      });
      return "recorded";
    });
  }

  /** `BILLING.SUBSCRIPTION.*` and `PAYMENT.SALE.COMPLETED` (the webhook stored the event once by its id). */
  async function handleEvent(event: SubscriptionEvent): Promise<"done" | "not_ours"> {
    const resource = event.resource ?? {};
    if (event.event_type === "PAYMENT.SALE.COMPLETED") {
      const gatewayId = resource.billing_agreement_id;
      const sub = gatewayId ? await findSubscriptionBy(db, "gatewaySubscriptionId", gatewayId) : undefined;
      if (!sub || !resource.id) {
        log.warn({ eventId: event.id }, "sale of an unknown subscription ignored");
        return "not_ours";
      }
      const amount = resource.amount?.total ?? resource.amount?.value ?? "0";
      await recordPayment(sub.id, {
        reference: resource.id,
        kind: "autopay",
        amountCents: Math.round(Number(amount) * 100),
      });
      return "done";
    }
    const autopay = AUTOPAY_BY_EVENT[event.event_type];
    if (!autopay || !resource.id) return "done";
    const changedAt = event.create_time ? new Date(event.create_time) : new Date();
    if (await applyAutopay(resource.id, autopay, changedAt)) return "done";
    log.warn({ eventId: event.id }, "status of an unknown subscription ignored");
    return "not_ours";
  }

  /** A gateway's word on a subscription's autopay, unless a later one was applied already. */
  async function applyAutopay(
    gatewaySubscriptionId: string,
    autopay: SubscriptionRow["autopay"],
    changedAt: Date,
    linkFrom?: string,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const sub =
        (await findSubscriptionBy(tx, "gatewaySubscriptionId", gatewaySubscriptionId, true)) ??
        (linkFrom ? await findSubscriptionBy(tx, "gatewaySubscriptionId", linkFrom, true) : undefined);
      if (!sub) return false;
      // Stripe's subscription takes the place of the Checkout Session that made it (D115).
      if (sub.gatewaySubscriptionId !== gatewaySubscriptionId)
        await updateSubscription(tx, sub.id, { gatewaySubscriptionId });
      // An event older than the last one applied arrived late: it no longer says how things stand.
      if (sub.autopayChangedAt && sub.autopayChangedAt.getTime() > changedAt.getTime()) return true;
      // Cancelled stays cancelled: neither PayPal nor Stripe reactivates a cancelled subscription.
      if (sub.autopay === "cancelled" && autopay !== "cancelled") return true;
      await updateSubscription(tx, sub.id, { autopay, autopayChangedAt: changedAt });
      return true;
    });
  }

  /**
   * Stripe's word on a course subscription's autopay (D115), verified and stored once by the webhook:
   * the Checkout Session completed (autopay on), a month's invoice paid (the same `recordPayment` as
   * PayPal's sales, once per invoice), a charge failed (suspended), the subscription ended or changed.
   * `keep`: the invoice's order item is ours and its subscription still waits for the session's event
   * (on its way); Stripe retries. `not_ours`: no subscription of ours, nor one waiting (D201).
   */
  async function handleStripeEvent(event: StripeSubscriptionEvent): Promise<"done" | "keep" | "not_ours"> {
    if (event.kind === "session_completed") {
      const found = await applyAutopay(event.subscriptionId, "active", event.at, event.sessionId);
      if (!found) log.warn({ sessionId: event.sessionId }, "Stripe autopay of an unknown subscription");
      return found ? "done" : "not_ours";
    }
    if (event.kind === "invoice_paid") {
      // The month already paid was Stripe's trial: its invoice of 0 € is no payment.
      if (event.amountCents <= 0) return "done";
      const sub = await findSubscriptionBy(db, "gatewaySubscriptionId", event.subscriptionId);
      if (!sub) return (await awaitsStripeLink(event.customId)) ? "keep" : "not_ours";
      await recordPayment(sub.id, {
        reference: event.invoiceId,
        kind: "autopay",
        amountCents: event.amountCents,
        gateway: "stripe",
      });
      return "done";
    }
    if (!(await applyAutopay(event.subscriptionId, event.autopay, event.at))) {
      log.warn({ subscriptionId: event.subscriptionId }, "status of an unknown Stripe subscription ignored");
      return "not_ours";
    }
    return "done";
  }

  /** Whether `customId` names an order item whose subscription waits for its Stripe session to complete. */
  async function awaitsStripeLink(customId: string): Promise<boolean> {
    const itemId = /^[1-9][0-9]{0,9}$/.test(customId) ? Number(customId) : 0;
    if (!itemId || itemId > 2_147_483_647) return false;
    const sub = await findSubscriptionByItem(db, itemId);
    return sub?.autopay === "pending" && (sub.gatewaySubscriptionId?.startsWith("cs_") ?? false);
  }

  /** The buyer approved the next month's payment: capture it and record the month. */
  async function payRenewal(gatewayOrderId: string): Promise<boolean> {
    const sub = await findSubscriptionBy(db, "renewalOrderId", gatewayOrderId);
    if (!sub) return false;
    let capture: GatewayCapture | null;
    try {
      capture = (
        await gateway.captureOrder(gatewayOrderId, `atelier-renew-${sub.id}-capture-${gatewayOrderId}`)
      ).capture;
    } catch (error) {
      if (!(error instanceof GatewayError) || error.failure !== "already_captured") {
        log.warn({ err: error, subscriptionId: sub.id }, "renewal not captured");
        return false;
      }
      const known = await gateway.getOrder(gatewayOrderId).catch((lookup: unknown) => {
        log.warn({ err: lookup, subscriptionId: sub.id }, "captured renewal could not be looked up");
        return undefined;
      });
      capture = known?.capture ?? null;
    }
    if (capture?.status !== "COMPLETED") return false;
    const outcome = await recordPayment(sub.id, {
      reference: capture.id,
      kind: "renewal_order",
      amountCents: capture.amountCents,
    });
    return outcome !== "ended";
  }

  /** A capture webhook of a renewal order (the parent closed the tab before returning). */
  async function recordRenewalCapture(gatewayOrderId: string, capture: GatewayCapture): Promise<boolean> {
    const sub = await findSubscriptionBy(db, "renewalOrderId", gatewayOrderId);
    if (!sub) return false;
    if (capture.status === "COMPLETED")
      await recordPayment(sub.id, {
        reference: capture.id,
        kind: "renewal_order",
        amountCents: capture.amountCents,
      });
    return true;
  }

  // ---------- The worker's part ----------

  /** Opens the one-off payment of the next month (a PayPal order like checkout's). */
  /** The next month can be paid by hand: a link with a random token (the PayPal order comes on opening it). */
  async function openRenewal(sub: SubscriptionRow) {
    await db.transaction(async (tx) => {
      const locked = await findSubscriptionById(tx, sub.id, true);
      if (!locked || locked.periodEnd.getTime() !== sub.periodEnd.getTime() || locked.cancelAt) return;
      await updateSubscription(tx, sub.id, {
        renewalToken: randomBytes(24).toString("base64url"),
        renewalFor: sub.periodEnd,
        renewalOrderId: null,
        renewalApproveUrl: null,
        renewalOpenedAt: null,
      });
    });
  }

  /**
   * `GET /orders/subscriptions/renewal/pay/?token=`: where the parent's "pay the next month" leads. A PayPal
   * order like checkout's is made (or the last one reused while it is fresh) and the parent sent to approve
   * it; a link whose month was paid or that no longer applies goes back to the profile.
   */
  async function renewalPayment(token: string): Promise<string> {
    const sub = await findSubscriptionBy(db, "renewalToken", token);
    const profile = (tab: string) => `${deps.webUrl}/profile?tab=${tab}`;
    if (sub?.status !== "running" || sub.cancelAt) return profile("sales-fail");
    if (sub.renewalFor?.getTime() !== sub.periodEnd.getTime()) return profile("sales-success");
    const fresh = sub.renewalOpenedAt && Date.now() - sub.renewalOpenedAt.getTime() < RENEWAL_ORDER_FRESH_MS;
    if (fresh && sub.renewalApproveUrl) return sub.renewalApproveUrl;
    const owned = await ownedById(sub);
    if (!owned) return profile("sales-fail");
    const day = sub.periodEnd.toISOString().slice(0, 10);
    const amount = eur(owned.monthlyCents);
    // One order per period and window of freshness: opening the link twice in a row sends one request.
    const window = Math.floor(Date.now() / RENEWAL_ORDER_FRESH_MS);
    let created: Awaited<ReturnType<PaymentGateway["createOrder"]>>;
    try {
      created = await gateway.createOrder(
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: `sub-${sub.id}`,
              custom_id: `sub-${sub.id}`,
              invoice_id: `ATELIER-SUB-${sub.id}-${day}-${window}`,
              description: `${contractNameOf(owned)}: ${day}`.slice(0, 127),
              amount: { ...amount, breakdown: { item_total: amount } },
              items: [
                {
                  name: contractNameOf(owned).slice(0, 127),
                  quantity: "1",
                  unit_amount: amount,
                  category: "DIGITAL_GOODS",
                },
              ],
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: "Atelier",
                locale: INTL_LOCALES[owned.locale],
                shipping_preference: "NO_SHIPPING",
                user_action: "PAY_NOW",
                return_url: `${deps.publicUrl}/api/v2/orders/subscriptions/renewal/return/`,
                cancel_url: profile("sales-fail"),
              },
            },
          },
        },
        `atelier-renew-${sub.id}-${day}-${window}`,
      );
    } catch (error) {
      // PayPal unreachable or refusing: the parent lands on the profile's failure notice, the link stays valid.
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ err: error, subscriptionId: sub.id }, "renewal order not created");
      return profile("sales-fail");
    }
    await db.transaction(async (tx) => {
      const locked = await findSubscriptionById(tx, sub.id, true);
      if (locked?.renewalToken !== token || locked.renewalFor?.getTime() !== locked.periodEnd.getTime())
        return;
      await updateSubscription(tx, sub.id, {
        renewalOrderId: created.id,
        renewalApproveUrl: created.approveUrl,
        renewalOpenedAt: new Date(),
      });
    });
    return created.approveUrl ?? profile("sales-fail");
  }

  async function ownedById(sub: SubscriptionRow) {
    const [row] = await findSubscriptionOfItem(db, sub.orderItemId);
    return row;
  }

  /** The paid month is over (cancelled, or nobody paid the next one): the item ends and frees the seat. */
  async function end(sub: SubscriptionRow) {
    await db.transaction(async (tx) => {
      const locked = await findSubscriptionById(tx, sub.id, true);
      if (locked?.status !== "running") return;
      const endsAt = locked.cancelAt ?? locked.periodEnd;
      const grace = locked.autopay === "active" && !locked.cancelAt ? graceHours * 3_600_000 : 0;
      if (endsAt.getTime() + grace > Date.now()) return;
      await updateSubscription(tx, sub.id, { status: "ended", claimedUntil: null });
      await endItem(tx, locked.orderItemId);
    });
    // Nothing more is charged for an ended contract.
    if (sub.gatewaySubscriptionId && sub.autopay !== "cancelled" && sub.autopay !== "none") {
      await gateway
        .cancelSubscription(sub.gatewaySubscriptionId, "Vertrag beendet")
        .catch((error: unknown) =>
          log.warn({ err: error, subscriptionId: sub.id }, "ended subscription not cancelled at PayPal"),
        );
    }
  }

  async function runOnce(): Promise<{ ended: number; renewals: number; cancelled: number }> {
    const round = { ended: 0, renewals: 0, cancelled: 0 };
    const due = await claimDueSubscriptions(db, { limit: 25, leaseSeconds: 120, graceHours });
    for (const sub of due) {
      try {
        if (sub.gatewayCancelDue) {
          await cancelAtGateway(sub);
          round.cancelled += 1;
        }
        const endsAt = (sub.cancelAt ?? sub.periodEnd).getTime();
        const grace = sub.autopay === "active" && !sub.cancelAt ? graceHours * 3_600_000 : 0;
        if (endsAt + grace <= Date.now()) {
          await end(sub);
          round.ended += 1;
        } else if (
          !sub.cancelAt &&
          sub.autopay !== "active" &&
          sub.renewalFor?.getTime() !== sub.periodEnd.getTime()
        ) {
          await openRenewal(sub);
          round.renewals += 1;
        }
      } catch (error) {
        log.warn({ err: error, subscriptionId: sub.id }, "subscription left for the next round");
      }
      await updateSubscription(db, sub.id, { claimedUntil: null }).catch(() => undefined);
    }
    return round;
  }

  return {
    makeRecurring,
    handleEvent,
    handleStripeEvent,
    payRenewal,
    renewalPayment,
    recordRenewalCapture,
    cancelItem: cancellation.cancelItem,
    declare: cancellation.declare,
    cancellable: cancellation.cancellable,
    runOnce,
    recordPayment,
  };
}
