// The withdrawals service: a parent's withdrawal of an item's contract (§ 355, § 356a BGB; D54, D75, D76)
// and staff refunds (D127), each use case in its own module (D355) bound here to the context they share.
// Recording happens in one transaction; the refund through the gateway follows outside any lock, once.
import type {
  AdminRefundInput,
  AdminRefundSettleInput,
  Withdrawal,
  WithdrawalRecord,
} from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { recordStaffRefund } from "./record-staff-refund.ts";
import { recordWithdrawal } from "./record-withdrawal.ts";
import { refundStaff } from "./refund-staff.ts";
import { refundWithdrawal } from "./refund-withdrawal.ts";
import { type SettledRefund, settleRefund } from "./settle-refund.ts";
import { findStaffRefund, pendingStaffRefundIds, type StaffRefundRow } from "./staff-refunds.repository.ts";
import { viewWithdrawal } from "./withdrawal-assessment.ts";
import { toRecord, type WithdrawalsDeps, withdrawalsContext } from "./withdrawals.deps.ts";
import { findWithdrawalsOfItems, pendingWithdrawalIds } from "./withdrawals.repository.ts";

export { toRecord, type WithdrawalsDeps } from "./withdrawals.deps.ts";

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

export function createWithdrawalsService(deps: WithdrawalsDeps) {
  const ctx = withdrawalsContext(deps);
  const { db } = ctx;

  return {
    view: (userId: number, itemId: number) => viewWithdrawal(ctx, userId, itemId),

    /**
     * A staff refund (D127): recorded once per request id, then the gateway asked at once; a refusal leaves
     * it to the payment worker's rounds, bounded by `REFUND_ATTEMPTS`.
     */
    async staffRefund(
      staffUserId: number,
      orderId: number,
      input: AdminRefundInput,
      audit: (tx: Tx, row: StaffRefundRow) => Promise<void>,
    ): Promise<StaffRefundRow> {
      const recorded = await recordStaffRefund(ctx, staffUserId, orderId, input, audit);
      if (recorded.row.orderId !== orderId) throw AppError.notFound();
      if (recorded.created) await refundStaff(ctx, recorded.row.id);
      return (await findStaffRefund(db, recorded.row.id)) ?? recorded.row;
    },

    /**
     * `POST …/withdraw/`: records the withdrawal once (a repeat answers the same record) and then asks the
     * gateway for the refund; a gateway that is down leaves the refund to the payment worker.
     */
    async withdraw(userId: number, itemId: number): Promise<Withdrawal> {
      const recorded = await recordWithdrawal(ctx, userId, itemId);
      // Only the request that recorded it refunds; a repeat finds it done, or pending for the worker.
      if (recorded.created) await refundWithdrawal(ctx, recorded.id);
      return viewWithdrawal(ctx, userId, itemId);
    },

    /**
     * A failed refund tried again in a new round or settled by a person (D565). The new round is sent at
     * once, as a new refund is; a refusal leaves it to the payment worker's rounds, bounded again.
     */
    async settleRefund(
      orderId: number,
      input: AdminRefundSettleInput,
      audit: (tx: Tx, before: SettledRefund, after: SettledRefund) => Promise<void>,
    ): Promise<void> {
      const settled = await settleRefund(ctx, orderId, input, audit);
      if (!settled.changed || !settled.retry) return;
      if (settled.after.table === "staff_refunds") await refundStaff(ctx, settled.after.row.id);
      else await refundWithdrawal(ctx, settled.after.row.id);
    },

    /** The payment worker's round: refunds still pending (the gateway was down). */
    async refundsPending(limit: number): Promise<number> {
      let done = 0;
      for (const id of await pendingWithdrawalIds(db, limit)) {
        if ((await refundWithdrawal(ctx, id)) === "completed") done += 1;
      }
      for (const id of await pendingStaffRefundIds(db, limit)) {
        if ((await refundStaff(ctx, id)) === "completed") done += 1;
      }
      return done;
    },

    /** Records of the given items, for the history. */
    async recordsOf(itemIds: number[]): Promise<Map<number, WithdrawalRecord>> {
      const rows = await findWithdrawalsOfItems(db, itemIds);
      return new Map(rows.map((row) => [row.orderItemId, toRecord(row)]));
    },
  };
}
