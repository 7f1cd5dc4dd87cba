import {
  type BillingPeriod,
  berlinDate,
  billingPeriod,
  type ClosedRange,
  firstBillingPeriod,
  type Locale,
  lastPaidDay,
  lengthenByCancelled,
  type ProductType,
  paidDays,
  periodInstants,
  RENEWAL_NOTICE_DAYS,
  type WeeklyLesson,
} from "@atelier/contract";
import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { closedOnSql, findClosedRangesOfPage, textIn } from "../catalogue/index.ts";
import type { DbOrTx } from "../db/index.ts";
import {
  type AddressSpan,
  contractCancellations,
  gatewayCatalog,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  scheduleSlots,
  sentWithin,
  subscriptionCancelledLessons,
  subscriptionPauses,
  subscriptionPayments,
  subscriptionRefunds,
  subscriptions,
  users,
  visitors,
} from "../db/index.ts";
import type { GatewayName } from "../payments/index.ts";

/** The SQL of course subscriptions (D72); the rules are in subscriptions.service.ts. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A paid order's course subscriptions start their first month: one row per item with a monthly price, in
 * the transaction that records the payment (a repeated call changes nothing). The month is the contract's
 * `firstBillingPeriod` (D121): from the first open lesson not yet begun at the moment of payment (D250).
 */
export async function startSubscriptions(tx: DbOrTx, orderId: number, paidAt: Date): Promise<void> {
  const items = await tx
    .select({ id: orderItems.id, productPageId: orderItems.productPageId })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.status, "active"),
        sql`${orderItems.recurrentPriceCents} > 0`,
      ),
    );
  if (items.length === 0) return;
  const values = [];
  const paidOn = berlinDate(paidAt);
  for (const item of items) {
    const closed = await findPauses(tx, item.productPageId, paidOn);
    const period = firstBillingPeriod(paidAt, await findItemLessons(tx, item.id), closed);
    const { start, end } = periodInstants(period);
    values.push({ orderItemId: item.id, periodStart: start, periodEnd: end });
  }
  await tx.insert(subscriptions).values(values).onConflictDoNothing({ target: subscriptions.orderItemId });
}

/** A subscription with what the parent sees of it, found only among the user's own paid orders. */
export type OwnedSubscription = {
  sub: SubscriptionRow;
  itemId: number;
  orderId: number;
  itemStatus: "active" | "frozen" | "cancelled";
  monthlyCents: number;
  pageName: string;
  /** The page's German name: the school's staff notices name the offer in German, whatever the parent's language. */
  staffPageName: string;
  visitorName: string | null;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  locale: Locale;
};

function ownedColumns(locale: Locale) {
  return {
    sub: subscriptions,
    itemId: orderItems.id,
    orderId: orders.id,
    itemStatus: orderItems.status,
    monthlyCents: sql<number>`${orderItems.recurrentPriceCents} - ${orderItems.recurrentDiscountCents}`,
    pageName: textIn(productPages.name, locale),
    staffPageName: textIn(productPages.name, "de"),
    visitorName: sql<
      string | null
    >`nullif(trim(coalesce(${visitors.firstName}, '') || ' ' || coalesce(${visitors.lastName}, '')), '')`,
    userId: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    locale: users.locale,
    /** The order's language and the page's names in both: a mail about the contract (D550) is the order's. */
    orderLocale: orders.locale,
    pageNames: productPages.name,
    productType: productPages.productType,
  };
}

