import type { Locale, OrderItemStatus, OrderStatus, ProductType } from "@atelier/contract";
import { SCHOOL_TIME_ZONE } from "@atelier/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { closedOnSql } from "../catalogue/index.ts";
import { refundStatusesOfOrder } from "../checkout/index.ts";
import type { DbOrTx } from "../db/index.ts";
import {
  invoices,
  orderItems,
  orders,
  payments,
  pgArray,
  ph,
  prepared,
  productPages,
  purchaseOptions,
  subscriptionPauses,
  subscriptions,
  visitors,
} from "../db/index.ts";
import { giftCardVersionOfItem } from "../gift-cards/index.ts";
import { creditNoteVersionsOfItem } from "../invoices/index.ts";
import {
  type ItemSlot,
  type ItemWeek,
  itemLinkVersions,
  lineColumns,
  type NamedItemRow,
  namedColumns,
  slotsAndWeeksOfItems,
} from "../orders/index.ts";
import { monthPaymentsOfItems } from "../subscriptions/index.ts";
import { staffRefundVersionsOfOrder, withdrawalVersionsOfOrder } from "../withdrawals/index.ts";

/** The items of a parent's finished orders: an item's columns without its booking terms (D415), and more. */
export type HistoryItemRow = NamedItemRow & {
  itemStatus: OrderItemStatus;
  orderStatus: OrderStatus;
  purchasedAt: Date;
  invoiceNumber: string | null;
  /** A course subscription's months (D72), null for other items. */
  subscription: HistorySubscription | null;
  /** Today (Berlin) is in one of the school's pauses of this course (D74). */
  paused: boolean;
  /** The gateway that captured the order's payment (its latest capture); null when none did. */
  paidWith: "paypal" | "stripe" | "demo" | null;
};

/** What the history and the calendar show of a subscription (D72): its months, its end, its renewal. */
const subscriptionColumns = {
  status: subscriptions.status,
  contractNumber: subscriptions.contractNumber,
  periodStart: subscriptions.periodStart,
  periodEnd: subscriptions.periodEnd,
  cancelAt: subscriptions.cancelAt,
  autopay: subscriptions.autopay,
  renewalToken: subscriptions.renewalToken,
  renewalFor: subscriptions.renewalFor,
};
type HistorySubscription = {
  [K in keyof typeof subscriptionColumns]: (typeof subscriptions.$inferSelect)[K];
};

export type HistoryCriteria = {
  userId: number;
  orderStatuses: readonly OrderStatus[];
  visitorId?: number | undefined;
  productType?: ProductType | undefined;
  limit: number;
};

/** A fixed word of the statement's text (an enum value of the contract), never a caller's input. */
function literal(word: string): SQL {
  if (!/^[a-z_]+$/.test(word)) throw new Error(`not a plain word: ${word}`);
  return sql.raw(`'${word}'`);
}

/**
 * Newest first (by the time the order was paid), at most `limit` items, only of the user's own orders.
 * A prepared statement per shape (D398): its planning cost more than running it (8–30 ms against 15 ms
 * for a family of 70 orders on ten years of data). The statuses and the invoice kind are part of the
 * text, only the family (and the child and type asked for) are parameters, so the plan PostgreSQL keeps
 * for every family still starts from the family's orders (`orders_user_status_idx`) and finds the
 * invoice by `invoices_one_per_order_idx`: with them as parameters its generic plan read all invoices.
 *
 * Set-based (D407): what used to be nine subqueries per item is read once per statement. The items'
 * slots and weeks and the orders' capturing gateway are each one grouped read over the family's orders,
 * and whether a page is paused today one read over the pages (a few dozen), each joined to the items by
 * id. 188 items of the family with the most orders: 28 → 16 ms side by side under load (pgbench, load
 * average 9). Only what the history and the calendar show is read (D415): not the booking terms' house,
 * closures and options, and eight of a subscription's columns.
 */
