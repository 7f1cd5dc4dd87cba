import type {
  FulfillRequest as FulfillBody,
  FulfillQuery,
  FulfillReply,
  Locale,
  Order,
  PaymentConfig,
  PaymentLink,
  PaymentLinkState,
} from "@atelier/contract";
import {
  CURRENCY,
  childRequiredAtCheckout,
  INTL_LOCALES,
  invoiceNeedsAddress,
  isStoredId,
  missingAddressFields,
} from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import { fillEmptyAddress } from "../accounts/index.ts";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { type BillingDetails, EMPTY_BILLING } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { redeemGiftCard, releaseGiftCard } from "../gift-cards/index.ts";
import type { CartService } from "../orders/index.ts";
import { countRedemptions, findCartItems, findUserCart } from "../orders/index.ts";
import {
  type GatewayAddress,
  type GatewayCapture,
  GatewayError,
  type GatewayOrder,
  type Gateways,
  type PaymentGateway,
} from "../payments/index.ts";
import {
  deleteRedemption,
  findBillingOfUser,
  findInvoiceNumber,
  findOrder,
  findOrderByCartId,
  findPayment,
  findPaymentById,
  findRefundsDue,
  insertPayment,
  insertRedemption,
  insertRefund,
  lockPromocode,
  lockUnits,
  type OrderRow,
  orderUnits,
  type PaymentRow,
  seatsStillFree,
  stageOrder,
  updateOrder,
  updatePayment,
} from "./checkout.repository.ts";
import { applyKeptRefunds, type HasWithdrawals } from "./gateway-refunds.ts";
import { type Installation, paymentIds } from "./installation.ts";
import {
  countFailedRefund,
  findIssue,
  noteIssue,
  type PaymentIssueReason,
  resolveRefundIssue,
} from "./payment-issues.repository.ts";
import { findLinkByToken, isLinkedOrder } from "./payment-links.repository.ts";
import { buildPayPalOrderRequest } from "./paypal-order-request.ts";
import {
  cancelAtStripe,
  isSignedCancel,
  type StripeCancelQuery,
  type StripeCancelSettings,
  stripeCancelUrl,
} from "./stripe-cancel.ts";

/**
 * What happens with a paid order's documents (invoice number, check-in codes, confirmation mail) and the
 * notice of an automatic refund; both run inside the transaction that records the payment.
 */
export type OrderDocuments = {
  issue(tx: Tx, orderId: number): Promise<void>;
  refundNotice(tx: Tx, orderId: number, amountCents: number, reason: RefundReason): Promise<void>;
};

/** Why the shop sends a captured payment back (the refund notice says it). */
export type RefundReason = "seats_gone" | "promocode_used_up" | "capture_mismatch";

