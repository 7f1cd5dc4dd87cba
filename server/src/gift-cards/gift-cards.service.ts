import type { ErrorCode, Locale } from "@atelier/contract";
import { eq } from "drizzle-orm";
import type { Tx } from "../db/index.ts";
import { orders, users } from "../db/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { giftCardExpiry, newGiftCardCode } from "./gift-card-code.ts";
import {
  bookLedger,
  findGiftCard,
  findGiftCardOfItem,
  type GiftCardRow,
  insertGiftCard,
  openRedemption,
} from "./gift-cards.repository.ts";

/** Why a card cannot pay now, or null when it can. */
export function giftCardUnusable(
  card: Pick<GiftCardRow, "balanceCents" | "expiresAt">,
  now = new Date(),
): ErrorCode | null {
  if (card.expiresAt && card.expiresAt <= now) return "gift_card_expired";
  if (card.balanceCents <= 0) return "gift_card_empty";
  return null;
}

/** What a card pays of an amount due: its balance, at most the amount, nothing when it cannot be used. */
export const giftCardShare = (card: Pick<GiftCardRow, "balanceCents" | "expiresAt">, dueCents: number) =>
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

/** A staging that did not end in a payment (cancelled, declined, expired, refunded) gives its amount back. */
export async function releaseGiftCard(tx: Tx, order: { id: number; paymentAttempt: number }): Promise<void> {
  const open = await openRedemption(tx, order.id, order.paymentAttempt);
  if (!open) return;
  await findGiftCard(tx, open.giftCardId, true);
  await bookLedger(tx, {
    giftCardId: open.giftCardId,
    orderId: order.id,
    attempt: order.paymentAttempt,
    kind: "release",
    amountCents: open.amountCents,
  });
}

/** What issuing needs of an order item. */
export type OrderItemForCard = { id: number; productType: string; calculatedPriceCents: number };

/**
 * A paid order's gift card items become cards: a code, the item's list price as value, valid three years
 * to the end of the year; then one mail to the buyer with each card as a printable PDF. Idempotent per item.
 */
export async function issueGiftCardsForOrder(
  tx: Tx,
  orderId: number,
  publicUrl: string,
  /** The order's items, from the order core above this area (handed down by the wiring). */
  itemsOf: (tx: Tx, orderId: number, locale: Locale) => Promise<OrderItemForCard[]>,
): Promise<void> {
  const [row] = await tx
    .select({ order: orders, email: users.email, firstName: users.firstName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const locale: Locale = row.order.locale;
  const items = (await itemsOf(tx, orderId, locale)).filter((item) => item.productType === "GiftCard");
  const issued: GiftCardRow[] = [];
  for (const item of items) {
    if (await findGiftCardOfItem(tx, item.id)) continue;
    const card = await insertGiftCard(tx, {
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
    issued.push(card);
  }
  if (issued.length === 0) return;
  await enqueueMail(
    tx,
    {
      to: row.email,
      template: "gift-card",
      locale,
      data: {
        firstName: row.firstName,
        orderId,
        cards: issued.map((card) => ({
          code: card.code,
          amountCents: card.initialCents,
          balanceCents: card.balanceCents,
          expiresOn: (card.expiresAt ?? new Date()).toISOString().slice(0, 10),
        })),
      },
      attachments: issued.map((card) => ({
        kind: "gift-card-pdf" as const,
        giftCardId: card.id,
        filename: `Gutschein-${card.code}.pdf`,
      })),
    },
    { publicUrl },
  );
}
