import type {
  FulfillRequest as FulfillBody,
  FulfillQuery,
  FulfillReply,
  Locale,
  Order,
  PaymentConfig,
} from "@atelier/contract";
import { childRequiredAtCheckout, isStoredId } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/index.ts";
import { type BillingDetails, EMPTY_BILLING } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { redeemGiftCard, releaseGiftCard } from "../gift-cards/index.ts";
import type { CartService } from "../orders/index.ts";
import { countRedemptions, findCartItems, findUserCart } from "../orders/index.ts";
import {
  type GatewayCapture,
  GatewayError,
  type GatewayOrder,
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
import { buildPayPalOrderRequest } from "./paypal-order-request.ts";

/**
 * What happens with a paid order's documents (invoice number, check-in codes, confirmation mail) and the
 * notice of an automatic refund; both run inside the transaction that records the payment.
 */
export type OrderDocuments = {
  issue(tx: Tx, orderId: number): Promise<void>;
  refundNotice(tx: Tx, orderId: number, amountCents: number): Promise<void>;
};

export type CheckoutDeps = {
  db: Db;
  cart: CartService;
  gateway: PaymentGateway;
  documents: OrderDocuments;
  reservationMinutes: number;
  /** Origins a success_url or cancel_url may point to (the web app, the API, CORS origins). */
  redirectOrigins: string[];
  paypal: { clientId: string | null; sdkUrl: string };
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Work the reply need not wait for (a refund due): run after the reply. */
  defer: (name: string, work: () => Promise<unknown>) => void;
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** The outcome of recording a capture. */
export type CaptureOutcome = "paid" | "already_recorded" | "pending" | "refund_due";

const fail = (code: Parameters<typeof AppError.validation>[1]) =>
  AppError.validation("non_field_errors", code);

/**
 * The gateway request id of a step: the same step of the same staging always sends the same id, so a retry
 * replays the first answer. A capture after a refused funding source is a new step (`capture-1`, …).
 */
export const requestIdOf = (order: Pick<OrderRow, "id" | "paymentAttempt">, step: string) =>
  `atelier-${order.id}-${order.paymentAttempt}-${step}`;

const NUMERIC = /^\d{1,10}$/;

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, cart, gateway, documents, log } = deps;
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
      const payment = order.paypalId ? await findPayment(db, gateway.name, order.paypalId) : undefined;
      return { order, payment };
    }
    const payment = await findPayment(db, gateway.name, ref);
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

  const withToken = (url: string, token: string) => {
    const target = new URL(url);
    target.searchParams.set("token", token);
    return target.toString();
  };

  // ---------- Back to the cart ----------

  /**
   * The order's items go back into the parent's cart (the buyer cancelled, PayPal declined, the gateway
   * failed). Without a cart, the order becomes the cart again; with one, its items move into it
   * (duplicates dropped) and the order is closed with `closedAs`.
   */
  async function restoreToCart(tx: Tx, order: OrderRow, closedAs: "cancelled" | "declined", locale: Locale) {
    await deleteRedemption(tx, order.id);
    await releaseGiftCard(tx, order);
    const payment = order.paypalId ? await findPayment(tx, gateway.name, order.paypalId, true) : undefined;
    if (payment && payment.captureId === null) await updatePayment(tx, payment.id, { status: "failed" });
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

  /** A retried fulfil for a cart that is already in payment answers that payment again. */
  async function replay(userId: number, cartId: string | undefined): Promise<OrderRow | undefined> {
    if (!cartId) return undefined;
    const order = await findOrderByCartId(db, cartId);
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
  ): Promise<OrderRow | "replay"> {
    return db.transaction(async (tx) => {
      const current = await lockCart(tx, { userId, cartId }, locale);
      const items = await findCartItems(tx, current.id, locale);
      if (items.length === 0) {
        if (await replay(userId, cartId)) return "replay";
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
          const used = await countRedemptions(tx, code.id, userId);
          if (
            (code.maxUses !== null && used.total >= code.maxUses) ||
            (code.maxUsesPerUser !== null && used.byUser >= code.maxUsesPerUser)
          )
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
    const request = buildPayPalOrderRequest(order, items, {
      returnUrl: query.success_url,
      cancelUrl: query.cancel_url,
    });
    let created: GatewayOrder;
    try {
      created = await gateway.createOrder(request, requestIdOf(order, "create"));
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
        gateway: gateway.name,
        gatewayOrderId: created.id,
        amountCents: order.totalCheckoutCents,
      });
      await updateOrder(tx, order.id, { paypalId: created.id });
    });
    return created;
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

  /**
   * Records a completed capture once. The order keeps its seats when every booked unit still has one
   * (checked under the units' locks, so an expired reservation is kept only if nobody took the seat);
   * otherwise the payment is marked for an automatic refund.
   */
  async function recordCapture(gatewayOrderId: string, capture: GatewayCapture): Promise<CaptureOutcome> {
    const outcome = await db.transaction(async (tx): Promise<CaptureOutcome> => {
      const known = await findPayment(tx, gateway.name, gatewayOrderId);
      if (!known) throw new Error(`capture for an unknown gateway order ${gatewayOrderId}`);
      const order = await findOrder(tx, known.orderId, true);
      const payment = await findPayment(tx, gateway.name, gatewayOrderId, true);
      if (!order || !payment) throw new Error("order or payment vanished");
      if (payment.captureId !== null) return "already_recorded";
      if (capture.status === "PENDING") {
        await updatePayment(tx, payment.id, { status: "approved" });
        return "pending";
      }
      await updatePayment(tx, payment.id, {
        status: "captured",
        captureId: capture.id,
        capturedAt: new Date(),
      });

      const current = order.paypalId === gatewayOrderId;
      // An expired order gave its gift card part back when it expired: a late payment cannot revive it.
      const revivable = order.status === "expired" && order.giftCardCents === 0;
      let keep = current && (order.status === "awaiting_payment" || revivable);
      if (keep) {
        const units = await orderUnits(tx, order.id);
        await lockUnits(tx, units.slotIds, units.weekIds);
        keep = await seatsStillFree(tx, order.id);
      }
      if (keep && capture.amountCents !== payment.amountCents) {
        log.error(
          { orderId: order.id, captured: capture.amountCents },
          "captured amount differs from the order",
        );
        keep = false;
      }
      if (!keep) {
        await updatePayment(tx, payment.id, { refundDue: true });
        return "refund_due";
      }
      if (order.status === "expired" && order.promocodeId !== null) {
        // The expiry took the code's use back; the payment that revives the order uses it again.
        const items = await findCartItems(tx, order.id, order.locale);
        await insertRedemption(tx, {
          promocodeId: order.promocodeId,
          orderId: order.id,
          userId: order.userId,
          discountCents: items.reduce((sum, item) => sum + item.promocodeDiscountCents, 0),
        });
      }
      await updateOrder(tx, order.id, { status: "paid", paidAt: new Date(), reservedUntil: null });
      await documents.issue(tx, order.id);
      return "paid";
    });
    if (outcome === "refund_due") deps.defer("refund", () => refundsDue(5));
    return outcome;
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
      if (payment.refundDue || payment.status === "refunded") throw fail("reservation_expired");
      return view(order.id, locale);
    }

    let answer: GatewayOrder;
    try {
      answer = await gateway.captureOrder(
        payment.gatewayOrderId,
        requestIdOf(order, `capture-${payment.captureAttempt}`),
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
    if (outcome === "refund_due") throw fail("reservation_expired");
    if (outcome === "already_recorded") {
      const fresh = await findPayment(db, gateway.name, payment.gatewayOrderId);
      if (fresh?.refundDue || fresh?.status === "refunded") throw fail("reservation_expired");
    }
    return view(order.id, locale);
  }

  /** Refunds payments that could not keep their seats (a worker and the capture that found them). */
  async function refundsDue(limit: number): Promise<number> {
    let done = 0;
    for (const payment of await findRefundsDue(db, limit)) {
      if (payment.captureId === null) continue;
      const amount = payment.amountCents - payment.refundedCents;
      if (amount <= 0) continue;
      let refund: Awaited<ReturnType<PaymentGateway["refundCapture"]>>;
      try {
        refund = await gateway.refundCapture(
          payment.captureId,
          `atelier-${payment.orderId}-refund-${payment.captureId}`,
          amount,
        );
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, "refund failed; retried by the payment worker");
        continue;
      }
      await db.transaction(async (tx) => {
        const order = await findOrder(tx, payment.orderId, true);
        const locked = await findPaymentById(tx, payment.id, true);
        if (!order || !locked?.refundDue) return;
        await insertRefund(tx, {
          paymentId: payment.id,
          gatewayRefundId: refund.id,
          amountCents: amount,
          reason: "seats_gone",
          status: refund.status,
        });
        await updatePayment(tx, payment.id, {
          refundDue: false,
          status: "refunded",
          refundedCents: payment.amountCents,
        });
        if (order.paypalId === payment.gatewayOrderId && order.status !== "paid" && order.status !== "cart") {
          await updateOrder(tx, order.id, { status: "refunded", reservedUntil: null });
          await releaseGiftCard(tx, order);
        }
        await documents.refundNotice(tx, order.id, amount);
      });
      done += 1;
    }
    return done;
  }

  return {
    recordCapture,
    decline,
    refundsDue,
    restoreToCart,
    capture,
    resolve,

    config(): PaymentConfig {
      return {
        gateway: gateway.name,
        client_id: gateway.name === "paypal" ? deps.paypal.clientId : null,
        sdk_url: deps.paypal.sdkUrl,
        currency: "EUR",
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
      const staged =
        (await replay(userId, query.cart_id)) ?? (await stage(userId, query.cart_id, body, locale));
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
        const payment = order.paypalId ? await findPayment(tx, gateway.name, order.paypalId) : undefined;
        if (payment?.captureId) return;
        await restoreToCart(tx, order, "cancelled", locale);
      });
      return cart.current({ userId }, locale);
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
