import type { GIFT_CARD_LEDGER_KINDS, Locale } from "@atelier/contract";
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../db/index.ts";
import { containsPattern, giftCardLedger, giftCards, idIn } from "../db/index.ts";
import type { GiftCardRow } from "./gift-cards.repository.ts";

/** Staff reading and deactivating gift cards (D125). */

type ListCut = { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number };

export const GIFT_CARD_SORTS = {
  id: giftCards.id,
  code: giftCards.code,
  balance_cents: giftCards.balanceCents,
  expires_at: giftCards.expiresAt,
  created_at: giftCards.createdAt,
};

export async function listGiftCardsForStaff(
  db: DbOrTx,
  filter: { q?: string; isActive?: boolean; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: GiftCardRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = containsPattern(filter.q);
    conditions.push(sql`(${giftCards.code} ilike ${like} or ${giftCards.issueReason} ilike ${like})`);
  }
  if (filter.isActive !== undefined)
    conditions.push(filter.isActive ? isNull(giftCards.deactivatedAt) : isNotNull(giftCards.deactivatedAt));
  if (filter.ids) conditions.push(filter.ids.length ? idIn(giftCards.id, filter.ids) : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(giftCards)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(giftCards.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(giftCards).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function setGiftCardDeactivated(tx: Tx, id: number, at: Date | null): Promise<void> {
  await tx.update(giftCards).set({ deactivatedAt: at }).where(eq(giftCards.id, id));
}

/** The language, recipient and message a card is mailed and printed with (D277). */
export async function setGiftCardRecipient(
  tx: Tx,
  id: number,
  values: { locale: Locale; recipientName: string | null; message: string },
): Promise<void> {
  await tx.update(giftCards).set(values).where(eq(giftCards.id, id));
}

export type LedgerRow = {
  id: number;
  giftCardId: number;
  kind: (typeof GIFT_CARD_LEDGER_KINDS)[number];
  orderId: number | null;
  amountCents: number;
  balanceCents: number;
  createdAt: Date;
};

/** A card's balance history, oldest first, each entry with the balance it left. */
export async function listLedgerForStaff(
  db: DbOrTx,
  filter: { giftCardId?: number },
  cut: { offset: number; limit: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where =
    filter.giftCardId === undefined ? undefined : eq(giftCardLedger.giftCardId, filter.giftCardId);
  const rows = await db
    .select({
      id: giftCardLedger.id,
      giftCardId: giftCardLedger.giftCardId,
      kind: giftCardLedger.kind,
      orderId: giftCardLedger.orderId,
      amountCents: giftCardLedger.amountCents,
      balanceCents: sql<number>`(sum(${giftCardLedger.amountCents}) over (partition by ${giftCardLedger.giftCardId} order by ${giftCardLedger.id}))::int`,
      createdAt: giftCardLedger.createdAt,
    })
    .from(giftCardLedger)
    .where(where)
    .orderBy(asc(giftCardLedger.giftCardId), asc(giftCardLedger.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(giftCardLedger).where(where);
  return { rows, total: total?.n ?? 0 };
}
