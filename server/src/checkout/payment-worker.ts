import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/index.ts";
import { releaseGiftCard } from "../gift-cards/index.ts";
import { GatewayError, type Gateways } from "../payments/index.ts";
import {
  claimOpenPayments,
  deleteRedemption,
  findOrder,
  findPayment,
  updateOrder,
  updatePayment,
} from "./checkout.repository.ts";
import type { CheckoutService } from "./checkout.service.ts";

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
 * One loop for the money that was left open (D51): reservations that ran out are expired (after asking the
 * gateway, so a paid order is never expired), orders left awaiting payment are reconciled with the gateway
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

  async function expire(orderId: number) {
    await db.transaction(async (tx) => {
      const order = await findOrder(tx, orderId, true);
      if (order?.status !== "awaiting_payment") return;
      if (order.reservedUntil && order.reservedUntil.getTime() > Date.now()) return;
      const payment = order.paypalId
        ? await findPayment(tx, gateway.nameOf(order.paypalId), order.paypalId, true)
        : undefined;
      if (payment?.captureId) return;
      if (payment) await updatePayment(tx, payment.id, { status: "failed" });
      await deleteRedemption(tx, order.id);
      await releaseGiftCard(tx, order);
      // The items stay with the order: a payment that still arrives keeps them if the seats are free.
      await updateOrder(tx, order.id, { status: "expired" });
    });
  }

  async function runOnce(): Promise<PaymentRound> {
    const round: PaymentRound = { expired: 0, reconciled: 0, refunded: 0, offered: 0 };
    const open = await claimOpenPayments(db, { limit: 25, staleSeconds: deps.staleSeconds ?? 60 });
    for (const row of open) {
      try {
        if (row.gatewayOrderId) {
          const answer = await gateway.getOrder(row.gatewayOrderId);
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
          await expire(row.orderId);
          round.expired += 1;
        }
      } catch (error) {
        // The gateway is down: a payment we cannot ask about is not expired this round.
        if (error instanceof GatewayError && error.failure === "not_found" && row.expired) {
          await expire(row.orderId);
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
