// Settling a refund the gateway would not take (D565): after its bounded tries (D90) a withdrawal's or a
// staff refund's gateway part is `failed`, and its order needs attention until a person acts. Staff try it
// again in a new round, or mark it refunded by hand: in PayPal's or Stripe's dashboard, or elsewhere (bank
// transfer, cash). One transaction under the order's lock, the lock every refund of the order takes.
import type { AdminRefundSettleInput, RefundSettleAction } from "@atelier/contract";
import { bookedGatewayRefund } from "../checkout/index.ts";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { gatewayShares, unbookedAtGateway } from "./gateway-money.ts";
import { findStaffRefund, type StaffRefundRow, updateStaffRefund } from "./staff-refunds.repository.ts";
import { euros, type WithdrawalsContext } from "./withdrawals.deps.ts";
import {
  findCapturedPayment,
  findWithdrawal,
  lockOrder,
  updateWithdrawal,
} from "./withdrawals.repository.ts";

type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof findWithdrawal>>>;

/** The refund as the audit log reads it, before and after. */
export type SettledRefund =
  | { table: "staff_refunds"; row: StaffRefundRow }
  | { table: "withdrawals"; row: WithdrawalRow };

/** What a settlement did: nothing (a repeat), or the row before and after; `retry` names it to send now. */
export type Settlement =
  | { changed: false }
  | { changed: true; before: SettledRefund; after: SettledRefund; retry: boolean };

/** The refund's row of this order, locked; a refund of another order, or of another kind, is no choice. */
async function lockedRefund(tx: Tx, orderId: number, input: AdminRefundSettleInput): Promise<SettledRefund> {
  if (input.source === "staff") {
    const row = await findStaffRefund(tx, input.refund, true);
    if (row?.orderId === orderId) return { table: "staff_refunds", row };
  } else {
    const row = await findWithdrawal(tx, input.refund, true);
    if (row?.orderId === orderId && row.kind === input.source) return { table: "withdrawals", row };
  }
  throw AppError.validation("refund", "invalid_choice");
}

/** The refund's part through the gateway: what failed to go back. */
const gatewayPart = (refund: SettledRefund) =>
  refund.table === "staff_refunds" ? refund.row.amountCents : refund.row.gatewayCents;

/** Whether the row already shows what the action would make of it (a double click, a second tab). */
function alreadyDone(refund: SettledRefund, action: RefundSettleAction): boolean {
  const { refundState, settledByHand } = refund.row;
  if (action === "retry") return settledByHand === null && refundState !== "failed";
  return (
    refundState === "completed" &&
    settledByHand === (action === "refunded_at_gateway" ? "gateway" : "elsewhere")
  );
}

/**
 * How a failed try is noted: the kind of failure (`GatewayFailure`), then the gateway's words. The kinds the
 * gateway answered: a refusal, or the shop's own finding that nothing could be sent.
 */
const FAILURE_KIND =
  /^(unavailable|instrument_declined|declined|already_captured|not_approved|not_found|refused): /;
const ANSWERED =
  /^(refused|declined|instrument_declined|not_found|already_captured|not_approved): |^no captured payment$/;

/** A refusal as the gateway worded it, for staff: without the kind of failure the shop notes before it. */
export const inGatewayWords = (lastError: string | null) => lastError?.replace(FAILURE_KIND, "") ?? null;

/**
 * Whether the last try was refused by an answer, so a new try may ask with a new request id. Anything else
 * (the gateway down or slow, an answer the shop could not read, a refund from before the shop kept the
 * gateway's words) may have refunded all the same: a new try asks with the same id, which the gateway answers
 * with that refund if it made it (D565).
 */
export const lastTryRefused = (lastError: string | null) => lastError !== null && ANSWERED.test(lastError);

/** For staff: the last try of a failed refund went unanswered, so whether it went through is open. */
export const lastTryUnanswered = (state: string, lastError: string | null) =>
  state === "failed" && lastError !== null && !lastTryRefused(lastError);

