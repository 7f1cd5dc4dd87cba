import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../db/index.ts";
import { releaseGiftCard } from "../gift-cards/index.ts";
import { GatewayError, type GatewayOrder, type Gateways } from "../payments/index.ts";
import {
  claimOpenPayments,
  deleteRedemption,
  findOrder,
  findPayment,
  type OrderRow,
  updateOrder,
  updatePayment,
} from "./checkout.repository.ts";
import type { CheckoutService } from "./checkout.service.ts";
import { isLinkedOrder } from "./payment-links.repository.ts";

/** A gateway order's states in which its buyer never approved a payment (Stripe: the session is open or closed). */
const NEVER_APPROVED = new Set<GatewayOrder["status"]>([
  "CREATED",
  "SAVED",
  "PAYER_ACTION_REQUIRED",
  "VOIDED",
]);

export type PaymentWorkerDeps = {
  db: Db;
  checkout: CheckoutService;
  gateway: Gateways;
  /** Seats freed (expired here, cancelled or withdrawn elsewhere) go to waiting lists in the same loop. */
  waitingList?: { offerFreedSeats(): Promise<number> };
  intervalMs: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Course subscriptions' months: payment links, ends, PayPal cancellations (D72). */
  subscriptions?: { runOnce(): Promise<{ ended: number; renewals: number; cancelled: number }> };
  /** A staged payment not heard of for this long is looked up at the gateway (default 60 s). */
  staleSeconds?: number;
  /** Withdrawals whose refund the gateway could not take yet (D75): retried each round. */
  withdrawalRefunds?: (limit: number) => Promise<number>;
};

export type PaymentRound = {
  expired: number;
  reconciled: number;
  refunded: number;
  /** PayPal's pending refunds that ended (D570). */
  pendingEnded?: number;
  withdrawn?: number;
  subscriptions?: { ended: number; renewals: number; cancelled: number };
  offered: number;
};

/**
 * Whether the gateway order of a reservation that ran out can no longer be paid: PayPal takes no money
 * before our capture, which an order given back to the cart no longer gets (`order_not_payable`); a Stripe
 * session must be closed (`closeOpenSession`).
 */
function unpaidForGood(gateway: Gateways, answer: GatewayOrder): boolean {
  if (answer.capture || !NEVER_APPROVED.has(answer.status)) return false;
  return gateway.nameOf(answer.id) !== "stripe" || answer.status === "VOIDED";
}

/** Whether an order's items go back to the cart when no payment can come (D631): a parent's own, not a link's. */
async function givenBackWhenUnpaid(db: DbOrTx, order: OrderRow | undefined): Promise<boolean> {
  return order !== undefined && order.userId !== null && !(await isLinkedOrder(db, order.id));
}

/** A Stripe Checkout Session its buyer could still pay (PayPal takes nothing before our capture). */
const isOpenSession = (gateway: Gateways, answer: GatewayOrder) =>
  gateway.nameOf(answer.id) === "stripe" && answer.status === "CREATED" && !answer.capture;

/**
 * The gateway's answer once a Stripe session still open at the end of its reservation is closed (its buyer
 * could otherwise still pay on Stripe's page). A session paid meanwhile answers its payment, to be recorded.
 */
async function closeOpenSession(gateway: Gateways, answer: GatewayOrder): Promise<GatewayOrder> {
  await gateway.voidOrder?.(answer.id);
  return gateway.getOrder(answer.id);
}

/**
 * One loop for the money that was left open (D51): reservations that ran out are expired (after asking the
 * gateway, so a paid order is never expired) or, when no payment can come, given back to the cart (D631),
 * orders left awaiting payment are reconciled with the gateway
 * (`GET /v2/checkout/orders/{id}`: a completed capture is recorded, an approved order captured),
 * payments that could not be kept are refunded (at most `REFUND_ATTEMPTS` tries each, D90), PayPal's
 * pending refunds are asked about once an hour (D570), and refund events kept for a capture that is known
 * by now are applied. Claims use SKIP LOCKED, so several instances
 * may run it.
 */
export type PaymentWorker = ReturnType<typeof createPaymentWorker>;

