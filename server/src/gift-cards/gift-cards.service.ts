import {
  berlinDate,
  type ErrorCode,
  type Locale,
  SCHOOL_TIME_ZONE,
  type StoredGiftCardDetails,
  todayInBerlin,
} from "@atelier/contract";
import { eq } from "drizzle-orm";
import type { Tx } from "../db/index.ts";
import { orders, users } from "../db/index.ts";
import {
  enqueueMail,
  type MailRequest,
  type RequeuedMail,
  rewriteMail,
  takeWaitingGiftCardMails,
  withdrawPendingGiftCardMails,
} from "../mail/index.ts";
import { giftCardExpiry, newGiftCardCode } from "./gift-card-code.ts";
import {
  bookLedger,
  deactivateCardsBoughtBy,
  findBuyingOrderId,
  findGiftCard,
  findGiftCardOfItem,
  type GiftCardRow,
  insertGiftCard,
  openRedemption,
  setGiftCardExpiry,
} from "./gift-cards.repository.ts";

/** What decides whether a card can pay; a card staff deactivated (D125) pays nothing. */
type UsableCard = Pick<GiftCardRow, "balanceCents" | "expiresAt"> & { deactivatedAt?: Date | null };

/** Why a card cannot pay now, or null when it can. */
export function giftCardUnusable(card: UsableCard, now = new Date()): ErrorCode | null {
  if (card.deactivatedAt) return "gift_card_deactivated";
  if (card.expiresAt && card.expiresAt <= now) return "gift_card_expired";
  if (card.balanceCents <= 0) return "gift_card_empty";
  return null;
}

/** What a card pays of an amount due: its balance, at most the amount, nothing when it cannot be used. */
export const giftCardShare = (card: UsableCard, dueCents: number) =>
  giftCardUnusable(card) === null ? Math.max(0, Math.min(card.balanceCents, dueCents)) : 0;

/**
 * At checkout: the card pays what it can of `dueCents`, booked as a redemption of this staging under the
 * card's row lock, so two orders spending one card at once never take more than its balance. Returns the
 * amount taken.
 */
export async function redeemGiftCard(
  tx: Tx,
  order: { id: number; paymentAttempt: number; giftCardId: number },
  dueCents: number,
): Promise<number> {
  const card = await findGiftCard(tx, order.giftCardId, true);
  if (!card) return 0;
  const amount = giftCardShare(card, dueCents);
  if (amount > 0)
    await bookLedger(tx, {
      giftCardId: card.id,
      orderId: order.id,
      attempt: order.paymentAttempt,
      kind: "redeem",
      amountCents: -amount,
    });
  return amount;
}

/**
 * Gives money back onto a card that paid for an order (a staging's release, a withdrawal, a staff refund):
 * its ledger row and balance under the card's row lock. A card that has expired meanwhile is valid again
 * for the term of a card bought today (D499): the family's claim to the money arises again when it is given
 * back (§ 199 BGB), and credit put onto an expired card could never be spent. A repeated call books
 * nothing and renews nothing. Returns the card as it is after the booking (its last moment, and whether
 * staff deactivated it, D504), null when there is no such card.
 */
export async function giveBackToGiftCard(
  tx: Tx,
  entry: {
    giftCardId: number;
    orderId: number;
    attempt: number;
    kind: GiftCardReturnKind;
    amountCents: number;
  },
  now = new Date(),
): Promise<GiftCardAfterReturn | null> {
  const card = await findGiftCard(tx, entry.giftCardId, true);
  if (!card) return null;
  const after = { code: card.code, expiresAt: card.expiresAt, deactivatedAt: card.deactivatedAt };
  if (entry.amountCents <= 0) return after;
  const booked = await bookLedger(tx, entry);
  if (!booked || !card.expiresAt || card.expiresAt > now) return after;
  const renewed = giftCardExpiry(now);
  await setGiftCardExpiry(tx, card.id, renewed);
  return { ...after, expiresAt: renewed };
}

/** A card after money went back onto it: its code, its last moment and when staff deactivated it. */
export type GiftCardAfterReturn = { code: string; expiresAt: Date | null; deactivatedAt: Date | null };

/** The ledger's kinds that put money back onto a card. */
type GiftCardReturnKind = "release" | "withdrawal" | "staff_refund";

/** A staging that did not end in a payment (cancelled, declined, expired, refunded) gives its amount back. */
export async function releaseGiftCard(tx: Tx, order: { id: number; paymentAttempt: number }): Promise<void> {
  const open = await openRedemption(tx, order.id, order.paymentAttempt);
  if (!open) return;
  await giveBackToGiftCard(tx, {
    giftCardId: open.giftCardId,
    orderId: order.id,
    attempt: order.paymentAttempt,
    kind: "release",
    amountCents: open.amountCents,
  });
}