function ownedQuery(db: DbOrTx, locale: Locale) {
  return db
    .select(ownedColumns(locale))
    .from(subscriptions)
    .innerJoin(orderItems, eq(orderItems.id, subscriptions.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
    .leftJoin(visitors, eq(visitors.id, orderItems.visitorId));
}

/** What a contract's mails name (D550): the account's address and name, in the order's language. */
export type ContractMailFacts = {
  orderId: number;
  productType: ProductType;
  email: string;
  firstName: string;
  locale: Locale;
  productName: string;
  childName: string | null;
  contractNumber: string;
  monthlyCents: number;
};

export async function findContractMailFacts(
  db: DbOrTx,
  subscriptionId: number,
): Promise<ContractMailFacts | undefined> {
  const [row] = await ownedQuery(db, "de").where(eq(subscriptions.id, subscriptionId));
  if (!row) return undefined;
  const locale = row.orderLocale;
  return {
    orderId: row.orderId,
    productType: row.productType,
    email: row.email,
    firstName: row.firstName,
    locale,
    productName: row.pageNames[locale] || row.pageNames.de,
    childName: row.visitorName,
    contractNumber: row.sub.contractNumber,
    monthlyCents: row.monthlyCents,
  };
}

/** The subscription of an item, only when the item is in one of `userId`'s paid orders. */
export async function findOwnedSubscription(
  db: DbOrTx,
  userId: number,
  itemId: number,
  locale: Locale,
): Promise<OwnedSubscription | undefined> {
  const [row] = await ownedQuery(db, locale).where(
    and(eq(orderItems.id, itemId), eq(orders.userId, userId), eq(orders.status, "paid")),
  );
  return row as OwnedSubscription | undefined;
}

/** Whether the item is in one of `userId`'s paid orders, with or without a subscription (D526). */
export async function isPaidItemOf(db: DbOrTx, userId: number, itemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId), eq(orders.status, "paid")));
  return row !== undefined;
}

/**
 * The running subscription with this contract number (D91), when `email` is its account's or its order's
 * billing address (the § 312k page).
 */
export async function findRunningSubscriptionByNumber(
  db: DbOrTx,
  contractNumber: string,
  email: string,
  locale: Locale,
): Promise<OwnedSubscription | undefined> {
  const [row] = await ownedQuery(db, locale).where(
    and(
      eq(subscriptions.contractNumber, contractNumber),
      eq(orders.status, "paid"),
      eq(subscriptions.status, "running"),
      sql`(lower(${users.email}) = lower(${email}) or lower(${orders.billing}->>'email') = lower(${email}))`,
    ),
  );
  return row as OwnedSubscription | undefined;
}

/** The user's running subscriptions, for the cancellation page. */
export async function findRunningSubscriptionsOfUser(
  db: DbOrTx,
  userId: number,
  locale: Locale,
): Promise<OwnedSubscription[]> {
  const rows = await ownedQuery(db, locale)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid"), eq(subscriptions.status, "running")))
    .orderBy(subscriptions.id);
  return rows as OwnedSubscription[];
}

export async function findSubscriptionById(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** The subscription of an order item, if it has one. */
export async function findSubscriptionByItem(db: DbOrTx, orderItemId: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.orderItemId, orderItemId));
  return row;
}

export async function findSubscriptionBy(
  db: DbOrTx,
  column: "gatewaySubscriptionId" | "renewalOrderId" | "renewalToken",
  value: string,
  lock = false,
) {
  const query = db.select().from(subscriptions).where(eq(subscriptions[column], value));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  id: number,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** A month paid after the first; false when this gateway reference was recorded before. */
export async function insertSubscriptionPayment(
  tx: DbOrTx,
  values: typeof subscriptionPayments.$inferInsert,
): Promise<number | null> {
  const inserted = await tx
    .insert(subscriptionPayments)
    .values(values)
    .onConflictDoNothing({ target: [subscriptionPayments.gateway, subscriptionPayments.reference] })
    .returning({ id: subscriptionPayments.id });
  return inserted[0]?.id ?? null;
}

export async function findCatalogId(db: DbOrTx, gateway: GatewayName, key: string) {
  const [row] = await db
    .select({ id: gatewayCatalog.gatewayId })
    .from(gatewayCatalog)
    .where(and(eq(gatewayCatalog.gateway, gateway), eq(gatewayCatalog.key, key)));
  return row?.id;
}

/** Stores a product's or plan's id; when two requests raced, the first stored id wins and is returned. */
export async function storeCatalogId(db: DbOrTx, gateway: GatewayName, key: string, gatewayId: string) {
  await db.insert(gatewayCatalog).values({ gateway, key, gatewayId }).onConflictDoNothing();
  return (await findCatalogId(db, gateway, key)) ?? gatewayId;
}

export function insertCancellation(tx: DbOrTx, values: typeof contractCancellations.$inferInsert) {
  return tx.insert(contractCancellations).values(values).returning();
}

/** When the item's contract was first cancelled: the declaration that set its end (D497). */
export async function firstCancellationAt(db: DbOrTx, orderItemId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: contractCancellations.createdAt })
    .from(contractCancellations)
    .where(eq(contractCancellations.orderItemId, orderItemId))
    .orderBy(asc(contractCancellations.createdAt), asc(contractCancellations.id))
    .limit(1);
  return row?.at;
}

