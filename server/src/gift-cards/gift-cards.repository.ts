import type { GIFT_CARD_LEDGER_KINDS } from "@atelier/contract";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { giftCardLedger, giftCards } from "../db/index.ts";

/** The only code that touches `gift_cards` and `gift_card_ledger`. */

export type GiftCardRow = typeof giftCards.$inferSelect;

/**
 * A code as printed ("PUAM-DUTY-9HMV-PNMT") from how a person may type it (D488): any case, and the four
 * groups with spaces, hyphens or nothing between them ("puam duty 9hmv pnmt", "PUAMDUTY9HMVPNMT").
 */
export function printedGiftCardCode(typed: string): string {
  const compact = typed.replace(/[\s\-\u2010-\u2015]/g, "");
  return compact.length === 16 ? (compact.match(/.{4}/g) ?? []).join("-") : typed.trim();
}

export async function findGiftCardByCode(db: DbOrTx, code: string): Promise<GiftCardRow | undefined> {
  const [row] = await db
    .select()
    .from(giftCards)
    .where(sql`lower(${giftCards.code}) = lower(${printedGiftCardCode(code)})`);
  return row;
}

/**
 * With `lock`, the row is held `FOR NO KEY UPDATE`: spenders of one card wait for each other, while an
 * order that merely references the card (its foreign key takes a KEY SHARE lock) does not block them, so
 * two checkouts naming one card cannot deadlock.
 */
export async function findGiftCard(db: DbOrTx, id: number, lock = false): Promise<GiftCardRow | undefined> {
  const query = db.select().from(giftCards).where(eq(giftCards.id, id));
  const [row] = await (lock ? query.for("no key update") : query);
  return row;
}

/** The order that bought a card, as its `issue` row in the ledger names it; none for a card issued by hand. */
export async function findBuyingOrderId(db: DbOrTx, giftCardId: number): Promise<number | null> {
  const [row] = await db
    .select({ orderId: giftCardLedger.orderId })
    .from(giftCardLedger)
    .where(and(eq(giftCardLedger.giftCardId, giftCardId), eq(giftCardLedger.kind, "issue")));
  return row?.orderId ?? null;
}

export async function findGiftCardOfItem(db: DbOrTx, orderItemId: number): Promise<GiftCardRow | undefined> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.orderItemId, orderItemId));
  return row;
}

/**
 * The cards an order bought, when the gateway reports the whole order refunded (D512): the family has all
 * its money back, so the cards pay for nothing more. Deactivated as staff deactivate a card (D125), so the
 * back office shows them so and staff can undo it; what was spent of them before stays spent.
 */
export async function deactivateCardsBoughtBy(tx: Tx, orderId: number, at: Date): Promise<number[]> {
  const bought = sql`${giftCards.orderItemId} in (select id from order_items where order_id = ${orderId})`;
  await tx
    .update(giftCards)
    .set({ deactivatedAt: at })
    .where(sql`${giftCards.deactivatedAt} is null and ${bought}`);
  // Every card the order bought, those staff had deactivated before too: their waiting mails go as well.
  const rows = await tx.select({ id: giftCards.id }).from(giftCards).where(bought);
  return rows.map((row) => row.id);
}

/** The balances of the cards these order items bought (only a gift card's item bought one). */
export async function giftCardBalancesOfItems(
  db: DbOrTx,
  orderItemIds: number[],
): Promise<Map<number, number>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db
    .select({ item: giftCards.orderItemId, balanceCents: giftCards.balanceCents })
    .from(giftCards)
    .where(inArray(giftCards.orderItemId, orderItemIds));
  return new Map(rows.flatMap((row) => (row.item === null ? [] : [[row.item, row.balanceCents] as const])));
}

/** The cards these order items bought, by item (D606): what their buyer's history shows. */
export async function giftCardsOfItems(
  db: DbOrTx,
  orderItemIds: number[],
): Promise<Map<number, GiftCardRow>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db.select().from(giftCards).where(inArray(giftCards.orderItemId, orderItemIds));
  return new Map(rows.flatMap((row) => (row.orderItemId === null ? [] : [[row.orderItemId, row] as const])));
}

