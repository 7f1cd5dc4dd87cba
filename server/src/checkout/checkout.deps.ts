// What every use case of the checkout shares (D355): the service's typed `deps` as app.ts hands them in,
// plus what is derived from them once (the gateway ids of this shop, the cart's deps that the orders entry's
// cart functions take). Each use case is a module of plain functions taking this context first, so a reader
// opens the one use case they change.
import type { Locale } from "@atelier/contract";
import type { SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { CartDeps, CartItemRow, CartService } from "../orders/index.ts";
import type { Gateways } from "../payments/index.ts";
import type { ItemRefunds } from "./gateway-refunds.ts";
import { type Installation, type PaymentIds, paymentIds } from "./installation.ts";
import type { StripeCancelSettings } from "./stripe-cancel.ts";

/**
 * What happens with a paid order's documents (invoice number, check-in codes, confirmation mail) and the
 * notice of an automatic refund; both run inside the transaction that records the payment.
 */
export type OrderDocuments = {
  /**
   * Issues a paid order's documents; the invoice's number is taken in the last statement (D404), which
   * also answers `lastAsk` (a boolean SQL expression) once the invoice counter's row is held.
   */
  issue(tx: Tx, orderId: number, lastAsk?: SQL): Promise<IssuedDocuments>;
  /** `refundFailed`: the gateway refused the refund, the school pays it another way (D578). */
  refundNotice(
    tx: Tx,
    orderId: number,
    amountCents: number,
    reason: RefundReason,
    refundFailed?: boolean,
  ): Promise<void>;
};

/** What issuing a paid order's documents answers, and what the payment's reply may take from it (D452). */
export type IssuedDocuments = {
  /** `lastAsk`'s answer; undefined when no number was taken (the invoice existed) and it was not asked. */
  answer: boolean | undefined;
  /** The order's invoice number: taken now, or the one issued before. */
  invoiceNumber: string;
  /**
   * Every item of the order as the documents read them, in the order's locale, after the last change to
   * them in the transaction; undefined when the documents read none (the invoice existed).
   */
  items: { locale: Locale; rows: CartItemRow[] } | undefined;
};

/** Why the shop sends a captured payment back (the refund notice says it). */
export type RefundReason = "seats_gone" | "promocode_used_up" | "gift_card_released" | "capture_mismatch";

export type CheckoutDeps = {
  /** Whether an order had a withdrawal (D75), handed down from the withdrawals area above. */
  itemRefunds: ItemRefunds;
  db: Db;
  /** This shop's id, part of every id sent to the gateway (D90). */
  installation: Installation;
  cart: CartService;
  /** PayPal (or the demo) and Stripe when configured, each id sent to the gateway that issued it (D103). */
  gateway: Gateways;
  documents: OrderDocuments;
  reservationMinutes: number;
  /** Origins a success_url or cancel_url may point to (the web app, the API, CORS origins). */
  redirectOrigins: string[];
  paypal: { clientId: string | null; sdkUrl: string };
  /** How Stripe's back link is signed and where it leads first (D291); null without Stripe. */
  stripeCancel: StripeCancelSettings | null;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Work the reply need not wait for (a refund due): run after the reply. */
  defer: (name: string, work: () => Promise<unknown>) => void;
};

/** The deps with what every use case derives from them, built once per service. */
export type CheckoutContext = CheckoutDeps & {
  ids: PaymentIds;
  /** What the orders entry's cart functions (lockCart, repriceCart, …) are called with. */
  cartDeps: CartDeps;
};

export function checkoutContext(deps: CheckoutDeps): CheckoutContext {
  return { ...deps, ids: paymentIds(deps.installation), cartDeps: deps.cart.deps };
}

/**
 * The outcome of recording a capture: `refund_due` (the seats or the promocode's use went to others),
 * `mismatch` (another shop's order, or another amount or currency: never paid), `refunded` (refunded at
 * PayPal before we knew of it: never paid), `not_completed` (declined or failed: the callers decline).
 */
export type CaptureOutcome =
  | "paid"
  | "already_recorded"
  | "pending"
  | "refund_due"
  | "mismatch"
  | "refunded"
  | "not_completed";

export const fail = (code: Parameters<typeof AppError.validation>[1]) =>
  AppError.validation("non_field_errors", code);