/**
 * Work due for the payment worker, claimed for `leaseSeconds` with SKIP LOCKED so instances never take
 * the same row: months that are over (cancelled, or unpaid), months without autopay that end within
 * RENEWAL_NOTICE_DAYS and have no payment link yet, and PayPal subscriptions still to be cancelled there.
 * `graceHours` gives PayPal's own charge time to arrive before an autopay subscription is ended, and a
 * failed charge's parent time to pay by hand (`graceMs` in the worker says the same, D511).
 */
export async function claimDueSubscriptions(
  db: DbOrTx,
  { limit, leaseSeconds, graceHours }: { limit: number; leaseSeconds: number; graceHours: number },
): Promise<SubscriptionRow[]> {
  const due = sql`${subscriptions.status} = 'running' and (${subscriptions.claimedUntil} is null or ${subscriptions.claimedUntil} < now()) and (
      ${subscriptions.gatewayCancelDue}
      or coalesce(${subscriptions.cancelAt}, ${subscriptions.periodEnd}) <= now() - case when ${subscriptions.autopay} in ('active', 'suspended') and ${subscriptions.cancelAt} is null then (${graceHours}::integer * interval '1 hour') else interval '0' end
      or (${subscriptions.cancelAt} is null and ${subscriptions.autopay} <> 'active'
          and ${subscriptions.periodEnd} <= now() + (${RENEWAL_NOTICE_DAYS}::integer * interval '1 day')
          and ${subscriptions.renewalFor} is distinct from ${subscriptions.periodEnd}))`;
  const ids = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(due)
    .orderBy(asc(subscriptions.periodEnd))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(subscriptions)
    .set({ claimedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(inArray(subscriptions.id, ids))
    .returning();
}

export async function endItem(tx: DbOrTx, itemId: number) {
  await tx
    .update(orderItems)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(eq(orderItems.id, itemId));
}

/**
 * What ends a running contract now, for `reason`: nothing more is billed, its renewal link is closed, and a
 * gateway subscription still charging is cancelled there by the payment worker (outside the transaction).
 */
const endsNow = (reason: string) => ({
  cancelAt: sql`now()`,
  cancelReason: reason,
  gatewayCancelDue: sql`${subscriptions.gatewaySubscriptionId} is not null and ${subscriptions.autopay} in ('pending', 'active', 'suspended')`,
  renewalToken: null,
  updatedAt: new Date(),
});

/**
 * A withdrawn subscription item's contract ends now (D75): nothing more is billed, and a PayPal subscription
 * still charging is cancelled there by the payment worker (the call is made outside this transaction).
 */
export async function endSubscriptionOnWithdrawal(tx: DbOrTx, itemId: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set(endsNow("Widerruf"))
    .where(and(eq(subscriptions.orderItemId, itemId), eq(subscriptions.status, "running")));
}

/**
 * A whole order refunded at the gateway (a refund in its dashboard, D511): its running contracts end now, as
 * a withdrawn one does: nothing more is billed, autopay is cancelled at the gateway by the worker, and the
 * seat is free (the order no longer holds it).
 */
export async function endSubscriptionsOfRefundedOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set(endsNow("Erstattung"))
    .where(
      and(
        eq(subscriptions.status, "running"),
        inArray(
          subscriptions.orderItemId,
          tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId)),
        ),
      ),
    );
}