/**
 * The money rule of each action, from what the gateway reports given back of the payment (D565):
 * - A new try, or a mark that the money went back elsewhere, is refused while the gateway reports as much
 *   given back as the refund needs beyond what the shop's refunds already sent: the last try may have gone
 *   through after all, or staff refunded it in the dashboard, and the parent would be paid twice. Refunds
 *   still being sent are not counted as sent (their money may not be in the report yet).
 * - A mark that staff refunded it in the dashboard needs that money reported beyond every refund the shop
 *   sent or is sending.
 */
async function checkMoney(tx: Tx, orderId: number, refund: SettledRefund, action: RefundSettleAction) {
  const part = gatewayPart(refund);
  if (part === 0) return;
  const payment = refund.row.paymentId
    ? await findCapturedPayment(tx, orderId, refund.row.paymentId)
    : undefined;
  if (!payment) {
    if (action === "refunded_at_gateway")
      throw new AppError("refund_not_at_gateway", 400, "non_field_errors", undefined, {
        amount: euros(part),
      });
    return;
  }
  const shares = await gatewayShares(tx, orderId);
  const beyondSent = payment.refundedCents - shares.done;
  if (action !== "refunded_at_gateway" && beyondSent >= part)
    throw new AppError("refund_seen_at_gateway", 400, "non_field_errors", undefined, {
      amount: euros(beyondSent),
    });
  if (action === "refunded_at_gateway" && beyondSent - shares.pending < part)
    throw new AppError("refund_not_at_gateway", 400, "non_field_errors", undefined, { amount: euros(part) });
}

/**
 * The row's new values: tries from zero, in a new round with a request id of its own after an answered
 * refusal, in the same round (the same id) after an unanswered try; or completed by a person.
 */
function settledValues(refund: SettledRefund, action: RefundSettleAction, now: Date) {
  if (action === "retry") {
    const round = refund.row.refundRound + (lastTryRefused(refund.row.lastError) ? 1 : 0);
    return { refundState: "pending", refundAttempts: 0, refundRound: round } as const;
  }
  return {
    refundState: "completed",
    settledByHand: action === "refunded_at_gateway" ? "gateway" : "elsewhere",
    refundedAt: now,
  } as const;
}

/**
 * What waits to be booked of the payment's dashboard refunds once the refund is settled: a failed refund
 * staff marked as refunded in the dashboard carries the money its report showed on the staff's dashboard,
 * which then leaves it (or shows less).
 */
async function showUnbookedToStaff(tx: Tx, orderId: number, refund: SettledRefund) {
  if (!refund.row.paymentId) return;
  const payment = await findCapturedPayment(tx, orderId, refund.row.paymentId);
  if (payment)
    await bookedGatewayRefund(tx, payment.id, await unbookedAtGateway(tx, orderId, payment.refundedCents));
}

/**
 * Settles a failed refund of the order (D565). A repeat of what the row already shows changes nothing (a new
 * try of a refund not failed too); a mark of a refund not failed is refused. `audit` writes the staff entry
 * in the same transaction.
 */
export async function settleRefund(
  ctx: WithdrawalsContext,
  orderId: number,
  input: AdminRefundSettleInput,
  audit: (tx: Tx, before: SettledRefund, after: SettledRefund) => Promise<void>,
): Promise<Settlement> {
  if (input.action !== "retry" && !input.note) throw AppError.validation("note", "required");
  return ctx.db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const before = await lockedRefund(tx, orderId, input);
    if (before.row.refundState !== "failed") {
      if (alreadyDone(before, input.action)) return { changed: false };
      throw AppError.validation("non_field_errors", "refund_not_failed");
    }
    await checkMoney(tx, orderId, before, input.action);
    const values = settledValues(before, input.action, ctx.now());
    let after: SettledRefund;
    if (before.table === "staff_refunds") {
      await updateStaffRefund(tx, before.row.id, values);
      after = { table: before.table, row: { ...before.row, ...values } };
    } else {
      await updateWithdrawal(tx, before.row.id, values);
      after = { table: before.table, row: { ...before.row, ...values } };
    }
    await audit(tx, before, after);
    await showUnbookedToStaff(tx, orderId, after);
    return { changed: true, before, after, retry: input.action === "retry" };
  });
}