export type CheckoutDeps = {
  /** Whether an order had a withdrawal (D75), handed down from the withdrawals area above. */
  orderHasWithdrawals: HasWithdrawals;
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

export type CheckoutService = ReturnType<typeof createCheckoutService>;

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

const fail = (code: Parameters<typeof AppError.validation>[1]) =>
  AppError.validation("non_field_errors", code);

/** Whether a promocode's limits are reached by the uses counted (one rule for staging and late payments). */
const usedUp = (
  code: { maxUses: number | null; maxUsesPerUser: number | null },
  used: { total: number; byUser: number },
) =>
  (code.maxUses !== null && used.total >= code.maxUses) ||
  (code.maxUsesPerUser !== null && used.byUser >= code.maxUsesPerUser);

/** What the parent hears about a payment the shop could not keep, by the reason noted for it. */
const REFUSAL_BY_REASON: Record<PaymentIssueReason, Parameters<typeof AppError.validation>[1]> = {
  seats_gone: "reservation_expired",
  promocode_used_up: "promocode_used_up_late",
  capture_mismatch: "payment_mismatch",
  not_our_order: "payment_mismatch",
  refunded_at_paypal: "order_not_payable",
};

const NUMERIC = /^\d{1,10}$/;

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, cart, gateway, documents, log } = deps;
  const ids = paymentIds(deps.installation);
  const { lockCart, reprice, recheckItems, moveItems, toOrder } = cart.internals;

  // ---------- Lookups ----------

  /** An order by our number or by the gateway's order id, with the payment the id names (or its current one). */
  async function resolve(
    ref: string,
  ): Promise<{ order: OrderRow; payment: PaymentRow | undefined } | undefined> {
    if (NUMERIC.test(ref)) {
      if (!isStoredId(Number(ref))) return undefined;
      const order = await findOrder(db, Number(ref));
      if (!order) return undefined;
      const payment = order.paypalId
        ? await findPayment(db, gateway.nameOf(order.paypalId), order.paypalId)
        : undefined;
      return { order, payment };
    }
    const payment = await findPayment(db, gateway.nameOf(ref), ref);
    if (!payment) return undefined;
    const order = await findOrder(db, payment.orderId);
    return order ? { order, payment } : undefined;
  }

  async function view(orderId: number, locale: Locale): Promise<Order> {
    const order = await findOrder(db, orderId);
    if (!order) throw AppError.notFound();
    const [reply, invoiceNumber] = await Promise.all([
      toOrder(order, locale),
      findInvoiceNumber(db, orderId),
    ]);
    return { ...reply, invoice_number: invoiceNumber };
  }

  function checkRedirect(url: string | undefined, field: string) {
    if (url === undefined) return;
    const origin = new URL(url).origin;
    if (!deps.redirectOrigins.includes(origin)) throw AppError.validation(field, "redirect_not_allowed");
  }

  // ---------- Payment links (D157) ----------

  /** The order a link pays; another parent's link, or none, is not found. */
  async function linkedOrder(userId: number, token: string): Promise<OrderRow> {
    const link = await findLinkByToken(db, token);
    const order = link ? await findOrder(db, link.orderId) : undefined;
    if (!order || order.userId !== userId) throw AppError.notFound();
    return order;
  }

  function linkState(order: OrderRow): PaymentLinkState {
    if (order.status === "paid") return "paid";
    if (order.status === "expired") return "expired";
    if (order.status !== "awaiting_payment") return "closed";
    return order.reservedUntil && order.reservedUntil.getTime() > Date.now() ? "open" : "expired";
  }

  // ---------- Back to the cart ----------

  /**
   * The order's items go back into the parent's cart (the buyer cancelled, PayPal declined, the gateway
   * failed). Without a cart, the order becomes the cart again; with one, its items move into it
   * (duplicates dropped) and the order is closed with `closedAs`.
   */
  async function restoreToCart(tx: Tx, order: OrderRow, closedAs: "cancelled" | "declined", locale: Locale) {
    await deleteRedemption(tx, order.id);
    await releaseGiftCard(tx, order);
    const payment = order.paypalId
      ? await findPayment(tx, gateway.nameOf(order.paypalId), order.paypalId, true)
      : undefined;
    if (payment && payment.captureId === null) await updatePayment(tx, payment.id, { status: "failed" });
    // An order staff built (D157) stays what the link pays: only this attempt at paying it ends.
    if (await isLinkedOrder(tx, order.id)) {
      await updateOrder(tx, order.id, { paypalId: null });
      return;
    }
    if (order.userId === null) {
      await updateOrder(tx, order.id, { status: closedAs, reservedUntil: null });
      return;
    }
    const current = await findUserCart(tx, order.userId, true);
    if (!current) {
      const reopened = await updateOrder(tx, order.id, {
        status: "cart",
        reservedUntil: null,
        stagedAt: null,
        paypalId: null,
      });
      await reprice(tx, reopened, locale);
      return;
    }
    await moveItems(tx, order.id, current, locale);
    if (current.promocodeId === null) current.promocodeId = order.promocodeId;
    await reprice(tx, current, locale);
    await updateOrder(tx, order.id, { status: closedAs, reservedUntil: null });
  }

  // ---------- Fulfil ----------

  /**
   * A retried fulfil for a cart that is already in payment answers that payment again. Inside a
   * transaction it must read through `tx`: on PGlite a read through `db` waits for the transaction
   * forever (issue 19, item 9).
   */
  async function replay(
    userId: number,
    cartId: string | undefined,
    from: DbOrTx = db,
  ): Promise<OrderRow | undefined> {
    if (!cartId) return undefined;
    const order = await findOrderByCartId(from, cartId);
    if (!order || order.userId !== userId || order.status !== "awaiting_payment") return undefined;
    if (!order.reservedUntil || order.reservedUntil.getTime() <= Date.now()) return undefined;
    return order;
  }

  /** Re-prices, re-checks and reserves the cart in one short transaction; returns the staged order. */
  async function stage(
    userId: number,
    cartId: string | undefined,
    body: FulfillBody,
    locale: Locale,
    gatewayCollectsAddress: boolean,
  ): Promise<OrderRow | "replay"> {
    return db.transaction(async (tx) => {
      const current = await lockCart(tx, { userId, cartId }, locale);
      const items = await findCartItems(tx, current.id, locale);
      if (items.length === 0) {
        if (await replay(userId, cartId, tx)) return "replay";
        throw fail("cart_empty");
      }
      if (body?.terms_accepted === false) throw AppError.validation("terms_accepted", "terms_required");
      // A guest's local child must be saved (transferred at sign-in) before it can be booked for money.
      if (items.some((item) => item.visitorId === null && item.guestVisitorRef !== null))
        throw AppError.validation("visitor", "visitor_required");
      // An item added without a child (D94) is paid for only once its child is named.
      if (items.some((item) => childRequiredAtCheckout(item.scheduleType) && item.visitorId === null))
        throw AppError.validation("visitor", "visitor_required_at_checkout");

      await lockUnits(
        tx,
        items.flatMap((item) => item.slots.map((slot) => slot.id)),
        items.flatMap((item) => item.weeks.map((week) => week.id)),
      );
      await recheckItems(tx, current, items);
      const priced = await reprice(tx, current, locale);

      if (current.promocodeId !== null && priced.promocode === "applied") {
        // The code's row lock makes concurrent checkouts count its uses one after the other.
        const code = await lockPromocode(tx, current.promocodeId);
        if (code) {
          if (usedUp(code, await countRedemptions(tx, code.id, userId)))
            throw AppError.validation("promocode", "promocode_used_up");
          await insertRedemption(tx, {
            promocodeId: code.id,
            orderId: current.id,
            userId,
            discountCents: items.reduce((sum, item) => sum + item.promocodeDiscountCents, 0),
          });
        }
      }

      const profile = await findBillingOfUser(tx, userId);
      const billing: BillingDetails = {
        ...(profile ?? EMPTY_BILLING),
        ...(body?.billing ? fromBillingInput(body.billing) : {}),
      };
      // § 14 UStG: an invoice over 250 € carries the buyer's full address (D170). Checked before anything
      // is written, so a refused fulfil leaves the cart as it was (the transaction rolls back). A fulfil
      // without a billing form (the existing client has none) to a gateway that collects the address
      // (Stripe, PayPal) goes on: the address comes with the payment (D290).
      const missing = missingAddressFields(billing);
      const addressLater = gatewayCollectsAddress && !body?.billing;
      if (missing.length > 0 && invoiceNeedsAddress(priced.totalCheckoutCents) && !addressLater)
        throw AppError.fieldErrors(
          Object.fromEntries(missing.map((field) => [`billing.${field}`, ["billing_address_required"]])),
        );
      // A whole address typed at checkout is kept on the profile for the next order, where it has none (D171).
      if (missing.length === 0 && body?.billing)
        await fillEmptyAddress(tx, userId, {
          street: billing.street.trim(),
          postCode: billing.post_code.trim(),
          city: billing.city.trim(),
          country: billing.country.trim(),
        });
      const staged = await stageOrder(tx, current.id, {
        minutes: deps.reservationMinutes,
        billing,
        termsAccepted: body?.terms_accepted === true,
        locale,
      });
      if (staged.giftCardId === null) return staged;
      // The card's balance is spent now, under its lock; it may have changed since the cart was priced.
      const due = staged.totalCheckoutCents + staged.giftCardCents;
      const paid = await redeemGiftCard(tx, { ...staged, giftCardId: staged.giftCardId }, due);
      if (paid === staged.giftCardCents) return staged;
      return updateOrder(tx, staged.id, { giftCardCents: paid, totalCheckoutCents: due - paid });
    });
  }

  /** Creates (or, on a retry, replays) the gateway order of a staged order and stores it. */
  async function openPayment(order: OrderRow, query: FulfillQuery, locale: Locale): Promise<GatewayOrder> {
    const items = await findCartItems(db, order.id, locale);
    const chosen = gateway.forCheckout(query.payment_gateway);
    const redirect = returnsOf(chosen.name, order, query, deps.stripeCancel);
    const request = buildPayPalOrderRequest(order, items, redirect, {
      customId: ids.customIdOf(order.id),
      invoiceId: ids.invoiceIdOf(order),
    });
    // Stripe's page asks for the address an invoice over 250 € needs when the order has none yet (D290).
    const collectBillingAddress =
      missingAddressFields(order.billing ?? {}).length > 0 && invoiceNeedsAddress(order.totalCheckoutCents);
    let created: GatewayOrder;
    try {
      created = await chosen.createOrder(request, ids.requestIdOf(order, "create"), {
        collectBillingAddress,
      });
    } catch (error) {
      log.warn(
        { err: error, orderId: order.id },
        "gateway order could not be created; items back in the cart",
      );
      await db.transaction(async (tx) => {
        const locked = await findOrder(tx, order.id, true);
        if (locked?.status === "awaiting_payment" && locked.paypalId === null)
          await restoreToCart(tx, locked, "cancelled", locale);
      });
      throw new AppError("payment_unavailable", 503, "non_field_errors");
    }
    await db.transaction(async (tx) => {
      await insertPayment(tx, {
        orderId: order.id,
        gateway: chosen.name,
        gatewayOrderId: created.id,
        amountCents: order.totalCheckoutCents,
      });
      await updateOrder(tx, order.id, { paypalId: created.id });
    });
    return created;
  }

  /** An order with nothing to pay (fully discounted) is paid without a gateway. */
  async function payWithoutGateway(order: OrderRow, query: FulfillQuery): Promise<FulfillReply> {
    await db.transaction(async (tx) => {
      await findOrder(tx, order.id, true);
      await updateOrder(tx, order.id, { status: "paid", paidAt: new Date(), reservedUntil: null });
      await documents.issue(tx, order.id);
    });
    return {
      id: String(order.id),
      order_id: order.id,
      reserved_until: null,
      approve_url: null,
      ...(query.success_url ? { url: withToken(query.success_url, String(order.id)) } : {}),
    };
  }

  // ---------- Recording a payment (capture reply, webhook, reconciliation all end here) ----------

  /** The payment cannot be kept: noted with its reason, refunded in full by the worker (bounded tries). */
  async function refundLater(tx: Tx, paymentId: number, reason: RefundReason) {
    await updatePayment(tx, paymentId, { refundDue: true });
    await noteIssue(tx, paymentId, reason, "refund_pending");
  }

  /**
   * Records a capture once (D51, D90). Only a COMPLETED (or partly refunded) capture of our own order, of
   * the amount and currency we asked, can make an order paid: another shop's order (custom_id, invoice_id)
   * is noted for staff and never recorded; another amount or currency is refunded. Refunds PayPal reported
   * before the capture was known count now, and a capture refunded in full never makes the order paid. The
   * order keeps its seats when every booked unit still has one (checked under the units' locks, so an
   * expired reservation is kept only if nobody took the seat) and, after an expiry, when its promocode has
   * a use left; otherwise the payment is refunded.
   */
  async function recordCapture(gatewayOrderId: string, capture: GatewayCapture): Promise<CaptureOutcome> {
    const outcome = await db.transaction(async (tx): Promise<CaptureOutcome> => {
      const name = gateway.nameOf(gatewayOrderId);
      const known = await findPayment(tx, name, gatewayOrderId);
      if (!known) throw new Error(`capture for an unknown gateway order ${gatewayOrderId}`);
      const order = await findOrder(tx, known.orderId, true);
      const payment = await findPayment(tx, name, gatewayOrderId, true);
      if (!order || !payment) throw new Error("order or payment vanished");
      if (payment.captureId !== null) return "already_recorded";
      if (capture.status === "PENDING") {
        await updatePayment(tx, payment.id, { status: "approved" });
        return "pending";
      }
      if (capture.status === "DECLINED" || capture.status === "FAILED") return "not_completed";
      const current = order.paypalId === gatewayOrderId;

      if (!ids.isOurs(capture, payment)) {
        // Another shop's order on the same PayPal account: its money is not ours to record or refund.
        log.error(
          { orderId: order.id, paymentId: payment.id },
          "gateway order belongs to another shop; not recorded",
        );
        await updatePayment(tx, payment.id, { status: "failed" });
        await noteIssue(tx, payment.id, "not_our_order", "review");
        if (current && order.status === "awaiting_payment")
          await restoreToCart(tx, order, "cancelled", order.locale);
        return "mismatch";
      }
      await updatePayment(tx, payment.id, {
        status: "captured",
        captureId: capture.id,
        capturedAt: new Date(),
      });
      await applyKeptRefunds(tx, deps.orderHasWithdrawals, capture.id, name);
      const refunded = (await findPaymentById(tx, payment.id))?.refundedCents ?? 0;
      if (capture.status === "REFUNDED" || refunded >= payment.amountCents) {
        // Refunded at PayPal before we heard of the capture: recorded as refunded, the order not paid.
        await updatePayment(tx, payment.id, {
          status: "refunded",
          refundedCents: payment.amountCents,
          refundDue: false,
        });
        if (current && (order.status === "awaiting_payment" || order.status === "expired")) {
          await deleteRedemption(tx, order.id);
          await releaseGiftCard(tx, order);
          await updateOrder(tx, order.id, { status: "refunded", reservedUntil: null });
        }
        return "refunded";
      }
      if (
        capture.amountCents !== payment.amountCents ||
        (capture.currency ?? CURRENCY) !== payment.currency
      ) {
        log.error(
          { orderId: order.id, captured: capture.amountCents, currency: capture.currency },
          "captured amount or currency differs from the order; refunded",
        );
        // The payment is what was captured: its refund and PayPal's refund events are measured by it.
        await updatePayment(tx, payment.id, {
          amountCents: capture.amountCents,
          currency: capture.currency ?? payment.currency,
        });
        await refundLater(tx, payment.id, "capture_mismatch");
        return "mismatch";
      }

      // An expired order gave its gift card part back when it expired: a late payment cannot revive it.
      const revivable = order.status === "expired" && order.giftCardCents === 0;
      let keep = current && (order.status === "awaiting_payment" || revivable);
      if (keep) {
        const units = await orderUnits(tx, order.id);
        await lockUnits(tx, units.slotIds, units.weekIds);
        keep = await seatsStillFree(tx, order.id);
      }
      if (!keep) {
        await refundLater(tx, payment.id, "seats_gone");
        return "refund_due";
      }
      if (order.status === "expired" && order.promocodeId !== null) {
        // The expiry gave the code's use back; the payment that revives the order needs a use again, under
        // the code's lock as at checkout. Another parent may have taken the last one meanwhile (D90).
        const code = await lockPromocode(tx, order.promocodeId);
        if (code && usedUp(code, await countRedemptions(tx, code.id, order.userId))) {
          await refundLater(tx, payment.id, "promocode_used_up");
          return "refund_due";
        }
        const items = await findCartItems(tx, order.id, order.locale);
        await insertRedemption(tx, {
          promocodeId: order.promocodeId,
          orderId: order.id,
          userId: order.userId,
          discountCents: items.reduce((sum, item) => sum + item.promocodeDiscountCents, 0),
        });
      }
      // Partly refunded at PayPal before we knew: the order is kept, and staff see what was refunded.
      if (capture.status === "PARTIALLY_REFUNDED" || refunded > 0)
        await noteIssue(tx, payment.id, "refunded_at_paypal", "review");
      await takeGatewayAddress(tx, order, capture.billingAddress);
      await updateOrder(tx, order.id, { status: "paid", paidAt: new Date(), reservedUntil: null });
      await documents.issue(tx, order.id);
      return "paid";
    });
    if (outcome === "refund_due" || outcome === "mismatch") deps.defer("refund", () => refundsDue(5));
    return outcome;
  }

  /** Why a captured payment was not kept, in the parent's words; undefined when it was kept. */
  async function refusalOf(paymentId: number) {
    const payment = await findPaymentById(db, paymentId);
    if (!payment) return undefined;
    const issue = await findIssue(db, paymentId);
    if (issue && issue.reason !== "refunded_at_paypal") return REFUSAL_BY_REASON[issue.reason];
    if (payment.refundDue) return "reservation_expired" as const;
    if (payment.status === "refunded") return "order_not_payable" as const;
    return undefined;
  }

  /** PayPal refused the payment for good: the order is declined, its items go back into the cart. */
  async function decline(orderId: number, gatewayOrderId: string) {
    await db.transaction(async (tx) => {
      const order = await findOrder(tx, orderId, true);
      if (!order || order.paypalId !== gatewayOrderId || order.status !== "awaiting_payment") return;
      await restoreToCart(tx, order, "declined", order.locale);
    });
  }

  /** Captures a staged order at the gateway and records the outcome; the caller checked who asks. */
  async function capture(order: OrderRow, payment: PaymentRow | undefined, locale: Locale): Promise<Order> {
    if (order.status === "paid") return view(order.id, locale);
    if (order.status === "declined") throw fail("payment_declined");
    const payable =
      payment !== undefined &&
      payment.gatewayOrderId === order.paypalId &&
      (order.status === "awaiting_payment" || order.status === "expired");
    if (!payable) throw fail("order_not_payable");
    if (payment.captureId !== null) {
      const refusal = await refusalOf(payment.id);
      if (refusal) throw fail(refusal);
      return view(order.id, locale);
    }

    let answer: GatewayOrder;
    try {
      answer = await gateway.captureOrder(
        payment.gatewayOrderId,
        ids.requestIdOf(order, `capture-${payment.captureAttempt}`),
      );
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      switch (error.failure) {
        case "already_captured":
          answer = await gateway.getOrder(payment.gatewayOrderId).catch(() => {
            throw new AppError("payment_unavailable", 503, "non_field_errors");
          });
          break;
        case "instrument_declined":
        case "not_approved":
          // The buyer picks another funding source or has yet to approve: the next capture is a new
          // request, so PayPal does not replay this refusal to it.
          await updatePayment(db, payment.id, { captureAttempt: payment.captureAttempt + 1 });
          throw fail(error.failure === "not_approved" ? "payment_not_approved" : "instrument_declined");
        case "declined":
          await decline(order.id, payment.gatewayOrderId);
          throw fail("payment_declined");
        case "unavailable":
          throw new AppError("payment_unavailable", 503, "non_field_errors");
        default:
          log.warn({ err: error, orderId: order.id }, "capture refused by the gateway");
          throw fail("order_not_payable");
      }
    }
    const captured = answer.capture;
    if (!captured) throw fail("payment_not_approved");
    if (captured.status === "DECLINED" || captured.status === "FAILED") {
      await decline(order.id, payment.gatewayOrderId);
      throw fail("payment_declined");
    }
    const outcome = await recordCapture(payment.gatewayOrderId, captured);
    if (outcome === "pending") throw fail("payment_not_approved");
    if (outcome !== "paid") {
      const refusal = await refusalOf(payment.id);
      if (refusal) throw fail(refusal);
    }
    return view(order.id, locale);
  }

  /**
   * Refunds payments the shop could not keep (the payment worker, and the capture that found them): the
   * rest of the capture in full, with the reason noted for it. A failed call is tried again in the next
   * rounds, at most `REFUND_ATTEMPTS` times, and not at all when PayPal refused the refund itself; then it
   * waits as `refund_failed` in `payment_issues` for staff (D90).
   */
  async function refundsDue(limit: number): Promise<number> {
    let done = 0;
    for (const payment of await findRefundsDue(db, limit)) {
      if (payment.captureId === null) continue;
      const expected = payment.amountCents - payment.refundedCents;
      if (expected <= 0) continue;
      const noted = (await findIssue(db, payment.id))?.reason;
      const reason: RefundReason =
        noted === "promocode_used_up" || noted === "capture_mismatch" ? noted : "seats_gone";
      let refund: Awaited<ReturnType<PaymentGateway["refundCapture"]>>;
      try {
        // Without an amount PayPal refunds what is left of the capture: right even when the capture's
        // amount was not the one we asked for.
        refund = await gateway.refundCapture(
          payment.captureId,
          ids.refundRequestIdOf(payment.orderId, payment.captureId),
        );
      } catch (error) {
        const retryable = error instanceof GatewayError && error.failure === "unavailable";
        const message = error instanceof Error ? error.message : String(error);
        const state = await countFailedRefund(db, payment.id, message, !retryable);
        if (state === "refund_failed")
          log.error({ err: error, paymentId: payment.id }, "refund failed for good; staff refund by hand");
        else log.warn({ err: error, paymentId: payment.id }, "refund failed; retried by the payment worker");
        continue;
      }
      const amount = refund.amountCents > 0 ? refund.amountCents : expected;
      await db.transaction(async (tx) => {
        const order = await findOrder(tx, payment.orderId, true);
        const locked = await findPaymentById(tx, payment.id, true);
        if (!order || !locked?.refundDue) return;
        await insertRefund(tx, {
          paymentId: payment.id,
          gatewayRefundId: refund.id,
          amountCents: amount,
          reason,
          status: refund.status,
        });
        await updatePayment(tx, payment.id, {
          refundDue: false,
          status: "refunded",
          refundedCents: payment.amountCents,
        });
        await resolveRefundIssue(tx, payment.id);
        if (order.paypalId === payment.gatewayOrderId && order.status !== "paid" && order.status !== "cart") {
          await updateOrder(tx, order.id, { status: "refunded", reservedUntil: null });
          await releaseGiftCard(tx, order);
        }
        await documents.refundNotice(tx, order.id, amount, reason);
      });
      done += 1;
    }
    return done;
  }

  return {
    recordCapture,
    decline,
    refundsDue,
    /** Refund events kept for captures unknown then and recorded since (a capture racing its refund event). */
    keptRefunds: () => db.transaction((tx) => applyKeptRefunds(tx, deps.orderHasWithdrawals)),
    restoreToCart,
    /** Stripe's back link (D291): false when the link was not made by this server. */
    async stripeCancelled(query: StripeCancelQuery): Promise<boolean> {
      if (!deps.stripeCancel || !isSignedCancel(deps.stripeCancel, query)) return false;
      await cancelAtStripe({ db, gateway, restoreToCart }, query);
      return true;
    },
    capture,
    resolve,

    config(): PaymentConfig {
      return {
        gateway: gateway.name === "paypal" ? "paypal" : "demo",
        stripe: gateway.stripe !== null,
        client_id: gateway.name === "paypal" ? deps.paypal.clientId : null,
        sdk_url: deps.paypal.sdkUrl,
        currency: CURRENCY,
        reservation_minutes: deps.reservationMinutes,
      };
    },

    /** `POST /orders/fulfill/`: reserve the seats, open the payment, start a new cart (spec §4). */
    async fulfill(
      userId: number | null,
      query: FulfillQuery,
      body: FulfillBody,
      locale: Locale,
    ): Promise<FulfillReply> {
      if (userId === null) throw new AppError("not_authenticated", 401);
      checkRedirect(query.success_url, "success_url");
      checkRedirect(query.cancel_url, "cancel_url");
      requireStripeReturns(gateway, query);
      const collects = gateway.forCheckout(query.payment_gateway).name !== "demo";
      const staged =
        (await replay(userId, query.cart_id)) ?? (await stage(userId, query.cart_id, body, locale, collects));
      const order = staged === "replay" ? await replay(userId, query.cart_id) : staged;
      if (!order) throw fail("cart_empty");
      if (order.totalCheckoutCents === 0) return payWithoutGateway(order, query);
      if (order.paypalId) {
        const existing = await gateway.getOrder(order.paypalId).catch(() => undefined);
        return fulfilReply(
          order,
          existing ?? { id: order.paypalId, status: "CREATED", approveUrl: null, capture: null, payer: null },
          query,
        );
      }
      return fulfilReply(order, await openPayment(order, query, order.locale), query);
    },

    /** `POST /orders/{id}/capture/` by the order's owner (anyone else: 404). */
    async captureFor(userId: number, ref: string, locale: Locale): Promise<Order> {
      const found = await resolve(ref);
      if (!found || found.order.userId !== userId) throw AppError.notFound();
      return capture(found.order, found.payment, locale);
    },

    /** `POST /orders/{id}/cancel_payment/`: the buyer closed the PayPal window; the items go back. */
    async cancelPayment(userId: number, ref: string, locale: Locale): Promise<Order> {
      const found = await resolve(ref);
      if (!found || found.order.userId !== userId) throw AppError.notFound();
      await db.transaction(async (tx) => {
        const order = await findOrder(tx, found.order.id, true);
        if (!order || (order.status !== "awaiting_payment" && order.status !== "expired")) return;
        // A payment already captured is not undone by a late cancel: it is recorded or refunded.
        const payment = order.paypalId
          ? await findPayment(tx, gateway.nameOf(order.paypalId), order.paypalId)
          : undefined;
        if (payment?.captureId) return;
        await restoreToCart(tx, order, "cancelled", locale);
      });
      return cart.current({ userId }, locale);
    },

    /** `GET /orders/payment_link/{token}/`: the order a payment link pays, for its parent only (D157). */
    async paymentLinkFor(userId: number, token: string, locale: Locale): Promise<PaymentLink> {
      const order = await linkedOrder(userId, token);
      return { state: linkState(order), order: await view(order.id, locale) };
    },

    /**
     * `POST /orders/payment_link/{token}/pay/`: opens the payment of the linked order with the gateway the
     * parent chose, as `fulfill` does for a cart; a hold that ran out says so (`payment_link_expired`).
     */
    async payLink(userId: number, token: string, query: FulfillQuery, locale: Locale): Promise<FulfillReply> {
      checkRedirect(query.success_url, "success_url");
      checkRedirect(query.cancel_url, "cancel_url");
      requireStripeReturns(gateway, query);
      const order = await linkedOrder(userId, token);
      const state = linkState(order);
      if (state === "expired") throw fail("payment_link_expired");
      if (state !== "open") throw fail("payment_link_closed");
      if (order.totalCheckoutCents === 0) return payWithoutGateway(order, query);
      if (order.paypalId) {
        const existing = await gateway.getOrder(order.paypalId).catch(() => undefined);
        // Another gateway than the one opened before: that attempt ends, a new one starts.
        if (existing && gateway.nameOf(order.paypalId) === gateway.forCheckout(query.payment_gateway).name)
          return fulfilReply(order, existing, query);
        await db.transaction(async (tx) => {
          const locked = await findOrder(tx, order.id, true);
          if (locked?.status === "awaiting_payment" && locked.paypalId === order.paypalId)
            await restoreToCart(tx, locked, "cancelled", locale);
        });
        const fresh = await findOrder(db, order.id);
        if (!fresh || fresh.paypalId !== null) throw fail("order_not_payable");
        return fulfilReply(fresh, await openPayment(fresh, query, fresh.locale), query);
      }
      return fulfilReply(order, await openPayment(order, query, order.locale), query);
    },

    /** `GET /orders/{id}/`: one of the parent's orders. */
    async orderFor(userId: number, ref: string, locale: Locale): Promise<Order> {
      const found = await resolve(ref);
      if (!found || found.order.userId !== userId) throw AppError.notFound();
      return view(found.order.id, locale);
    },
  };
}

