import {
  academyClientSlots,
  berlinDate,
  centsToDecimal,
  clientSlot,
  HISTORY_MAX_ITEMS,
  HISTORY_ORDER_STATUSES,
  type HistoryCreditNote,
  type HistoryGiftCard,
  type HistoryItem,
  type HistoryQuery,
  type HistoryRefund,
  HistorySchema,
  hasWithdrawalRight,
  itemState,
  type Locale,
  lastPaidDay,
  type RenewalState,
  refundPolicyDeadline,
  type WithdrawalRecord,
  withdrawalWindow,
} from "@atelier/contract";
import { type CachedBody, jsonBody, mediaUrlOn } from "../catalogue/index.ts";
import { type ChangeFeed, createSnapshotReuse, type Db, sharedSnapshot } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { type GiftCardRow, giftCardsOfItems } from "../gift-cards/index.ts";
import { findCreditNotesOfItems, type ItemCreditNoteRow } from "../invoices/index.ts";

import { renewalLink } from "../subscriptions/index.ts";
import { findVisitor } from "../visitors/index.ts";
import {
  familyRefundState,
  findStaffRefundsOfItems,
  findWithdrawalsOfItems,
  refundPolicyOf,
  toRecord,
} from "../withdrawals/index.ts";
import {
  findHistoryFingerprint,
  findHistoryItems,
  findMonthInvoicesOfItems,
  type HistoryItemRow,
  type MonthInvoiceRow,
} from "./history.repository.ts";

/**
 * Where a running subscription's next month stands (D72): PayPal's automatic charge failed → awaiting
 * payment; a payment link for the next month is open → renewal available. A cancelled one has neither.
 */
function renewalState(sub: NonNullable<HistoryItemRow["subscription"]>): RenewalState | null {
  if (sub.status !== "running" || sub.cancelAt) return null;
  if (sub.autopay === "suspended") return "awaiting_payment";
  if (sub.renewalToken && sub.renewalFor?.getTime() === sub.periodEnd.getTime()) return "renewal_available";
  return null;
}

/**
 * At most this much of parents' histories, as sent, is kept per instance (D421): the family with the most
 * orders of a generated decade answers 166 KB, a family of a year a few KB.
 */
export const HISTORY_REUSE_MAX_BYTES = 32 * 1024 * 1024;
/** At most this many histories (a family, its language and filter) are kept per instance (D421). */
export const HISTORY_REUSE_MAX_ENTRIES = 2_000;

/** One item as the history shows it (the existing client's shape, D72, D224). */
function toHistoryItem(
  { publicUrl, media }: { publicUrl: string; media: (path: string) => string },
  row: HistoryItemRow,
  withdrawal: WithdrawalRecord | undefined,
  today: string,
  refunds: HistoryRefund[] = [],
  months: readonly MonthInvoiceRow[] = [],
  creditNotes: HistoryCreditNote[] = [],
  giftCard: GiftCardRow | undefined = undefined,
): HistoryItem {
  const policy = hasWithdrawalRight(row.productType) ? undefined : refundPolicyOf(row);
  const window = withdrawalWindow(
    {
      productType: row.productType,
      orderStatus: row.orderStatus,
      itemStatus: row.itemStatus,
      paidOn: row.orderStatus === "paid" ? berlinDate(row.purchasedAt) : null,
      withdrawn: withdrawal !== undefined,
      refundPolicy: policy,
    },
    today,
  );
  const photo = row.pageTitleImage?.src ?? null;
  const priceCents = row.calculatedPriceCents - row.siblingDiscountCents - row.promocodeDiscountCents;
  // An academy's row shows the days and hours of its day part, which the existing client prints (D224).
  const slots =
    row.weeks.length > 0 ? academyClientSlots(row.scheduleType, row.weeks) : row.slots.map(clientSlot);
  const sub = row.subscription;
  const renewal = sub ? renewalState(sub) : null;
  return {
    id: row.id,
    state: itemState({
      orderStatus: row.orderStatus,
      // A running subscription is paused (frozen) while its house is closed or its course paused (D74, D122).
      itemStatus:
        sub?.status === "running" && row.paused && row.itemStatus === "active" ? "frozen" : row.itemStatus,
      renewal,
      cancelledToPeriodEnd: sub?.cancelAt != null,
    }),
    purchased_at: berlinDate(row.purchasedAt),
    paypal_invoice_link: renewal && sub?.renewalToken ? renewalLink(publicUrl, sub.renewalToken) : null,
    comment: row.comment,
    subscription: sub ? subscriptionView(sub, row, months) : null,
    product_page: {
      id: row.productPageId,
      name: row.pageName,
      product_type: row.productType,
      slug: row.pageSlug,
      photo: photo === null ? null : media(photo),
      schedule_slots: slots,
    },
    purchase_option: { id: row.purchaseOptionId, schedule_type: row.scheduleType, name: row.optionName },
    schedule_slots: slots,
    academy_weeks: row.weeks,
    visitor: row.visitorId,
    visitor_name:
      row.visitorFirstName !== null ? `${row.visitorFirstName} ${row.visitorLastName ?? ""}`.trim() : null,
    price_cents: priceCents,
    price: centsToDecimal(priceCents),
    order: row.orderId,
    invoice_number: row.invoiceNumber,
    withdrawable_until: window.block === null ? window.deadline : null,
    refund_until:
      policy?.daysBefore != null && policy.sessionOn !== null
        ? refundPolicyDeadline(policy.sessionOn, policy.daysBefore)
        : null,
    withdrawal: withdrawal ?? null,
    refunds,
    credit_notes: creditNotes,
    // As `calendar.service` writes the file: the active items of paid orders, with their times or weeks.
    in_calendar:
      row.orderStatus === "paid" &&
      row.itemStatus === "active" &&
      (row.slots.length > 0 || row.weeks.length > 0),
    gift_card: giftCard ? giftCardView(giftCard) : null,
  };
}

