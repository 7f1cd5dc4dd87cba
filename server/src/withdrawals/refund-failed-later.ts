// A withdrawal's or staff refund's payout the gateway accepted and later reports failed (D566): the money
// went back to the school's account, not to the family. The refund is `failed` again, as one given up after
// its tries (D565): the order needs attention, and staff try it again in a new round or settle it by hand.
// The family is told the money did not reach them (D578).
import type { Tx } from "../db/index.ts";
import { tellFamilyRefundFailed } from "./refund-failed-notice.ts";
import { findStaffRefundOfRefund, updateStaffRefund } from "./staff-refunds.repository.ts";
import { findWithdrawalOfRefund, updateWithdrawal } from "./withdrawals.repository.ts";

/** The failed-again values: no longer refunded, with the gateway's reason for staff. */
const failedAgain = (lastError: string) => ({ refundState: "failed", lastError, refundedAt: null }) as const;

/**
 * Marks the withdrawal or staff refund of the order whose payout is the recorded refund `refundId` failed, with the
 * gateway's reason, under its row's lock (the caller holds the order's), and tells the family. One settled by
 * hand meanwhile is left as staff settled it. Answers whether a row of either sent that refund.
 */
export async function refundFailedLater(
  tx: Tx,
  publicUrl: string,
  failed: { orderId: number; refundId: number; lastError: string },
): Promise<boolean> {
  const { orderId, refundId, lastError } = failed;
  const withdrawal = await findWithdrawalOfRefund(tx, orderId, refundId);
  if (withdrawal) {
    if (withdrawal.refundState === "completed" && withdrawal.settledByHand === null) {
      await updateWithdrawal(tx, withdrawal.id, failedAgain(lastError));
      await tellFamilyRefundFailed(
        tx,
        publicUrl,
        { table: "withdrawals", row: withdrawal },
        withdrawal.gatewayCents,
        lastError,
      );
    }
    return true;
  }
  const staff = await findStaffRefundOfRefund(tx, orderId, refundId);
  if (!staff) return false;
  if (staff.refundState === "completed" && staff.settledByHand === null) {
    await updateStaffRefund(tx, staff.id, failedAgain(lastError));
    await tellFamilyRefundFailed(
      tx,
      publicUrl,
      { table: "staff_refunds", row: staff },
      staff.amountCents,
      lastError,
    );
  }
  return true;
}