export function createPaymentWorker(deps: PaymentWorkerDeps) {
  const { db, checkout, gateway, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let lastRoundAt: Date | undefined;

  /**
   * Ends a reservation that ran out. `gone`: the gateway says no money can come for it any more
   * (never approved at PayPal, whose capture is ours to make; a Stripe session closed unpaid; no gateway
   * order at all). A parent's own order then gives its items back to the cart, as the buyer's cancel does
   * (D631): the existing front end never calls `cancel_payment` when the PayPal window is closed. Otherwise
   * the items stay with the expired order, and a payment that still arrives keeps them if the seats are free.
   */
  async function expire(orderId: number, gone: boolean) {
    await db.transaction(async (tx) => {
      const order = await findOrder(tx, orderId, true);
      if (order?.status !== "awaiting_payment") return;
      if (order.reservedUntil && order.reservedUntil.getTime() > Date.now()) return;
      const payment = order.paypalId
        ? await findPayment(tx, gateway.nameOf(order.paypalId), order.paypalId, true)
        : undefined;
      if (payment?.captureId) return;
      if (gone && (await givenBackWhenUnpaid(tx, order))) {
        await checkout.restoreToCart(tx, order, "cancelled");
        return;
      }
      if (payment) await updatePayment(tx, payment.id, { status: "failed" });
      await deleteRedemption(tx, order.id);
      await releaseGiftCard(tx, order);
      await updateOrder(tx, order.id, { status: "expired" });
    });
  }

  async function runOnce(): Promise<PaymentRound> {
    const round: PaymentRound = { expired: 0, reconciled: 0, refunded: 0, offered: 0 };
    const open = await claimOpenPayments(db, { limit: 25, staleSeconds: deps.staleSeconds ?? 60 });
    for (const row of open) {
      try {
        let answer: GatewayOrder | undefined;
        if (row.gatewayOrderId) {
          answer = await gateway.getOrder(row.gatewayOrderId);
          // Only an order whose items would go back: a link's Stripe session stays payable late (D51).
          if (row.expired && isOpenSession(gateway, answer))
            if (await givenBackWhenUnpaid(db, await findOrder(db, row.orderId)))
              answer = await closeOpenSession(gateway, answer);
          if (answer.capture && answer.capture.status !== "DECLINED" && answer.capture.status !== "FAILED") {
            await checkout.recordCapture(row.gatewayOrderId, answer.capture);
            round.reconciled += 1;
            continue;
          }
          if (answer.status === "APPROVED") {
            const found = await checkout.resolve(row.gatewayOrderId);
            if (found)
              await checkout.capture(found.order, found.payment, found.order.locale).catch(() => undefined);
            round.reconciled += 1;
            continue;
          }
        }
        if (row.expired) {
          // Without a gateway order (a crash before it was made) no payment can come either.
          await expire(row.orderId, answer === undefined || unpaidForGood(gateway, answer));
          round.expired += 1;
        }
      } catch (error) {
        // The gateway is down: a payment we cannot ask about is not expired this round. One the gateway
        // does not know cannot be paid.
        if (error instanceof GatewayError && error.failure === "not_found" && row.expired) {
          await expire(row.orderId, true);
          round.expired += 1;
        } else log.warn({ err: error, orderId: row.orderId }, "open payment left for the next round");
      }
    }
    round.refunded = await checkout.refundsDue(10);
    round.pendingEnded = await checkout.pendingRefunds(10);
    await checkout.keptRefunds();
    if (deps.withdrawalRefunds) round.withdrawn = await deps.withdrawalRefunds(10);
    if (deps.subscriptions) round.subscriptions = await deps.subscriptions.runOnce();
    // After the expiries, so a seat freed this round is offered this round.
    round.offered = (await deps.waitingList?.offerFreedSeats()) ?? 0;
    const months = round.subscriptions;
    const busy =
      (round.pendingEnded ?? 0) +
      (round.withdrawn ?? 0) +
      round.offered +
      (months ? months.ended + months.renewals + months.cancelled : 0);
    if (round.expired + round.reconciled + round.refunded + busy > 0) log.info(round, "payment worker round");
    lastRoundAt = new Date();
    return round;
  }

  return {
    runOnce,
    /** When the last round finished without an error (none yet: undefined); the metrics' freshness (D260). */
    lastRoundAt: () => lastRoundAt,
    start() {
      const tick = () => {
        running = runOnce()
          .catch((error: unknown) => log.error({ err: error }, "payment worker round failed"))
          .finally(() => {
            running = undefined;
            if (timer) timer = setTimeout(tick, deps.intervalMs);
          });
      };
      timer = setTimeout(tick, deps.intervalMs);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
