// Settling a refund the gateway would not take (D565): after its bounded tries (D90) a withdrawal's or a
// staff refund's gateway part is `failed`, and its order needs attention until a person acts. Staff try it
// again in a new round, or mark it refunded by hand: in PayPal's or Stripe's dashboard, or elsewhere (bank
// transfer, cash). One transaction under the order's lock, the lock every refund of the order takes.
import { type AdminRefundSettleInput, euroText, type RefundSettleAction } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  findStaffRefund,
  type StaffRefundRow,
  staffRefundSharesOf,
  updateStaffRefund,
} from "./staff-refunds.repository.ts";
import type { WithdrawalsContext } from "./withdrawals.deps.ts";
import {
  findCapturedPayment,
  findWithdrawal,
  lockOrder,
  updateWithdrawal,
  withdrawalSharesOf,
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

const euros = (cents: number) => euroText(cents, "de");

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
  const { refundState, settledByHand, refundRound } = refund.row;
  if (action === "retry") return settledByHand === null && refundRound > 0 && refundState !== "failed";
  return (
    refundState === "completed" &&
    settledByHand === (action === "refunded_at_gateway" ? "gateway" : "elsewhere")
  );
}

/**
 * What the gateway gave back of the order's payment that no refund the shop knows of accounts for: its
 * reported refunds less the shop's own completed ones and those still being sent (conservative: a pending
 * refund's money may already be counted in the report).
 */
async function unaccountedAtGateway(tx: Tx, orderId: number, paymentId: number | null): Promise<number> {
  const payment = paymentId ? await findCapturedPayment(tx, orderId, paymentId) : undefined;
  if (!payment) return 0;
  const [staff, withdrawn] = await Promise.all([
    staffRefundSharesOf(tx, orderId),
    withdrawalSharesOf(tx, orderId),
  ]);
  return payment.refundedCents - staff.done - staff.pending - withdrawn.done - withdrawn.pending;
}

/**
 * The money rule of each action. A new round is refused while the gateway reports as much given back as the
 * refund needs and no refund accounts for it: the last round may have gone through after all, or staff
 * refunded it in the dashboard. Marking it refunded in the dashboard needs that money reported.
 */
async function checkMoney(tx: Tx, orderId: number, refund: SettledRefund, action: RefundSettleAction) {
  if (action === "refunded_elsewhere") return;
  const part = gatewayPart(refund);
  const free = await unaccountedAtGateway(tx, orderId, refund.row.paymentId);
  if (action === "retry" && part > 0 && free >= part)
    throw new AppError("refund_seen_at_gateway", 400, "non_field_errors", undefined, { amount: euros(free) });
  if (action === "refunded_at_gateway" && free < part)
    throw new AppError("refund_not_at_gateway", 400, "non_field_errors", undefined, { amount: euros(part) });
}

/** The row's new values: a new round of tries from zero, or completed by a person. */
function settledValues(refund: SettledRefund, action: RefundSettleAction, now: Date) {
  if (action === "retry")
    return { refundState: "pending", refundAttempts: 0, refundRound: refund.row.refundRound + 1 } as const;
  return {
    refundState: "completed",
    settledByHand: action === "refunded_at_gateway" ? "gateway" : "elsewhere",
    refundedAt: now,
  } as const;
}

/**
 * Settles a failed refund of the order (D565). A repeat of what the row already shows changes nothing;
 * a refund that is not failed is refused. `audit` writes the staff entry in the same transaction.
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
    return { changed: true, before, after, retry: input.action === "retry" };
  });
}
