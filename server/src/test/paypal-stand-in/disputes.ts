import { capturedOrder, money } from "./refunds.ts";
import { capturedCents, type Json, type PayPalStore } from "./store.ts";

/**
 * A captured order's payment disputed or reversed at PayPal, as PayPal's webhooks carry it: a dispute
 * (`CUSTOMER.DISPUTE.*`, Customer Disputes API resource) names the capture as its disputed transaction's
 * `seller_transaction_id`; a reversal (`PAYMENT.CAPTURE.REVERSED`) is a refund resource whose "up" link
 * names the capture. One dispute per order, so every event of a case names the same dispute id.
 */

export type StandInDisputeStatus = "OPEN" | "WAITING_FOR_SELLER_RESPONSE" | "UNDER_REVIEW" | "RESOLVED";

const disputeIds = new Map<string, string>();

export function disputeResource(
  store: PayPalStore,
  orderId: string,
  status: StandInDisputeStatus,
  outcome?: "RESOLVED_BUYER_FAVOUR" | "RESOLVED_SELLER_FAVOUR" | "RESOLVED_WITH_PAYOUT" | "CANCELED_BY_BUYER",
): Json {
  const order = capturedOrder(store, orderId);
  let id = disputeIds.get(orderId);
  if (!id) {
    id = `PP-D-${store.next()}`;
    disputeIds.set(orderId, id);
  }
  return {
    dispute_id: id,
    create_time: new Date().toISOString(),
    update_time: new Date().toISOString(),
    disputed_transactions: [
      {
        seller_transaction_id: order.captureId,
        seller: { merchant_id: "STAND-IN-MERCHANT" },
        gross_amount: money(capturedCents(order)),
      },
    ],
    reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
    status,
    dispute_amount: money(capturedCents(order) - order.refundedCents),
    dispute_life_cycle_stage: "CHARGEBACK",
    dispute_channel: "EXTERNAL",
    ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
    links: [{ href: `${store.url}/v1/customer/disputes/${id}`, rel: "self", method: "GET" }],
  };
}

/** PayPal takes the capture's money back (all that is not refunded, or `cents`): the reversal's resource. */
export function reversalResource(store: PayPalStore, orderId: string, cents?: number): Json {
  const order = capturedOrder(store, orderId);
  const reversed = cents ?? capturedCents(order) - order.refundedCents;
  order.refundedCents += reversed;
  const id = `REV${store.next()}`;
  return {
    id,
    status: "COMPLETED",
    amount: money(reversed),
    note_to_payer: "Payment reversed",
    links: [
      { href: `${store.url}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
      { href: `${store.url}/v2/payments/captures/${order.captureId}`, rel: "up", method: "GET" },
    ],
  };
}