/** The subscription of an item with what the renewal order names (no owner check: the worker's). */
export async function findSubscriptionOfItem(db: DbOrTx, itemId: number): Promise<OwnedSubscription[]> {
  const [locale] = await db
    .select({ locale: orders.locale })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orderItems.id, itemId));
  const rows = await ownedQuery(db, locale?.locale ?? "de").where(eq(orderItems.id, itemId));
  return rows as OwnedSubscription[];
}

/**
 * Whether a page's course rests on `day`, as SQL: paused by the school (D74) or its house closed (D122).
 * The day's lists show such a lesson as closed (D610).
 */
export function courseRestsOnSql(productPageId: SQL, day: SQL): SQL {
  return sql`(exists (select 1 from ${subscriptionPauses} sp where (sp.product_page_id is null or sp.product_page_id = ${productPageId}) and ${day} between sp.starts_on and sp.ends_on) or ${closedOnSql(productPageId, day)})`;
}

/**
 * The days a course page does not run that end on or after `from` (ISO date): the closures of its house
 * and of every house (D122), and the school's pauses of the course or of every course (D74).
 */
export async function findPauses(db: DbOrTx, productPageId: number, from: string): Promise<ClosedRange[]> {
  const pauses = await db
    .select({ startsOn: subscriptionPauses.startsOn, endsOn: subscriptionPauses.endsOn })
    .from(subscriptionPauses)
    .where(
      and(
        sql`(${subscriptionPauses.productPageId} is null or ${subscriptionPauses.productPageId} = ${productPageId})`,
        sql`${subscriptionPauses.endsOn} >= ${from}::date`,
      ),
    );
  return [...pauses, ...(await findClosedRangesOfPage(db, productPageId, from))];
}

/**
 * The last paid day of each cancelled subscription among the items: the item stays active until the
 * worker ends it at `cancel_at`, but it has no lesson after that day. Items without one are not in the map.
 */
export async function cancelledSubscriptionsLastDays(
  db: DbOrTx,
  itemIds: readonly number[],
): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: subscriptions.orderItemId, cancelAt: subscriptions.cancelAt })
    .from(subscriptions)
    .where(and(inArray(subscriptions.orderItemId, [...itemIds]), isNotNull(subscriptions.cancelAt)));
  return new Map(
    rows.flatMap((row) => (row.cancelAt ? [[row.itemId, lastPaidDay(row.cancelAt)] as const] : [])),
  );
}

/** The weekdays (0 = Monday) of an item's weekly times. */
/** The weekly lessons (weekday and start time) an item booked. */
export async function findItemLessons(db: DbOrTx, itemId: number): Promise<WeeklyLesson[]> {
  const rows = await db
    .select({ weekday: scheduleSlots.weekday, start: scheduleSlots.start })
    .from(orderItemSlots)
    .innerJoin(scheduleSlots, eq(scheduleSlots.id, orderItemSlots.scheduleSlotId))
    .where(and(eq(orderItemSlots.orderItemId, itemId), isNotNull(scheduleSlots.weekday)));
  return rows.flatMap((row) => (row.weekday === null ? [] : [{ weekday: row.weekday, start: row.start }]));
}

