// Recording a staff refund (D127): what staff may still give back for an item, the item cancelled if
// asked, the credit note, the parent's mail and the audit entry, in one transaction under the order's
// lock (the lock a withdrawal of the same order takes, so the two see each other's money). What the
// order's gift card paid goes back onto the card in the same transaction (D494); the gateway's part
// follows outside any lock.
import { type AdminRefundInput, berlinDate } from "@atelier/contract";
import { bookedGatewayRefund, paymentHolds } from "../checkout/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import {
  bookLedger,
  findGiftCard,
  findGiftCardOfItem,
  giveBackToGiftCard,
  restateWaitingRecipientMails,
} from "../gift-cards/index.ts";
import { lockOrderForDocuments } from "../invoices/index.ts";
import { enqueueMail, withdrawPendingGiftCardMails } from "../mail/index.ts";
import { findCartItems } from "../orders/index.ts";
import { endSubscriptionOnWithdrawal } from "../subscriptions/index.ts";
import { creditNote } from "./credit-note.ts";
import { unbookedAtGateway } from "./gateway-money.ts";
import { type RefundPlan, splitRefund } from "./refund-rules.ts";
import {
  findItemOfOrder,
  findStaffRefundByRequest,
  insertStaffRefund,
  type StaffRefundRow,
  staffRefundedOf,
  updateStaffRefund,
} from "./staff-refunds.repository.ts";
import { euros, itemLabel, type WithdrawalsContext } from "./withdrawals.deps.ts";
import {
  cancelItem,
  findCapturedPayment,
  findWithdrawalsOfItems,
  type ItemFacts,
  lockOrder,
  withdrawnOfOrder,
} from "./withdrawals.repository.ts";

/**
 * A refund recorded under this request id, when the request is a retry of it: the same order, item and
 * cancellation, and the same amount (or "the rest", which names none). A request id sent again with other
 * values is refused (409 `refund_request_reused`, D490): answering the first refund would tell staff an
 * amount was refunded that never was.
 */
function sameRequest(row: StaffRefundRow, orderId: number, input: AdminRefundInput) {
  const same =
    row.orderId === orderId &&
    row.orderItemId === input.item &&
    row.cancelItem === input.cancel_item &&
    row.bookedAtGateway === (input.booked_at_gateway === true) &&
    (input.amount_cents === null ||
      input.amount_cents === undefined ||
      input.amount_cents === row.amountCents + row.giftCardCents);
  if (!same) throw new AppError("refund_request_reused", 409);
  return { row, created: false };
}

/**
 * Records a staff refund (D127) once per request id, under the order's lock (the lock a withdrawal of the
 * same order takes, so the two see each other's money): the item cancelled if asked, the credit note,
 * the parent's mail and the staff member's audit entry, all in one transaction.
 */