/** A bought card as its buyer sees it (D606); a card ends at the end of its last day in Berlin. */
function giftCardView(card: GiftCardRow): HistoryGiftCard {
  return {
    code: card.code,
    initial_cents: card.initialCents,
    balance_cents: card.balanceCents,
    valid_until: card.expiresAt ? berlinDate(card.expiresAt) : null,
    deactivated: card.deactivatedAt !== null,
  };
}

/** The school's refunds of each item (D127), as the history shows them. */
function refundsByItem(
  rows: Awaited<ReturnType<typeof findStaffRefundsOfItems>>,
): Map<number, HistoryRefund[]> {
  const refunds = new Map<number, HistoryRefund[]>();
  for (const row of rows) {
    const list = refunds.get(row.orderItemId) ?? [];
    list.push({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      // Both ways together: the gateway's part and what went back onto the gift card (D494).
      amount_cents: row.amountCents + row.giftCardCents,
      gift_card_cents: row.giftCardCents,
      refund_state: familyRefundState(row),
      refunded_at: row.refundedAt?.toISOString() ?? null,
      cancelled: row.cancelItem,
      credit_note_number: row.creditNoteNumber,
    });
    refunds.set(row.orderItemId, list);
  }
  return refunds;
}

/** Each item's credit notes that its withdrawal and the school's refunds do not show already (D567). */
function otherCreditNotes(
  rows: readonly ItemCreditNoteRow[],
  shown: readonly (string | null)[],
): Map<number, HistoryCreditNote[]> {
  const withOthers = new Set(shown);
  const byItem = new Map<number, HistoryCreditNote[]>();
  for (const row of rows) {
    if (withOthers.has(row.number)) continue;
    byItem.set(row.itemId, [
      ...(byItem.get(row.itemId) ?? []),
      { number: row.number, issued_on: berlinDate(row.issuedAt), amount_cents: row.amountCents },
    ]);
  }
  return byItem;
}

export type HistoryServiceDeps = {
  db: Db;
  publicUrl: string;
  maxItems?: number;
  /** The catalogue's change feed (D85): while it is live, a kept history is checked by the family's rows (D442). */
  changes?: ChangeFeed | undefined;
};
export type HistoryService = ReturnType<typeof createHistoryService>;

/**
 * The parent's purchase history (spec §7 `GET /api/v2/orders/items/history/`): the items of their paid
 * and refunded orders, newest first, capped at HISTORY_MAX_ITEMS. Only the caller's own orders are read;
 * a child of another family in `?visitor=` is 404, as every other foreign id (D24, D70).
 */