/** The course page of a subscription's item. */
export async function findPageOfSubscription(db: DbOrTx, subscriptionId: number): Promise<number> {
  const [row] = await db
    .select({ pageId: orderItems.productPageId })
    .from(subscriptions)
    .innerJoin(orderItems, eq(orderItems.id, subscriptions.orderItemId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row) throw new Error(`subscription ${subscriptionId} has no item`);
  return row.pageId;
}

/** "Kunst für Kinder 5–7 (Mila)": how mails and payment orders name a subscription. */
export const contractNameOf = (owned: Pick<OwnedSubscription, "pageName" | "visitorName">) =>
  owned.visitorName ? `${owned.pageName} (${owned.visitorName})` : owned.pageName;

// ---------- Erasure (D139) ----------

/** Whether any of the user's subscriptions still runs (paid months ahead or renewing). */
export async function hasRunningSubscription(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(orderItems, eq(orderItems.id, subscriptions.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(subscriptions.status, "running")))
    .limit(1);
  return row !== undefined;
}

/** The § 312k cancellations the family sent keep their contract and dates, not the name and address. */
export async function anonymiseCancellationsOfFamily(
  db: DbOrTx,
  userId: number,
  spans: readonly AddressSpan[],
  itemIds: readonly number[],
): Promise<void> {
  const ofItems = itemIds.length > 0 ? inArray(contractCancellations.orderItemId, [...itemIds]) : undefined;
  // The parent's reason is their own words (often health or family matters): it goes with the name (D541).
  await db
    .update(contractCancellations)
    .set({ name: "", email: "", reason: "" })
    .where(
      or(
        eq(contractCancellations.userId, userId),
        sentWithin(contractCancellations.email, contractCancellations.createdAt, spans),
        ofItems,
      ),
    );
  if (itemIds.length > 0)
    await db
      .update(subscriptions)
      .set({ cancelReason: null })
      .where(inArray(subscriptions.orderItemId, [...itemIds]));
}

/** The lesson dates the school cancelled that lengthen this subscription's periods (D393). */
export async function findCancelledLessonDays(db: DbOrTx, subscriptionId: number): Promise<string[]> {
  const rows = await db
    .select({ day: subscriptionCancelledLessons.lessonDate })
    .from(subscriptionCancelledLessons)
    .where(eq(subscriptionCancelledLessons.subscriptionId, subscriptionId));
  return rows.map((row) => row.day);
}

/**
 * A subscription's period that starts on `from` (ISO day): the contract's month with the closed days of
 * its page (D121, D122), lengthened by the lessons the school cancelled in it (D393).
 */
export async function periodFrom(
  db: DbOrTx,
  sub: { id: number; orderItemId: number },
  pageId: number,
  from: string,
): Promise<BillingPeriod> {
  const closed = await findPauses(db, pageId, from);
  const period = billingPeriod(from, closed);
  const cancelled = await findCancelledLessonDays(db, sub.id);
  if (cancelled.length === 0) return period;
  const weekdays = (await findItemLessons(db, sub.orderItemId)).map((lesson) => lesson.weekday);
  return lengthenByCancelled(period, weekdays, closed, cancelled);
}

/**
 * The current period computed again from its first day (closures or a cancelled lesson changed it). A
 * cancellation to the period's end moves with it; an open payment link for the next month stays valid
 * for the new end. Returns whether the end moved.
 */
async function recomputePeriod(tx: DbOrTx, sub: SubscriptionRow, pageId: number): Promise<boolean> {
  const paid = paidDays(sub.periodStart, sub.periodEnd);
  const { end } = periodInstants(await periodFrom(tx, sub, pageId, paid.from));
  if (end.getTime() === sub.periodEnd.getTime()) return false;
  const old = sub.periodEnd.getTime();
  await updateSubscription(tx, sub.id, {
    periodEnd: end,
    ...(sub.cancelAt?.getTime() === old ? { cancelAt: end } : {}),
    ...(sub.renewalFor?.getTime() === old ? { renewalFor: end } : {}),
  });
  return true;
}

/**
 * The school's closures changed (D122): every running subscription's current period is computed again
 * from its first day with the closed days as they are now, so a holiday added lengthens it (and one
 * removed shortens it back). Rows are locked in id order (no deadlock with a second staff write); a
 * period already over is the payment worker's and is left alone. Returns how many moved.
 */
export async function applyClosuresToPeriods(tx: DbOrTx, now: Date = new Date()): Promise<number> {
  const rows = await tx
    .select({ sub: subscriptions, pageId: orderItems.productPageId })
    .from(subscriptions)
    .innerJoin(orderItems, eq(orderItems.id, subscriptions.orderItemId))
    .where(and(eq(subscriptions.status, "running"), sql`${subscriptions.periodEnd} > ${now}`))
    .orderBy(asc(subscriptions.id))
    .for("update", { of: subscriptions });
  let moved = 0;
  for (const { sub, pageId } of rows) if (await recomputePeriod(tx, sub, pageId)) moved++;
  return moved;
}

/**
 * The school cancelled the lesson of `date` for an item whose page lengthens the paid period (D393): the
 * item's running subscription keeps the date (once), and its current period gains a lesson if the date
 * lies in it; a later period gains it when it is paid. False when the item has no running subscription:
 * there is no paid period to lengthen, and the caller gives a makeup credit instead.
 */
export async function lengthenForCancelledLesson(
  tx: DbOrTx,
  itemId: number,
  date: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await tx
    .select({ sub: subscriptions, pageId: orderItems.productPageId })
    .from(subscriptions)
    .innerJoin(orderItems, eq(orderItems.id, subscriptions.orderItemId))
    .where(and(eq(subscriptions.orderItemId, itemId), eq(subscriptions.status, "running")))
    .for("update", { of: subscriptions });
  if (!row) return false;
  await tx
    .insert(subscriptionCancelledLessons)
    .values({ subscriptionId: row.sub.id, lessonDate: date })
    .onConflictDoNothing();
  if (row.sub.periodEnd > now) await recomputePeriod(tx, row.sub, row.pageId);
  return true;
}

/**
 * The later months' payments of items as a table (`payment_id`, `item_id`) inside another area's statement:
 * the history lists each month's invoice by its payment (D556). `itemIds` is an int[] of that statement.
 */
export function monthPaymentsOfItems(itemIds: SQL): SQL {
  return sql`(select sp.id as payment_id, s.order_item_id as item_id
    from ${subscriptionPayments} sp join ${subscriptions} s on s.id = sp.subscription_id
    where s.order_item_id = any(${itemIds}))`;
}

/** A later month's payment by its gateway reference, locked for a refund's recording (D558). */
export async function lockSubscriptionPayment(tx: DbOrTx, gateway: GatewayName, reference: string) {
  const [row] = await tx
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.gateway, gateway), eq(subscriptionPayments.reference, reference)))
    .for("update");
  return row;
}