export async function recordStaffRefund(
  ctx: WithdrawalsContext,
  staffUserId: number,
  orderId: number,
  input: AdminRefundInput,
  audit: (tx: Tx, row: StaffRefundRow) => Promise<void>,
): Promise<{ row: StaffRefundRow; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const first = await findStaffRefundByRequest(tx, input.request_id);
    if (first) return sameRequest(first, orderId, input);
    const facts = await findItemOfOrder(tx, orderId, input.item);
    if (!facts) throw AppError.validation("item", "invalid_choice");
    await lockOrder(tx, orderId);
    // Under the lock: a repeat of this request, or a withdrawal of the item, that committed meanwhile.
    const repeat = await findStaffRefundByRequest(tx, input.request_id);
    if (repeat) return sameRequest(repeat, orderId, input);
    const fresh = (await findItemOfOrder(tx, orderId, input.item)) ?? facts;
    if (fresh.orderStatus !== "paid" && fresh.orderStatus !== "refunded")
      throw AppError.validation("non_field_errors", "order_not_paid");
    const [withdrawn] = await findWithdrawalsOfItems(tx, [input.item]);
    if (withdrawn) throw AppError.validation("non_field_errors", "refund_item_withdrawn");
    if (input.cancel_item && fresh.itemStatus === "cancelled")
      throw AppError.validation("cancel_item", "refund_item_cancelled");

    const payment = await findCapturedPayment(tx, orderId);
    // A cancellation without money books nothing: it is the plain cancellation whatever the box said.
    const booked = input.booked_at_gateway === true && input.amount_cents !== 0;
    const { amount, split, boughtCard } = booked
      ? await bookedShares(tx, orderId, input, fresh, payment)
      : await refundShares(tx, orderId, input, fresh, payment);
    if (amount === 0 && !input.cancel_item) throw AppError.validation("amount_cents", "refund_nothing");

    const inserted = await insertStaffRefund(tx, {
      requestId: input.request_id,
      orderId,
      orderItemId: input.item,
      staffUserId,
      reason: input.reason,
      amountCents: split.gatewayCents,
      giftCardCents: split.giftCardCents,
      cancelItem: input.cancel_item,
      // Only the gateway's part waits for a call; the card's is booked below, with this row. Money the
      // gateway's dashboard gave back is booked as done (D562).
      refundState: split.gatewayCents > 0 && !booked ? "pending" : amount > 0 ? "completed" : "none",
      paymentId: split.gatewayCents > 0 ? (payment?.id ?? null) : null,
      bookedAtGateway: booked,
      ...(amount > 0 && (split.gatewayCents === 0 || booked) ? { refundedAt: ctx.now() } : {}),
    });
    if (!inserted) throw new Error(`staff refund ${input.request_id} raced past the order lock`);
    // What waits of the dashboard's refund is remembered; booked in full, it leaves the dashboard (D565).
    if (booked && payment) await bookedGatewayRefund(tx, payment.id, await unbookedOf(tx, orderId, payment));
    const cardAfter =
      split.giftCardCents > 0 && fresh.orderGiftCardId !== null
        ? await giveBackToGiftCard(
            tx,
            {
              giftCardId: fresh.orderGiftCardId,
              orderId,
              attempt: inserted.id,
              kind: "staff_refund",
              amountCents: split.giftCardCents,
            },
            ctx.now(),
          )
        : null;
    if (boughtCard && amount > 0)
      await bookLedger(tx, {
        giftCardId: boughtCard.id,
        orderId,
        attempt: inserted.id,
        kind: "staff_refund",
        amountCents: -amount,
      });
    // A bought card refunded whole, or its booking cancelled, pays nothing more: a recipient's mail still
    // waiting for its day is taken back, as after a refund at the gateway (D512, D552).
    if (boughtCard && (amount >= boughtCard.balanceCents || input.cancel_item))
      await withdrawPendingGiftCardMails(tx, [boughtCard.id]);
    // Refunded in part, it is a smaller present: the recipient's waiting mail says what it is worth now (D629),
    // and so does the buyer's mail (D640).
    const cardWorth = boughtCard && amount > 0 && !input.cancel_item ? boughtCard.balanceCents - amount : 0;
    if (boughtCard && cardWorth > 0)
      await restateWaitingRecipientMails(tx, boughtCard.id, orderId, ctx.publicUrl, ctx.now());
    if (input.cancel_item) {
      await cancelItem(tx, input.item);
      if (fresh.productType === "Course") await endSubscriptionOnWithdrawal(tx, input.item);
    }
    const today = berlinDate(ctx.now());
    const plan: RefundPlan = { basis: "full", refundCents: amount, sessions: 0, rendered: 0 };
    const note = amount > 0 ? await creditNote(ctx, tx, fresh, plan, amount, today, true) : null;
    if (note) await updateStaffRefund(tx, inserted.id, { creditNoteId: note.id });
    await staffRefundMail(ctx, tx, fresh, {
      amount,
      giftCardCents: split.giftCardCents,
      giftCardValidUntil: cardAfter?.expiresAt ?? null,
      cancelled: input.cancel_item,
      reason: input.reason,
      note,
      alreadyRefunded: booked,
      giftCardWorthCents: cardWorth > 0 ? cardWorth : null,
    });
    const row = { ...inserted, creditNoteId: note?.id ?? null };
    await audit(tx, row);
    return { row, created: true };
  });
}