export function findHistoryItems(
  db: DbOrTx,
  criteria: HistoryCriteria,
  locale: Locale,
): Promise<HistoryItemRow[]> {
  const purchasedAt = sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`.mapWith(orders.createdAt);
  const byVisitor = criteria.visitorId !== undefined;
  const byType = criteria.productType !== undefined;
  const statuses = sql.join(criteria.orderStatuses.map(literal), sql`, `);
  const name = `history_${locale}_${criteria.orderStatuses.join("_")}_${criteria.limit}${byVisitor ? "_visitor" : ""}${byType ? "_type" : ""}`;
  const statement = prepared<HistoryItemRow[]>(db, name, () => {
    const where: SQL[] = [
      sql`${orders.userId} = ${ph("userId")}::int`,
      sql`${orders.status} in (${statuses})`,
    ];
    if (byVisitor) where.push(sql`${orderItems.visitorId} = ${ph("visitorId")}::int`);
    if (byType) where.push(sql`${productPages.productType} = ${ph("productType")}::product_type`);
    // The family's items of these statuses: what the grouped reads below are bounded by.
    const familyItems = sql`select fi.id from ${orderItems} fi join ${orders} fo on fo.id = fi.order_id
      where fo.user_id = ${ph("userId")}::int and fo.status in (${statuses})`;
    const today = sql`(now() at time zone ${SCHOOL_TIME_ZONE})::date`;
    // Whether a page is paused today, once per page (a few dozen), joined to the items by id (D407); the
    // `group by` keeps PostgreSQL from folding it into the join and testing it once per item.
    const pageFacts = sql`(select p.id as page_id,
        (exists (select 1 from ${subscriptionPauses} sp where (sp.product_page_id is null or sp.product_page_id = p.id) and ${today} between sp.starts_on and sp.ends_on)
          or ${closedOnSql(sql.raw("p.id"), today)}) as paused
      from ${productPages} p group by p.id) pf`;
    const chosen = slotsAndWeeksOfItems(familyItems);
    // The gateway of each order's latest capture.
    const captured = sql`(select distinct on (cp.order_id) cp.order_id, cp.gateway from ${payments} cp
      join ${orders} co on co.id = cp.order_id
      where co.user_id = ${ph("userId")}::int and co.status in (${statuses}) and cp.capture_id is not null
      order by cp.order_id, cp.id desc) cap`;
    return (
      db
        .select({
          ...lineColumns,
          ...namedColumns(locale),
          slots: sql<ItemSlot[]>`coalesce(isl.slots, '[]'::json)`,
          weeks: sql<ItemWeek[]>`coalesce(iwk.weeks, '[]'::json)`,
          itemStatus: orderItems.status,
          orderStatus: orders.status,
          purchasedAt,
          invoiceNumber: invoices.number,
          subscription: subscriptionColumns,
          paidWith: sql<"paypal" | "stripe" | "demo" | null>`cap.gateway`,
          paused: sql<boolean>`pf.paused`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
        .innerJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
        .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
        .leftJoin(subscriptions, eq(subscriptions.orderItemId, orderItems.id))
        // One invoice per order (a unique index); credit notes and a contract's later months (D556) are not
        // the purchase's number.
        .leftJoin(
          invoices,
          and(
            eq(invoices.orderId, orders.id),
            sql`${invoices.kind} = 'invoice' and ${invoices.subscriptionPaymentId} is null`,
          ),
        )
        .leftJoin(pageFacts, sql`pf.page_id = ${orderItems.productPageId}`)
        .leftJoin(sql`${chosen.slots} isl`, sql`isl.order_item_id = ${orderItems.id}`)
        .leftJoin(sql`${chosen.weeks} iwk`, sql`iwk.order_item_id = ${orderItems.id}`)
        .leftJoin(captured, sql`cap.order_id = ${orders.id}`)
        .where(and(...where))
        .orderBy(desc(purchasedAt), desc(orderItems.id))
        .limit(criteria.limit)
    );
  });
  return statement.execute({
    userId: criteria.userId,
    ...(byVisitor ? { visitorId: criteria.visitorId } : {}),
    ...(byType ? { productType: criteria.productType } : {}),
  });
}

/** A contract's later month with its own invoice (D556), by the item it is of. */
export type MonthInvoiceRow = {
  itemId: number;
  number: string;
  from: string;
  to: string;
  amountCents: number;
};

/**
 * The invoices of the items' contracts' later months, oldest first: one array parameter and a kept plan, as
 * the items' withdrawals (D413), through the payment's unique index and the subscription's.
 */
export async function findMonthInvoicesOfItems(db: DbOrTx, itemIds: number[]): Promise<MonthInvoiceRow[]> {
  if (itemIds.length === 0) return [];
  const statement = prepared<MonthInvoiceRow[]>(db, "month_invoices_of_items", () =>
    db
      .select({
        itemId: sql<number>`mp.item_id`,
        number: invoices.number,
        from: sql<string>`${invoices.data}->>'serviceFrom'`,
        to: sql<string>`${invoices.data}->>'serviceTo'`,
        amountCents: invoices.totalCents,
      })
      .from(invoices)
      .innerJoin(
        sql`${monthPaymentsOfItems(sql`${ph("ids")}::int[]`)} mp`,
        sql`mp.payment_id = ${invoices.subscriptionPaymentId}`,
      )
      .orderBy(invoices.issuedAt, invoices.id),
  );
  return statement.execute({ ids: pgArray(itemIds) });
}

/**
 * What a family's history was made from, as one short text (D442): the row versions (`xmin`, which every
 * insert and update renews) of the family's orders of these statuses and of everything of them the history
 * shows: each order's invoice (through its partial index; a contract's later month's invoice is issued with
 * its subscription's update, D556), payments, withdrawals and refunds by staff, the statuses of the payments'
 * refunds (a pending one paid out, D573), each item, its subscription,
 * its credit notes (their links, D567) and its slot and week links; the family's children (an item's child is always one of them: a child never
 * changes family); and the school's pauses of courses (a few a year). Any write to one of them changes it,
 * and so does a row added or removed (ids are in the text). The catalogue's rows (pages, options, slots,
 * weeks, houses, closures) are not in it: their changes end the catalogue's generation (D85). Hashed by
 * PostgreSQL, so the reply is 32 characters however long the history. A prepared statement with the
 * statuses in its text (as `findHistoryItems`), read through the family's index and each row's own.
 */
export async function findHistoryFingerprint(
  db: DbOrTx,
  userId: number,
  orderStatuses: readonly OrderStatus[],
): Promise<string> {
  const statuses = sql.join(orderStatuses.map(literal), sql`, `);
  const statement = prepared<{ fingerprint: string }[]>(
    db,
    `history_fingerprint_${orderStatuses.join("_")}`,
    () => {
      const orderId = sql.raw("o.id");
      const items = sql`coalesce((select string_agg(i.id::text || '.' || i.xmin::text
          || '.' || coalesce((select s.xmin::text from ${subscriptions} s where s.order_item_id = i.id), '-')
          || '.' || ${creditNoteVersionsOfItem(sql.raw("i.id"))}
          || '.' || ${itemLinkVersions(sql.raw("i.id"))}
          || '.' || ${giftCardVersionOfItem(sql.raw("i.id"))}, ',' order by i.id)
        from ${orderItems} i where i.order_id = o.id), '')`;
      const ofOrder = sql`o.id::text || '.' || o.xmin::text
        || ':' || coalesce((select iv.xmin::text from ${invoices} iv where iv.order_id = o.id and iv.kind = 'invoice'
          and iv.subscription_payment_id is null), '-')
        || ':' || coalesce((select string_agg(p.xmin::text, '.' order by p.id) from ${payments} p where p.order_id = o.id), '')
        || ':' || ${withdrawalVersionsOfOrder(orderId)}
        || ':' || ${staffRefundVersionsOfOrder(orderId)}
        || ':' || ${refundStatusesOfOrder(orderId)}
        || ':' || ${items}`;
      return db
        .select({
          fingerprint: sql<string>`md5(
            coalesce((select string_agg(${ofOrder}, ';' order by o.id) from ${orders} o
              where o.user_id = ${ph("userId")}::int and o.status in (${statuses})), '')
            || '|' || coalesce((select string_agg(v.id::text || '.' || v.xmin::text, ',' order by v.id)
              from ${visitors} v where v.user_id = ${ph("userId")}::int), '')
            || '|' || coalesce((select string_agg(sp.id::text || '.' || sp.xmin::text, ',' order by sp.id)
              from ${subscriptionPauses} sp), ''))`,
        })
        .from(sql`(select 1) one`);
    },
  );
  const [row] = await statement.execute({ userId });
  return String(row?.fingerprint ?? "");
}