/** What was given back of a month's payment so far. */
export async function refundedOfSubscriptionPayment(
  tx: DbOrTx,
  subscriptionPaymentId: number,
): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${subscriptionRefunds.amountCents}), 0)::int` })
    .from(subscriptionRefunds)
    .where(eq(subscriptionRefunds.subscriptionPaymentId, subscriptionPaymentId));
  return row?.cents ?? 0;
}

/** A gateway's refund of a month, once by its id: false when it was recorded before. */
export async function insertSubscriptionRefund(
  tx: DbOrTx,
  values: typeof subscriptionRefunds.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(subscriptionRefunds)
    .values(values)
    .onConflictDoNothing({ target: [subscriptionRefunds.gateway, subscriptionRefunds.refundId] })
    .returning({ id: subscriptionRefunds.id });
  return inserted.length > 0;
}

/**
 * The § 312k declarations made from the account, and with the addresses given (its verified ones: a family's
 * data export, D560, D577).
 */
export async function cancellationsOfFamily(db: DbOrTx, userId: number, spans: readonly AddressSpan[]) {
  return db
    .select({
      contractRef: contractCancellations.contractRef,
      name: contractCancellations.name,
      email: contractCancellations.email,
      kind: contractCancellations.kind,
      reason: contractCancellations.reason,
      requestedEnd: contractCancellations.requestedEnd,
      createdAt: contractCancellations.createdAt,
    })
    .from(contractCancellations)
    .where(
      or(
        eq(contractCancellations.userId, userId),
        sentWithin(contractCancellations.email, contractCancellations.createdAt, spans),
      ),
    )
    .orderBy(asc(contractCancellations.createdAt), asc(contractCancellations.id));
}
