import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db, Tx } from "../db/index.ts";
import type { Gateways } from "../payments/index.ts";
import { findOrder, findPayment, type OrderRow } from "./checkout.repository.ts";

/**
 * Stripe's back link restores the cart on the server (D291, issue 31 item 13). Stripe sends a buyer who
 * turns back to `cancel_url` as given; the school's existing front end only reloads there, so the cart it
 * reads next would be empty and the order held until its reservation ran out. The session's `cancel_url`
 * is therefore ours: `GET /api/v2/payments/stripe/cancel/` closes the session at Stripe, puts the items
 * back into the cart (as `cancel_payment` does for our own web) and redirects to the front end's
 * `cancel_url`. The address is signed with the webhook secret, so nobody cancels another parent's
 * payment by guessing order numbers, and it sends the browser only where the front end asked.
 */

export type StripeCancelSettings = {
  /** The API's public origin (PUBLIC_URL): where Stripe's back link leads first. */
  apiUrl: string;
  /** The key of the signature (the webhook's signing secret, which only the server knows). */
  secret: string;
};

export const STRIPE_CANCEL_PATH = "/api/v2/payments/stripe/cancel/";

const signatureOf = (secret: string, orderId: number, attempt: number, next: string) =>
  createHmac("sha256", secret).update(`stripe-cancel\n${orderId}\n${attempt}\n${next}`).digest("base64url");

/** The `cancel_url` Stripe gets for a staging of an order: ours, leading on to the front end's `next`. */
export function stripeCancelUrl(
  settings: StripeCancelSettings,
  order: { id: number; paymentAttempt: number },
  next: string,
): string {
  const url = new URL(STRIPE_CANCEL_PATH, settings.apiUrl);
  url.searchParams.set("order", String(order.id));
  url.searchParams.set("attempt", String(order.paymentAttempt));
  url.searchParams.set("next", next);
  url.searchParams.set("sig", signatureOf(settings.secret, order.id, order.paymentAttempt, next));
  return url.toString();
}

export type StripeCancelQuery = { order: number; attempt: number; next: string; sig: string };

/** Whether the back link was made by this server for this order, staging and destination. */
export function isSignedCancel(settings: StripeCancelSettings, query: StripeCancelQuery): boolean {
  const expected = Buffer.from(signatureOf(settings.secret, query.order, query.attempt, query.next));
  const given = Buffer.from(query.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The buyer came back by Stripe's back link: the session is expired at Stripe (so it can no longer be
 * paid in another tab) and, when Stripe confirms it ended unpaid, the order's items go back into the
 * parent's cart. A session paid meanwhile is left to its capture. Answers where the browser goes on to.
 */
export async function cancelAtStripe(
  deps: {
    db: Db;
    gateway: Gateways;
    restoreToCart: (tx: Tx, order: OrderRow, closedAs: "cancelled") => Promise<void>;
  },
  query: StripeCancelQuery,
): Promise<void> {
  const order = await findOrder(deps.db, query.order);
  const sessionId = order?.paypalId;
  if (!order || !sessionId || order.status !== "awaiting_payment") return;
  if (order.paymentAttempt !== query.attempt || deps.gateway.nameOf(sessionId) !== "stripe") return;
  await deps.gateway.voidOrder?.(sessionId);
  const now = await deps.gateway.getOrder(sessionId);
  if (now.status !== "VOIDED" || now.capture) return;
  await deps.db.transaction(async (tx) => {
    const locked = await findOrder(tx, order.id, true);
    if (locked?.status !== "awaiting_payment" || locked.paypalId !== sessionId) return;
    const payment = await findPayment(tx, "stripe", sessionId);
    if (payment?.captureId) return;
    await deps.restoreToCart(tx, locked, "cancelled");
  });
}