function fromBillingInput(billing: NonNullable<NonNullable<FulfillBody>["billing"]>) {
  const { first_name, last_name, company_name, street, post_code, city, country } = billing;
  return { first_name, last_name, company_name, street, post_code, city, country };
}

/**
 * The billing address the gateway collected goes onto an order that has none, before its invoice is
 * issued (D290), and onto an empty profile for the next order (as a typed one does, D171). An address
 * the parent gave is never replaced. The country comes as an ISO code and is kept as a name in the
 * order's language, as the checkout form takes it.
 */
async function takeGatewayAddress(tx: Tx, order: OrderRow, address: GatewayAddress | null | undefined) {
  const billing = { ...EMPTY_BILLING, ...(order.billing ?? {}) };
  if (!address || missingAddressFields(billing).length === 0) return;
  const country =
    new Intl.DisplayNames([INTL_LOCALES[order.locale]], { type: "region", fallback: "code" }).of(
      address.country,
    ) ?? address.country;
  const [first = "", ...rest] = address.name.trim().split(/\s+/);
  const taken: BillingDetails = {
    ...billing,
    first_name: billing.first_name || first,
    last_name: billing.last_name || rest.join(" "),
    street: address.street,
    post_code: address.postCode,
    city: address.city,
    country: address.country ? country : "",
  };
  await updateOrder(tx, order.id, { billing: taken });
  if (order.userId !== null && missingAddressFields(taken).length === 0)
    await fillEmptyAddress(tx, order.userId, {
      street: taken.street,
      postCode: taken.post_code,
      city: taken.city,
      country: taken.country,
    });
}