type Payment = Awaited<ReturnType<typeof findCapturedPayment>>;
type Shares = {
  amount: number;
  split: { gatewayCents: number; giftCardCents: number };
  boughtCard: Awaited<ReturnType<typeof lockedCardOfItem>>;
};

/** A refund the shop sends: what the item may still have back, the gateway first, then the order's card. */
async function refundShares(
  tx: Tx,
  orderId: number,
  input: AdminRefundInput,
  fresh: ItemFacts,
  payment: Payment,
): Promise<Shares> {
  const room = await roomOfItem(tx, orderId, input.item, fresh, payment);
  // A gift card the order bought gives back only what is still on it, and loses what is given back, under
  // its lock (D506): the family cannot have the money back and spend the card as well.
  const boughtCard = fresh.productType === "GiftCard" ? await lockedCardOfItem(tx, input.item) : undefined;
  const itemLeft = Math.min(
    room.itemCents,
    room.gatewayCents + room.giftCardCents,
    boughtCard?.balanceCents ?? Number.POSITIVE_INFINITY,
  );
  const amount = input.amount_cents ?? itemLeft;
  if (amount > itemLeft)
    throw new AppError("refund_too_much", 400, "amount_cents", undefined, { max: euros(itemLeft) });
  // As a withdrawal splits (D76): the gateway first, the rest back onto the card that paid.
  const split = splitRefund(amount, room);
  if (split.giftCardCents > 0)
    await refuseDeactivatedCard(tx, fresh, Math.min(room.itemCents, room.gatewayCents));
  return { amount, split, boughtCard };
}

/**
 * Money given back in the gateway's dashboard, booked to the item (D562): at most what no withdrawal or
 * staff refund carries yet, and what the item may still have back; all of it the gateway's, none the card's.
 */
async function bookedShares(
  tx: Tx,
  orderId: number,
  input: AdminRefundInput,
  fresh: ItemFacts,
  payment: Payment,
): Promise<Shares> {
  const unbooked = fresh.orderStatus === "paid" ? await unbookedOf(tx, orderId, payment) : 0;
  if (unbooked === 0) throw AppError.validation("non_field_errors", "refund_nothing_booked");
  const staffDone = await staffRefundedOf(tx, orderId, input.item);
  const boughtCard = fresh.productType === "GiftCard" ? await lockedCardOfItem(tx, input.item) : undefined;
  const itemLeft = Math.min(
    Math.max(0, fresh.paidCents - staffDone.itemCents),
    boughtCard?.balanceCents ?? Number.POSITIVE_INFINITY,
  );
  const most = Math.min(itemLeft, unbooked);
  const amount = input.amount_cents ?? most;
  // The lower of the two bounds is named, so one correction is enough.
  if (amount > most)
    throw unbooked < itemLeft
      ? new AppError("refund_booked_too_much", 400, "amount_cents", undefined, { max: euros(unbooked) })
      : new AppError("refund_too_much", 400, "amount_cents", undefined, { max: euros(itemLeft) });
  return { amount, split: { gatewayCents: amount, giftCardCents: 0 }, boughtCard };
}

/** What the gateway gave back of the order's payment that no refund of the shop carries (D562, D565). */
async function unbookedOf(tx: DbOrTx, orderId: number, payment: Payment): Promise<number> {
  return payment ? unbookedAtGateway(tx, orderId, payment.refundedCents) : 0;
}

/** {@link unbookedOf} for the order page: nothing for an order not paid (one refunded whole was credited, D529). */
export async function unbookedGatewayCents(db: DbOrTx, orderId: number, status: string): Promise<number> {
  return status === "paid" ? unbookedOf(db, orderId, await findCapturedPayment(db, orderId)) : 0;
}