/** The version of the card an order item bought, for a history's fingerprint (D421): it moves with each payment. */
export function giftCardVersionOfItem(itemId: SQL): SQL {
  return sql`coalesce((select g.xmin::text from ${giftCards} g where g.order_item_id = ${itemId}), '')`;
}

export async function insertGiftCard(tx: Tx, card: typeof giftCards.$inferInsert): Promise<GiftCardRow> {
  const [row] = await tx.insert(giftCards).values(card).returning();
  if (!row) throw new Error("gift card insert returned no row");
  return row;
}

export async function giftCardsOfBuyer(db: DbOrTx, userId: number): Promise<GiftCardRow[]> {
  return db.select().from(giftCards).where(eq(giftCards.buyerUserId, userId)).orderBy(giftCards.id);
}

/**
 * Books a change of a card's balance: one ledger row (unique per card, order, staging and kind, so a
 * repeated call books nothing) and the balance beside it. Call with the card's row locked; the balance's
 * CHECK (0 ≤ balance ≤ initial) is the last guard against spending more than there is.
 */
export async function bookLedger(
  tx: Tx,
  entry: {
    giftCardId: number;
    orderId: number | null;
    attempt: number;
    kind: (typeof GIFT_CARD_LEDGER_KINDS)[number];
    amountCents: number;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(giftCardLedger)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: giftCardLedger.id });
  if (rows.length === 0 || entry.kind === "issue") return rows.length > 0;
  await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${entry.amountCents}` })
    .where(eq(giftCards.id, entry.giftCardId));
  return true;
}

/** A card's new last day (D499: credit given back onto an expired card makes it valid again). */
export async function setGiftCardExpiry(tx: Tx, id: number, expiresAt: Date): Promise<void> {
  await tx.update(giftCards).set({ expiresAt }).where(eq(giftCards.id, id));
}

/**
 * What an order's staging took from a card and has not given back. A withdrawal or a staff refund of the
 * order may have given part of it back onto the card already (D76, D494): that part is not given again,
 * whichever comes first (a PayPal refund's webhook can overtake the staff refund's own record of it).
 */
export async function openRedemption(
  db: DbOrTx,
  orderId: number,
  attempt: number,
): Promise<{ giftCardId: number; amountCents: number } | undefined> {
  const rows = await db
    .select({
      giftCardId: giftCardLedger.giftCardId,
      attempt: giftCardLedger.attempt,
      kind: giftCardLedger.kind,
      amountCents: giftCardLedger.amountCents,
    })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.orderId, orderId));
  const ofAttempt = rows.filter((row) => row.attempt === attempt);
  const redeemed = ofAttempt.find((row) => row.kind === "redeem");
  if (!redeemed || ofAttempt.some((row) => row.kind === "release")) return undefined;
  const givenBack = rows
    .filter(
      (row) =>
        row.giftCardId === redeemed.giftCardId &&
        (row.kind === "withdrawal" || row.kind === "staff_refund") &&
        row.amountCents > 0,
    )
    .reduce((sum, row) => sum + row.amountCents, 0);
  const left = -redeemed.amountCents - givenBack;
  return left > 0 ? { giftCardId: redeemed.giftCardId, amountCents: left } : undefined;
}

/**
 * Erasure (D139): the cards a family bought stay valid (their code is a bearer value someone else may
 * hold), without the recipient's name and the buyer's message.
 */
export async function anonymiseGiftCardsOfBuyer(db: DbOrTx, userId: number): Promise<number[]> {
  const cards = await db
    .update(giftCards)
    .set({ recipientName: null, message: "" })
    .where(eq(giftCards.buyerUserId, userId))
    .returning({ id: giftCards.id });
  return cards.map((card) => card.id);
}

/** The cards a parent bought, oldest first, without their codes (a family's data export, D560). */
export async function giftCardsBoughtBy(db: DbOrTx, userId: number) {
  return db
    .select({
      initialCents: giftCards.initialCents,
      balanceCents: giftCards.balanceCents,
      recipientName: giftCards.recipientName,
      message: giftCards.message,
      expiresAt: giftCards.expiresAt,
      createdAt: giftCards.createdAt,
    })
    .from(giftCards)
    .where(eq(giftCards.buyerUserId, userId))
    .orderBy(giftCards.createdAt, giftCards.id);
}
