// Recording a parent's withdrawal (§ 355, § 356a BGB; D54, D75, D76): the item cancelled and its seat
// freed, gift cards booked, the credit note, the confirmation mail and the staff notice, all in one
// transaction under the order's lock. The refund through the gateway comes after (refund-withdrawal.ts).
import {
  berlinDate,
  type ErrorCode,
  type RefundBasis,
  type WithdrawalBlock,
  type WithdrawalKind,
  withdrawalKindOf,
} from "@atelier/contract";
import type { InvoiceLine, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { bookLedger, findGiftCardOfItem, giveBackToGiftCard } from "../gift-cards/index.ts";
import { enqueueOrderStaffNotice, lockOrderForDocuments } from "../invoices/index.ts";
import { enqueueMail, withdrawPendingGiftCardMails } from "../mail/index.ts";
import { findCartItems } from "../orders/index.ts";
import { endSubscriptionOnWithdrawal } from "../subscriptions/index.ts";
import { creditNote } from "./credit-note.ts";
import { assess, refundSplit } from "./withdrawal-assessment.ts";
import { itemLabel, type WithdrawalsContext } from "./withdrawals.deps.ts";
import {
  cancelItem,
  findCapturedPayment,
  findOwnItem,
  findWithdrawalsOfItems,
  type ItemFacts,
  insertWithdrawal,
  lockOrder,
  updateWithdrawal,
} from "./withdrawals.repository.ts";

const BLOCK_ERRORS: Record<Exclude<WithdrawalBlock, "already_withdrawn">, ErrorCode> = {
  no_right: "withdrawal_no_right",
  not_active: "withdrawal_not_active",
  period_over: "withdrawal_period_over",
  policy_over: "withdrawal_policy_over",
  nothing_left: "withdrawal_nothing_left",
};

/** Records the withdrawal (once per item) and everything that belongs to it, in one transaction. */
export async function recordWithdrawal(
  ctx: WithdrawalsContext,
  userId: number,
  itemId: number,
): Promise<{ id: number; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const facts = await findOwnItem(tx, userId, itemId);
    if (!facts) throw AppError.notFound();
    await lockOrder(tx, facts.orderId);
    const [existing] = await findWithdrawalsOfItems(tx, [itemId]);
    if (existing) return { id: existing.id, created: false };
    // Read again under the order's lock: a withdrawal of the same item waits here and finds the first.
    const fresh = (await findOwnItem(tx, userId, itemId)) ?? facts;
    const { block, plan } = await assess(ctx, tx, fresh, true);
    if (block)
      throw AppError.validation("non_field_errors", BLOCK_ERRORS[block as keyof typeof BLOCK_ERRORS]);

    const payment = await findCapturedPayment(tx, facts.orderId);
    const split = await refundSplit(tx, facts, itemId, plan, payment);
    const refundCents = split.gatewayCents + split.giftCardCents;
    const today = berlinDate(ctx.now());
    // Past the block above, an item without the statutory right is cancelled under its refund policy.
    const kind = withdrawalKindOf(fresh.productType);
    const inserted = await insertWithdrawal(tx, {
      orderItemId: itemId,
      orderId: facts.orderId,
      userId,
      paidCents: facts.paidCents,
      refundCents,
      gatewayCents: split.gatewayCents,
      giftCardCents: split.giftCardCents,
      basis: plan.basis,
      kind,
      refundState: split.gatewayCents > 0 ? "pending" : "none",
      paymentId: split.gatewayCents > 0 ? (payment?.id ?? null) : null,
    });
    if (!inserted) throw new Error(`withdrawal of item ${itemId} raced past the order lock`);
    await cancelItem(tx, itemId);
    if (fresh.productType === "Course") await endSubscriptionOnWithdrawal(tx, itemId);
    const card = await bookGiftCards(tx, facts, fresh, itemId, inserted.id, split.giftCardCents, ctx.now());

    const note = refundCents > 0 ? await creditNote(ctx, tx, fresh, plan, refundCents, today) : null;
    if (note) await updateWithdrawal(tx, inserted.id, { creditNoteId: note.id });
    await confirmationMail(ctx, tx, facts, {
      item: note?.line ?? null,
      itemId,
      receivedOn: today,
      refundCents,
      basis: plan.basis,
      kind,
      creditNote: note,
      giftCardCents: split.giftCardCents,
      giftCardValidUntil: card.validUntil,
      giftCardBlocked: card.blocked !== null,
      staffRefundedCents: split.staffRefundedCents,
    });
    await enqueueOrderStaffNotice(tx, {
      recipients: await ctx.staffEmails(tx),
      event: kind === "cancellation" ? "policy_cancellation" : "withdrawal",
      orderId: facts.orderId,
      itemIds: [itemId],
      options: { publicUrl: ctx.publicUrl },
      blockedGiftCard: card.blocked,
    });
    return { id: inserted.id, created: true };
  });
}

