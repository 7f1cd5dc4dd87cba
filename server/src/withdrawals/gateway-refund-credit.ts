// The credit notes of an order refunded whole at the gateway (PayPal's or Stripe's dashboard): the money
// went back without a withdrawal or a staff refund, so nothing else corrects the invoice (§ 14 UStG).
import { berlinDate } from "@atelier/contract";
import type { Tx } from "../db/index.ts";
import { findOrderInvoice } from "../invoices/index.ts";
import { findCartItems } from "../orders/index.ts";
import { creditNote } from "./credit-note.ts";
import { staffRefundMail } from "./record-staff-refund.ts";
import type { RefundPlan } from "./refund-rules.ts";
import { findItemOfOrder, staffRefundedOf } from "./staff-refunds.repository.ts";
import type { WithdrawalsContext } from "./withdrawals.deps.ts";
import { findWithdrawalsOfItems } from "./withdrawals.repository.ts";

/**
 * One credit note per item for what its withdrawals and staff refunds had not credited yet (D529), in the
 * transaction that records the order refunded, each mailed to the parent (D564). Nothing without an invoice; nothing for an item credited whole.
 */
export async function creditOrderRefundedAtGateway(
  ctx: Pick<WithdrawalsContext, "seller" | "publicUrl">,
  tx: Tx,
  orderId: number,
  now: Date,
): Promise<number> {
  if (!(await findOrderInvoice(tx, orderId))) return 0;
  const items = await findCartItems(tx, orderId, "de");
  const withdrawn = await findWithdrawalsOfItems(
    tx,
    items.map((item) => item.id),
  );
  const today = berlinDate(now);
  let issued = 0;
  for (const item of items) {
    const facts = await findItemOfOrder(tx, orderId, item.id);
    if (!facts) continue;
    const credited =
      withdrawn.filter((row) => row.orderItemId === item.id).reduce((sum, row) => sum + row.refundCents, 0) +
      (await staffRefundedOf(tx, orderId, item.id)).itemCents;
    const left = facts.paidCents - credited;
    if (left <= 0) continue;
    const plan: RefundPlan = { basis: "full", refundCents: left, sessions: 0, rendered: 0 };
    const note = await creditNote(ctx, tx, facts, plan, left, today, true);
    if (!note) continue;
    issued += 1;
    // The parent gets the credit note, saying the money already went back and the booking ended (D564).
    await staffRefundMail(ctx, tx, facts, {
      amount: left,
      giftCardCents: 0,
      giftCardValidUntil: null,
      cancelled: true,
      reason: "",
      note,
      alreadyRefunded: true,
    });
  }
  return issued;
}