/** What issuing needs of an order item. */
export type OrderItemForCard = {
  id: number;
  productType: string;
  calculatedPriceCents: number;
  giftCardDetails: StoredGiftCardDetails | null;
};

/** A recipient's mail leaves at 9:00 Berlin time on its chosen day (or at once when that day has come). */
export function giftCardSendMoment(sendOn: string | null, now: Date = new Date()): Date | undefined {
  if (sendOn === null || sendOn <= todayInBerlin(now)) return undefined;
  // 9:00 UTC that day is 10:00 or 11:00 in Berlin; step back by the difference (no change of time at 9).
  const guess = new Date(`${sendOn}T09:00:00Z`);
  const berlinHour = Number(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: SCHOOL_TIME_ZONE,
      hour: "2-digit",
      hourCycle: "h23",
    }).format(guess),
  );
  return new Date(guess.getTime() - (berlinHour - 9) * 3_600_000);
}

/**
 * A card as its mail and PDF name it. The days are Berlin's: a card that ends at 00:30 on 1 January in
 * Berlin is valid until 1 January, though it is still 31 December in UTC (issue 33).
 */
export function giftCardMailCard(
  card: Pick<GiftCardRow, "code" | "initialCents" | "balanceCents" | "expiresAt">,
  details: StoredGiftCardDetails | null,
  now: Date = new Date(),
) {
  return {
    code: card.code,
    amountCents: card.initialCents,
    balanceCents: card.balanceCents,
    expiresOn: berlinDate(card.expiresAt ?? now),
    recipientName: details?.recipientName ?? null,
    message: details?.message ?? "",
    sendTo: details?.recipientEmail ?? null,
    sendOn: details?.recipientEmail ? (details.sendOn ?? todayInBerlin(now)) : null,
  };
}

/**
 * A paid order's gift card items become cards: a code, the item's list price as value, valid three years
 * to the end of the year; then one mail to the buyer with each card as a printable PDF, and for a card
 * sent to its recipient one mail to them on the chosen day with that card's PDF. Idempotent per item.
 */
export async function issueGiftCardsForOrder(
  tx: Tx,
  orderId: number,
  publicUrl: string,
  /**
   * The order's items, from the order core above this area (handed down by the wiring), in any locale:
   * what a card takes of them reads the same in each. Read first, so an order without cards stops there.
   */
  itemsOf: (tx: Tx, orderId: number) => Promise<OrderItemForCard[]>,
): Promise<void> {
  const items = (await itemsOf(tx, orderId)).filter((item) => item.productType === "GiftCard");
  if (items.length === 0) return;
  const [row] = await tx
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const locale: Locale = row.order.locale;
  const issued: { card: GiftCardRow; details: StoredGiftCardDetails | null }[] = [];
  for (const item of items) {
    if (await findGiftCardOfItem(tx, item.id)) continue;
    const details = item.giftCardDetails;
    const card = await insertGiftCard(tx, {
      recipientName: details?.recipientName ?? null,
      message: details?.message ?? "",
      code: newGiftCardCode(),
      initialCents: item.calculatedPriceCents,
      balanceCents: item.calculatedPriceCents,
      expiresAt: giftCardExpiry(row.order.paidAt ?? new Date()),
      orderItemId: item.id,
      buyerUserId: row.order.userId,
      locale,
    });
    await bookLedger(tx, {
      giftCardId: card.id,
      orderId,
      attempt: 0,
      kind: "issue",
      amountCents: card.initialCents,
    });
    issued.push({ card, details });
  }
  if (issued.length === 0) return;
  const mailCard = ({ card, details }: (typeof issued)[number]) => giftCardMailCard(card, details);
  const pdfOf = (card: GiftCardRow) => ({
    kind: "gift-card-pdf" as const,
    giftCardId: card.id,
    filename: `Gutschein-${card.code}.pdf`,
  });
  // The buyer gets every card (to print, or to know what the recipient will receive and when).
  await enqueueMail(
    tx,
    {
      to: row.email,
      template: "gift-card",
      locale,
      data: { firstName: row.firstName, orderId, cards: issued.map(mailCard), toRecipient: false },
      attachments: issued.map(({ card }) => pdfOf(card)),
    },
    { publicUrl },
  );
  for (const entry of issued) {
    const to = entry.details?.recipientEmail;
    if (!to || !entry.details) continue;
    const notBefore = giftCardSendMoment(entry.details.sendOn);
    await enqueueMail(
      tx,
      {
        to,
        template: "gift-card",
        locale,
        data: {
          firstName: entry.details.recipientName,
          orderId,
          cards: [mailCard(entry)],
          toRecipient: true,
          buyerName: `${row.firstName} ${row.lastName}`.trim(),
        },
        attachments: [pdfOf(entry.card)],
        ...(notBefore ? { notBefore } : {}),
      },
      { publicUrl },
    );
  }
}

