// What a withdrawal of an item would do now (who may, until when, what comes back), and the parent's view
// of it. Recording a withdrawal assesses again under the order's lock, so both read the same rules.
import {
  berlinDate,
  type RefundBasis,
  SCHOOL_TIME_ZONE,
  type Withdrawal,
  type WithdrawalBlock,
  withdrawalWindow,
} from "@atelier/contract";
import { paymentHolds } from "../checkout/index.ts";
import type { Db, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { findGiftCard, findGiftCardOfItem } from "../gift-cards/index.ts";
import { contractItems } from "../invoices/index.ts";
import { findCartItems } from "../orders/index.ts";
import { findPauses } from "../subscriptions/index.ts";
import { refundPolicyOf } from "./refund-policy.ts";
import { type BerlinNow, planRefund, type RefundPlan, splitRefund } from "./refund-rules.ts";
import { staffRefundedOf } from "./staff-refunds.repository.ts";
import { toRecord, type WithdrawalsContext } from "./withdrawals.deps.ts";
import {
  findCapturedPayment,
  findOwnItem,
  findWithdrawalsOfItems,
  type ItemFacts,
  withdrawnOfOrder,
} from "./withdrawals.repository.ts";

const BERLIN_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHOOL_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function berlinNow(now: Date): BerlinNow {
  return { date: berlinDate(now), time: BERLIN_TIME.format(now) };
}

export type Assessment = { block: WithdrawalBlock | null; deadline: string | null; plan: RefundPlan };

/** What a withdrawal of the item would do now; with `tx`, under the locks the caller holds. */
export async function assess(
  ctx: WithdrawalsContext,
  tx: Db | Tx,
  facts: ItemFacts,
  lockCard = false,
): Promise<Assessment> {
  const at = ctx.now();
  const paidOn = facts.paidAt ? berlinDate(facts.paidAt) : null;
  const [item] = await findCartItems(tx, facts.orderId, facts.locale, facts.itemId);
  const card = facts.productType === "GiftCard" ? await findGiftCardOfItem(tx, facts.itemId) : undefined;
  const locked = card && lockCard ? await findGiftCard(tx, card.id, true) : card;
  // As the invoice and the contract describe it: a subscription's paid period is the contract's (D533).
  const [documentItem] = item
    ? await contractItems(tx, { id: facts.orderId, locale: facts.locale }, [item])
    : [];
  // A weekly lesson does not take place on the course's closed days, so they are not sessions (D537).
  const closed = documentItem?.slots.some((slot) => slot.weekday !== null)
    ? await findPauses(tx, facts.productPageId, paidOn ?? berlinDate(at))
    : [];
  const plan: RefundPlan = documentItem
    ? planRefund({
        item: documentItem,
        paidCents: facts.paidCents,
        paidOn: paidOn ?? berlinDate(at),
        ...(facts.paidAt ? { paidAt: facts.paidAt } : {}),
        earlyStart: facts.earlyStart,
        now: berlinNow(at),
        closed,
        ...(locked ? { giftCardBalanceCents: locked.balanceCents } : {}),
      })
    : { basis: "full", refundCents: 0, sessions: 0, rendered: 0 };
  const window = withdrawalWindow(
    {
      productType: facts.productType,
      orderStatus: facts.orderStatus,
      itemStatus: facts.itemStatus,
      paidOn,
      withdrawn: false,
      refundPolicy: item ? refundPolicyOf(item) : undefined,
    },
    berlinDate(at),
  );
  const block: WithdrawalBlock | null =
    window.block ?? (facts.productType === "GiftCard" && plan.refundCents === 0 ? "nothing_left" : null);
  return { block, deadline: window.deadline, plan };
}

/**
 * How the refund splits between the gateway and the order's gift card. What earlier withdrawals and staff
 * refunds (D127) already gave back comes off the item's refund and the payment's rest. The parent's view
 * and the recording both take it, so the amount a parent is shown is the amount recorded (D483).
 */
export async function refundSplit(
  db: Db | Tx,
  facts: ItemFacts,
  itemId: number,
  plan: RefundPlan,
  payment: { id: number; amountCents: number; refundedCents: number } | undefined,
) {
  const done = await withdrawnOfOrder(db, facts.orderId);
  const staffDone = await staffRefundedOf(db, facts.orderId, itemId);
  // What the payment still holds, as a staff refund judges it: never more than the gateway has not
  // refunded (a refund made in its dashboard, D506) and the bank or PayPal has not taken back (D662), or
  // the gateway refuses the withdrawal's refund.
  const split = splitRefund(Math.max(0, plan.refundCents - staffDone.itemCents), {
    gatewayCents: payment
      ? Math.max(
          0,
          Math.min(
            payment.amountCents - done.gatewayCents - staffDone.orderCents,
            await paymentHolds(db, payment),
          ),
        )
      : 0,
    giftCardCents: facts.orderGiftCardId
      ? Math.max(0, facts.orderGiftCardCents - done.giftCardCents - staffDone.giftCardCents)
      : 0,
  });
  // What staff gave back of the item before: the confirmation says so beside the rest (D552).
  return { ...split, staffRefundedCents: staffDone.itemCents };
}

/** `GET …/withdraw/`: the parent's own item, what a withdrawal would do, or the one recorded. */
export async function viewWithdrawal(
  ctx: WithdrawalsContext,
  userId: number,
  itemId: number,
): Promise<Withdrawal> {
  const { db } = ctx;
  const facts = await findOwnItem(db, userId, itemId);
  if (!facts) throw AppError.notFound();
  const [[existing], assessment] = await Promise.all([
    findWithdrawalsOfItems(db, [itemId]),
    assess(ctx, db, facts),
  ]);
  const block = existing ? "already_withdrawn" : assessment.block;
  let refundCents = 0;
  if (existing) refundCents = existing.refundCents;
  else if (block === null) {
    const payment = await findCapturedPayment(db, facts.orderId);
    const split = await refundSplit(db, facts, itemId, assessment.plan, payment);
    refundCents = split.gatewayCents + split.giftCardCents;
  }
  return {
    item: itemId,
    can_withdraw: block === null,
    blocked_by: block,
    deadline: assessment.deadline,
    paid_cents: facts.paidCents,
    refund_cents: refundCents,
    basis: (existing?.basis as RefundBasis | undefined) ?? assessment.plan.basis,
    withdrawal: existing ? toRecord(existing) : null,
  };
}