export function createHistoryService({
  db,
  publicUrl,
  maxItems = HISTORY_MAX_ITEMS,
  changes,
}: HistoryServiceDeps) {
  const media = mediaUrlOn(publicUrl);
  // Counts the catalogue's changes and the feed's outages (D442): a history kept before one is not given again.
  // A seat taken or let go elsewhere is not one (D444): the history shows no seats, and the family's own
  // bookings are in its fingerprint.
  let catalogueGeneration = 0;
  changes?.subscribe((change) => {
    if (change !== "seats") catalogueGeneration += 1;
  });

  /**
   * A family's history as sent, made once per version of what it shows (D421, D442): a parent's profile and
   * every product page the existing client shows ask for it, and on ten years of data making it takes 13–30
   * ms of the two cores (188 items read, checked against the contract and written as 166 KB of JSON). While
   * the database snapshot stays, the kept reply is right; once it moved, the family's fingerprint
   * (`findHistoryFingerprint`) with the catalogue's generation decides, so other families' writes leave it
   * as it is. While the catalogue's feed is down, any commit anywhere makes it anew. The Berlin day is part
   * of the key, since the day alone changes what may be withdrawn or is paused.
   */
  const reuse = createSnapshotReuse<CachedBody>({
    maxBytes: HISTORY_REUSE_MAX_BYTES,
    maxEntries: HISTORY_REUSE_MAX_ENTRIES,
    sizeOf: (body) => body.bytes.length,
  });
  // Read once for the families asking at the same time (D443).
  const snapshotNow = sharedSnapshot(db);

  const service = {
    async list(userId: number, query: HistoryQuery, locale: Locale): Promise<HistoryItem[]> {
      if (query.visitor !== undefined && !(await findVisitor(db, userId, query.visitor))) {
        throw AppError.notFound();
      }
      const rows = await findHistoryItems(
        db,
        {
          userId,
          orderStatuses: HISTORY_ORDER_STATUSES,
          visitorId: query.visitor,
          productType: query.product_page__product_type,
          limit: maxItems,
        },
        locale,
      );
      const ids = rows.map((row) => row.id);
      // All read by the items' ids: side by side, one round trip's wait instead of three.
      const giftCardItems = rows.filter((row) => row.productType === "GiftCard").map((row) => row.id);
      const [withdrawals, staffRefunds, monthInvoices, creditNotes, giftCards] = await Promise.all([
        findWithdrawalsOfItems(db, ids),
        findStaffRefundsOfItems(db, ids),
        findMonthInvoicesOfItems(db, ids),
        findCreditNotesOfItems(db, ids),
        giftCardsOfItems(db, giftCardItems),
      ]);
      const months = new Map<number, MonthInvoiceRow[]>();
      for (const month of monthInvoices)
        months.set(month.itemId, [...(months.get(month.itemId) ?? []), month]);
      const byItem = new Map(withdrawals.map((row) => [row.orderItemId, toRecord(row)]));
      const refunds = refundsByItem(staffRefunds);
      const otherNotes = otherCreditNotes(creditNotes, [
        ...withdrawals.map((row) => row.creditNoteNumber),
        ...staffRefunds.map((row) => row.creditNoteNumber),
      ]);
      const today = berlinDate(new Date());
      return rows.map((row) =>
        toHistoryItem(
          { publicUrl, media },
          row,
          byItem.get(row.id),
          today,
          refunds.get(row.id),
          months.get(row.id),
          otherNotes.get(row.id),
          giftCards.get(row.id),
        ),
      );
    },

    /**
     * `list` as the reply's bytes (the contract's encoding, as the route's serializer writes it), with its
     * ETag; the same one while nothing it shows was written and the day is the same (D421, D442).
     */
    async body(userId: number, query: HistoryQuery, locale: Locale): Promise<CachedBody> {
      // The catalogue's generation is read first: a change of the catalogue while the reply is made is newer
      // than the kept reply's generation, so the next request makes it anew (D442).
      const generation = catalogueGeneration;
      const snapshot = `${generation}/${await snapshotNow()}`;
      const key = [
        userId,
        locale,
        berlinDate(new Date()),
        query.visitor ?? "",
        query.product_page__product_type ?? "",
      ].join(" ");
      // While nothing was committed anywhere, the snapshot alone tells (one short statement, D421); after a
      // commit, the family's fingerprint: another family's write leaves this one's reply as it was.
      const version = async () =>
        changes?.live
          ? `${generation}:${await findHistoryFingerprint(db, userId, HISTORY_ORDER_STATUSES)}`
          : `feed down:${snapshot}`;
      return reuse.getChecked(key, snapshot, version, async () =>
        jsonBody(HistorySchema.encode(await service.list(userId, query, locale))),
      );
    },
  };
  return service;
}

/** A course subscription's months as the history shows them (D72). */
function subscriptionView(
  sub: NonNullable<HistoryItemRow["subscription"]>,
  row: HistoryItemRow,
  months: readonly MonthInvoiceRow[],
) {
  return {
    contract_number: sub.contractNumber,
    period_start: sub.periodStart.toISOString(),
    paid_until: sub.periodEnd.toISOString(),
    ends_at: sub.cancelAt?.toISOString() ?? (sub.status === "ended" ? sub.periodEnd.toISOString() : null),
    paid_through: lastPaidDay(sub.periodEnd),
    ends_on: sub.cancelAt
      ? lastPaidDay(sub.cancelAt)
      : sub.status === "ended"
        ? lastPaidDay(sub.periodEnd)
        : null,
    autopay: sub.autopay,
    paid_with: row.paidWith,
    monthly_price_cents: row.recurrentPriceCents - row.recurrentDiscountCents,
    month_invoices: months.map((month) => ({
      number: month.number,
      from: month.from,
      to: month.to,
      amount_cents: month.amountCents,
    })),
  };
}