/**
 * A withdrawn gift card loses its balance; the part paid with the order's gift card goes back onto it.
 * Answers that card's last day after it (D499), and its code and the part when the school had deactivated
 * it (D504): the withdrawal is the family's right and goes through, the money stays traceable on the card,
 * and the school is told to give them a new card for it. Nothing when nothing went onto a card.
 */
async function bookGiftCards(
  tx: Tx,
  facts: ItemFacts,
  fresh: ItemFacts,
  itemId: number,
  withdrawalId: number,
  giftCardCents: number,
  now: Date,
): Promise<{ validUntil: Date | null; blocked: { code: string; cents: number } | null }> {
  if (fresh.productType === "GiftCard") {
    const card = await findGiftCardOfItem(tx, itemId);
    if (card && card.balanceCents > 0) {
      await bookLedger(tx, {
        giftCardId: card.id,
        orderId: facts.orderId,
        attempt: withdrawalId,
        kind: "withdrawal",
        amountCents: -card.balanceCents,
      });
    }
    // The withdrawn card pays nothing more: a recipient's mail waiting for its day is taken back (D552).
    if (card) await withdrawPendingGiftCardMails(tx, [card.id]);
  }
  if (giftCardCents <= 0 || !facts.orderGiftCardId) return { validUntil: null, blocked: null };
  const card = await giveBackToGiftCard(
    tx,
    {
      giftCardId: facts.orderGiftCardId,
      orderId: facts.orderId,
      attempt: withdrawalId,
      kind: "withdrawal",
      amountCents: giftCardCents,
    },
    now,
  );
  if (!card?.deactivatedAt) return { validUntil: card?.expiresAt ?? null, blocked: null };
  return { validUntil: null, blocked: { code: card.code, cents: giftCardCents } };
}

async function confirmationMail(
  ctx: WithdrawalsContext,
  tx: Tx,
  facts: ItemFacts,
  input: {
    item: InvoiceLine | null;
    itemId: number;
    receivedOn: string;
    refundCents: number;
    basis: RefundBasis;
    kind: WithdrawalKind;
    creditNote: { id: number; number: string } | null;
    giftCardCents: number;
    giftCardValidUntil: Date | null;
    giftCardBlocked: boolean;
    staffRefundedCents: number;
  },
) {
  const order = await lockOrderForDocuments(tx, facts.orderId);
  const to = order?.user?.email || order?.billing?.email;
  if (!order || !to) return;
  let name = input.item ? input.item.name : "";
  let child = input.item?.visitorName ?? null;
  if (!input.item) {
    const [row] = await findCartItems(tx, facts.orderId, facts.locale, input.itemId);
    const label = itemLabel(row);
    name = label.name;
    child = label.child || null;
  }
  await enqueueMail(
    tx,
    {
      to,
      template: "withdrawal-confirmation",
      locale: order.locale,
      data: {
        firstName: order.user?.firstName || order.billing?.first_name || "",
        orderId: order.id,
        item: child ? `${name} (${child})` : name,
        receivedOn: input.receivedOn,
        paidCents: facts.paidCents,
        refundCents: input.refundCents,
        basis: input.basis,
        kind: input.kind,
        creditNoteNumber: input.creditNote?.number ?? null,
        giftCardCents: input.giftCardCents,
        giftCardValidUntil: input.giftCardValidUntil ? berlinDate(input.giftCardValidUntil) : null,
        giftCardBlocked: input.giftCardBlocked,
        alreadyRefundedCents: input.staffRefundedCents,
      },
      attachments: input.creditNote
        ? [
            {
              kind: "invoice-pdf",
              invoiceId: input.creditNote.id,
              filename: `${input.creditNote.number}.pdf`,
            },
          ]
        : [],
    },
    { publicUrl: ctx.publicUrl },
  );
}