/**
 * A card the school issues by hand (D125), e.g. as a goodwill gesture: a new code, the value, why and by
 * whom, and its `issue` ledger row, in the caller's transaction. It is handed over by staff (no mail).
 */
export async function issueGiftCardByHand(
  tx: Tx,
  card: { amountCents: number; reason: string; issuedByUserId: number; expiresAt: Date },
): Promise<GiftCardRow> {
  const issued = await insertGiftCard(tx, {
    code: newGiftCardCode(),
    initialCents: card.amountCents,
    balanceCents: card.amountCents,
    expiresAt: card.expiresAt,
    issuedByUserId: card.issuedByUserId,
    issueReason: card.reason,
  });
  await bookLedger(tx, {
    giftCardId: issued.id,
    orderId: null,
    attempt: 0,
    kind: "issue",
    amountCents: issued.initialCents,
  });
  return issued;
}

/**
 * The cards an order bought, when the gateway reports the whole order refunded (D512): deactivated, and a
 * recipient's mail still waiting for its day taken back, so the code reaches nobody as a present.
 */
export async function stopCardsBoughtBy(tx: Tx, orderId: number, at: Date): Promise<void> {
  const stopped = await deactivateCardsBoughtBy(tx, orderId, at);
  await withdrawPendingGiftCardMails(tx, stopped);
}

/** A bought card and its buyer's name: what its mail to the recipient is written from. */
async function boughtCardWithBuyer(tx: Tx, giftCardId: number) {
  const card = await findGiftCard(tx, giftCardId);
  if (!card?.buyerUserId) return null;
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, card.buyerUserId));
  return buyer ? { card, buyer } : null;
}

/**
 * A bought card's mail to its recipient with the card as it is now (D629): its value and balance are the
 * balance now, since the part refunded to the buyer is not the recipient's. Its PDF is drawn when it is sent.
 */
function recipientMailNow(
  { card, buyer }: NonNullable<Awaited<ReturnType<typeof boughtCardWithBuyer>>>,
  orderId: number | string,
  mail: { to: string; locale: Locale; notBefore?: Date },
  now: Date,
): MailRequest {
  const details: StoredGiftCardDetails = {
    recipientName: card.recipientName ?? "",
    message: card.message,
    deliverTo: "recipient",
    recipientEmail: mail.to,
    sendOn: berlinDate(mail.notBefore ?? now),
  };
  return {
    to: mail.to,
    template: "gift-card",
    locale: mail.locale,
    data: {
      firstName: card.recipientName ?? "",
      orderId,
      cards: [{ ...giftCardMailCard(card, details, now), amountCents: card.balanceCents }],
      toRecipient: true,
      buyerName: `${buyer.firstName} ${buyer.lastName}`.trim(),
    },
    attachments: [{ kind: "gift-card-pdf", giftCardId: card.id, filename: `Gutschein-${card.code}.pdf` }],
    ...(mail.notBefore ? { notBefore: mail.notBefore } : {}),
  };
}

/**
 * A bought card partly refunded (D629): its recipient's mail still waiting for its day was written with the
 * card's value at the purchase. It is written anew, for the same day, with what the card is worth now; its
 * PDF is drawn when it is sent, from the card as it is then.
 */
export async function restateWaitingRecipientMails(
  tx: Tx,
  giftCardId: number,
  orderId: number,
  publicUrl: string,
  now: Date,
): Promise<void> {
  const bought = await boughtCardWithBuyer(tx, giftCardId);
  if (!bought) return;
  for (const mail of await takeWaitingGiftCardMails(tx, giftCardId, now))
    await enqueueMail(tx, recipientMailNow(bought, orderId, mail, now), { publicUrl });
}

/**
 * A mail the outbox gave up on, handed back by staff (D534): when it is a bought card's mail to its recipient,
 * its text is written anew with what the card is worth now (D641), as a waiting one is after a refund (D629),
 * so the text says what its PDF, drawn when it is sent, prints. The buyer's own copy of the purchase stays as
 * it was, as it does after a refund. Which of the two a mail is, its kind says (stored when it was written),
 * not its address: a buyer may have changed theirs since, or given the card to their own address.
 * Answers whether it was written anew.
 */
export async function restateGivenUpRecipientMail(
  tx: Tx,
  mail: RequeuedMail,
  publicUrl: string,
  now: Date,
): Promise<boolean> {
  if (mail.kind !== "gift-card-recipient") return false;
  const cards = mail.attachments.flatMap((ref) => (ref.kind === "gift-card-pdf" ? [ref.giftCardId] : []));
  const [giftCardId] = cards;
  if (cards.length !== 1 || giftCardId === undefined) return false;
  const bought = await boughtCardWithBuyer(tx, giftCardId);
  if (!bought) return false;
  const orderId = (await findBuyingOrderId(tx, giftCardId)) ?? "";
  await rewriteMail(tx, mail.id, recipientMailNow(bought, orderId, mail, now), { publicUrl });
  return true;
}