function fulfilReply(order: OrderRow, created: GatewayOrder, query: FulfillQuery): FulfillReply {
  return {
    id: created.id,
    order_id: order.id,
    reserved_until: order.reservedUntil?.toISOString() ?? null,
    approve_url: created.approveUrl,
    ...(query.success_url && query.cancel_url && created.approveUrl ? { url: created.approveUrl } : {}),
  };
}

const withToken = (url: string, token: string) => {
  const target = new URL(url);
  target.searchParams.set("token", token);
  return target.toString();
};

/**
 * Where the gateway sends the buyer back. Stripe returns to the URLs as given (PayPal appends its order
 * id): our order number goes along, so the return page captures, and the cart cancels, the right order;
 * Stripe's back link passes through the server, which puts the items back into the cart (D291).
 */
function returnsOf(
  gatewayName: string,
  order: OrderRow,
  query: FulfillQuery,
  stripeCancel: StripeCancelSettings | null,
) {
  if (gatewayName !== "stripe" || !query.success_url || !query.cancel_url)
    return { returnUrl: query.success_url, cancelUrl: query.cancel_url };
  const cancelUrl = withToken(query.cancel_url, String(order.id));
  return {
    returnUrl: withToken(query.success_url, String(order.id)),
    cancelUrl: stripeCancel ? stripeCancelUrl(stripeCancel, order, cancelUrl) : cancelUrl,
  };
}

/** Stripe's page is left only through success_url and cancel_url: without them there is no way back. */
function requireStripeReturns(gateway: Gateways, query: FulfillQuery) {
  if (gateway.forCheckout(query.payment_gateway).name === "stripe")
    for (const field of ["success_url", "cancel_url"] as const)
      if (!query[field]) throw AppError.validation(field, "required");
}
