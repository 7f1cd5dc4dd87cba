// Paying the next month by hand, without autopay: the worker opens a link with a random token, the link
// makes a PayPal order like checkout's when the parent opens it, and the capture records the month.
import { randomBytes } from "node:crypto";
import { berlinDate, INTL_LOCALES } from "@atelier/contract";
import { eur, type GatewayCapture, GatewayError, type PaymentGateway } from "../payments/index.ts";
import { mailRenewalDue } from "./contract-mails.ts";
import { recordPayment } from "./record-payment.ts";
import type { SubscriptionsContext } from "./subscriptions.deps.ts";
import {
  contractNameOf,
  findSubscriptionBy,
  findSubscriptionById,
  findSubscriptionOfItem,
  type OwnedSubscription,
  type SubscriptionRow,
  updateSubscription,
} from "./subscriptions.repository.ts";

/** An unapproved PayPal order is made anew after this long (PayPal lets unapproved orders lapse). */
const RENEWAL_ORDER_FRESH_MS = 2 * 3_600_000;

/**
 * The next month can be paid by hand: a link with a random token (the PayPal order comes on opening it),
 * mailed to the parent in the same transaction (D550). Once per paid month: a link already open for it is
 * left alone, so a second round mails nothing.
 */
export async function openRenewal(ctx: SubscriptionsContext, sub: SubscriptionRow) {
  await ctx.db.transaction(async (tx) => {
    const locked = await findSubscriptionById(tx, sub.id, true);
    if (!locked || locked.periodEnd.getTime() !== sub.periodEnd.getTime() || locked.cancelAt) return;
    if (locked.renewalFor?.getTime() === locked.periodEnd.getTime()) return;
    const renewalToken = randomBytes(24).toString("base64url");
    await updateSubscription(tx, sub.id, {
      renewalToken,
      renewalFor: sub.periodEnd,
      renewalOrderId: null,
      renewalApproveUrl: null,
      renewalOpenedAt: null,
    });
    await mailRenewalDue(ctx, tx, locked, renewalToken);
  });
}

/**
 * `GET /orders/subscriptions/renewal/pay/?token=`: where the parent's "pay the next month" leads. A PayPal
 * order like checkout's is made (or the last one reused while it is fresh) and the parent sent to approve
 * it; a link whose month was paid or that no longer applies goes back to the profile.
 */
export async function renewalPayment(ctx: SubscriptionsContext, token: string): Promise<string> {
  const { db, gateway, log } = ctx;
  const sub = await findSubscriptionBy(db, "renewalToken", token);
  const profile = (tab: string) => `${ctx.webUrl}/profile?tab=${tab}`;
  if (sub?.status !== "running" || sub.cancelAt) return profile("sales-fail");
  if (sub.renewalFor?.getTime() !== sub.periodEnd.getTime()) return profile("sales-success");
  const fresh = sub.renewalOpenedAt && Date.now() - sub.renewalOpenedAt.getTime() < RENEWAL_ORDER_FRESH_MS;
  if (fresh && sub.renewalApproveUrl) return sub.renewalApproveUrl;
  const [owned] = await findSubscriptionOfItem(db, sub.orderItemId);
  if (!owned) return profile("sales-fail");
  // The keys keep the UTC day they always had (an instance of the version before makes the same key); the
  // parent reads the Berlin day the month begins (D547).
  const day = sub.periodEnd.toISOString().slice(0, 10);
  const firstDay = berlinDate(sub.periodEnd);
  // One order per period and window of freshness: opening the link twice in a row sends one request.
  const window = Math.floor(Date.now() / RENEWAL_ORDER_FRESH_MS);
  let created: Awaited<ReturnType<PaymentGateway["createOrder"]>>;
  try {
    created = await gateway.createOrder(
      renewalOrderRequest(ctx, sub, owned, `${day}-${window}`, firstDay, profile("sales-fail")),
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
    if (locked?.renewalToken !== token || locked.renewalFor?.getTime() !== locked.periodEnd.getTime()) return;
    await updateSubscription(tx, sub.id, {
      renewalOrderId: created.id,
      renewalApproveUrl: created.approveUrl,
      renewalOpenedAt: new Date(),
    });
  });
  return created.approveUrl ?? profile("sales-fail");
}

/** The PayPal order of one month, as checkout's orders are made (one unit, no shipping, pay now). */
function renewalOrderRequest(
  ctx: SubscriptionsContext,
  sub: SubscriptionRow,
  owned: OwnedSubscription,
  attempt: string,
  day: string,
  cancelUrl: string,
): Parameters<PaymentGateway["createOrder"]>[0] {
  const amount = eur(owned.monthlyCents);
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: `sub-${sub.id}`,
        custom_id: `sub-${sub.id}`,
        invoice_id: `ATELIER-SUB-${sub.id}-${attempt}`,
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
          return_url: `${ctx.publicUrl}/api/v2/orders/subscriptions/renewal/return/`,
          cancel_url: cancelUrl,
        },
      },
    },
  };
}

/** The buyer approved the next month's payment: capture it and record the month. */
export async function payRenewal(ctx: SubscriptionsContext, gatewayOrderId: string): Promise<boolean> {
  const { db, gateway, log } = ctx;
  const sub = await findSubscriptionBy(db, "renewalOrderId", gatewayOrderId);
  if (!sub) return false;
  // A contract the parent cancelled, or that ended, since the link was opened takes no more months: the
  // approval is not captured, so no money is taken for a month that would not come (D511).
  if (sub.status !== "running" || sub.cancelAt) {
    log.info(
      { subscriptionId: sub.id },
      "renewal approved after the contract was cancelled or ended; not captured",
    );
    return false;
  }
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
  const outcome = await recordPayment(ctx, sub.id, {
    reference: capture.id,
    kind: "renewal_order",
    amountCents: capture.amountCents,
  });
  return outcome !== "ended";
}

/** A capture webhook of a renewal order (the parent closed the tab before returning). */
export async function recordRenewalCapture(
  ctx: SubscriptionsContext,
  gatewayOrderId: string,
  capture: GatewayCapture,
): Promise<boolean> {
  const sub = await findSubscriptionBy(ctx.db, "renewalOrderId", gatewayOrderId);
  if (!sub) return false;
  if (capture.status === "COMPLETED")
    await recordPayment(ctx, sub.id, {
      reference: capture.id,
      kind: "renewal_order",
      amountCents: capture.amountCents,
    });
  return true;
}