/** The gift card an order item bought, locked; none when the item bought none (or not yet). */
async function lockedCardOfItem(tx: Tx, itemId: number) {
  const card = await findGiftCardOfItem(tx, itemId);
  return card ? findGiftCard(tx, card.id, true) : undefined;
}

/**
 * A card staff deactivated (D125) takes nothing back: its credit could never be spent (D499). Staff refund
 * what the payment holds and give the rest as a new card issued by hand.
 */
async function refuseDeactivatedCard(tx: Tx, fresh: ItemFacts, paymentCanGive: number) {
  const card = fresh.orderGiftCardId === null ? undefined : await findGiftCard(tx, fresh.orderGiftCardId);
  if (card?.deactivatedAt)
    throw new AppError("refund_gift_card_deactivated", 400, "amount_cents", undefined, {
      max: euros(paymentCanGive),
    });
}

/**
 * What staff may still refund for the item (`itemCents`: what was paid for it less earlier staff refunds),
 * and where it can go: what the payment still holds after withdrawals, staff refunds and refunds made at
 * the gateway or taken back by a lost dispute or a reversal (D662), and what the order's gift card paid and
 * has not had back (D494).
 */
async function roomOfItem(
  tx: Tx,
  orderId: number,
  itemId: number,
  fresh: ItemFacts,
  payment: { id: number; amountCents: number; refundedCents: number } | undefined,
) {
  const done = await withdrawnOfOrder(tx, orderId);
  const staffDone = await staffRefundedOf(tx, orderId, itemId);
  const gatewayCents = payment
    ? Math.max(
        0,
        Math.min(
          payment.amountCents - done.gatewayCents - staffDone.orderCents,
          await paymentHolds(tx, payment),
        ),
      )
    : 0;
  // A refunded order's card part went back onto the card with the release that refunded it.
  const giftCardCents =
    fresh.orderGiftCardId === null || fresh.orderStatus !== "paid"
      ? 0
      : Math.max(0, fresh.orderGiftCardCents - done.giftCardCents - staffDone.giftCardCents);
  return { itemCents: Math.max(0, fresh.paidCents - staffDone.itemCents), gatewayCents, giftCardCents };
}

/** The parent's "staff-refund" mail of an item's refund, with its credit note (D127; D529's too, D564). */
export async function staffRefundMail(
  ctx: Pick<WithdrawalsContext, "publicUrl">,
  tx: Tx,
  facts: ItemFacts,
  input: {
    amount: number;
    giftCardCents: number;
    giftCardValidUntil: Date | null;
    cancelled: boolean;
    reason: string;
    note: { id: number; number: string } | null;
    alreadyRefunded: boolean;
    /** A bought gift card refunded in part: what it is worth now (D640). */
    giftCardWorthCents?: number | null;
  },
) {
  const order = await lockOrderForDocuments(tx, facts.orderId);
  const to = order?.user?.email || order?.billing?.email;
  if (!order || !to) return;
  const [row] = await findCartItems(tx, facts.orderId, order.locale, facts.itemId);
  const { name, child } = itemLabel(row);
  await enqueueMail(
    tx,
    {
      to,
      template: "staff-refund",
      locale: order.locale,
      data: {
        firstName: order.user?.firstName || order.billing?.first_name || "",
        orderId: order.id,
        item: child ? `${name} (${child})` : name,
        refundCents: input.amount,
        giftCardCents: input.giftCardCents,
        giftCardValidUntil: input.giftCardValidUntil ? berlinDate(input.giftCardValidUntil) : null,
        cancelled: input.cancelled,
        reason: input.reason,
        creditNoteNumber: input.note?.number ?? null,
        alreadyRefunded: input.alreadyRefunded,
        ...(input.giftCardWorthCents ? { giftCardWorthCents: input.giftCardWorthCents } : {}),
      },
      attachments: input.note
        ? [{ kind: "invoice-pdf", invoiceId: input.note.id, filename: `${input.note.number}.pdf` }]
        : [],
    },
    { publicUrl: ctx.publicUrl },
  );
}
