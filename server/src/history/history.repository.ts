import type { Locale, OrderItemStatus, OrderStatus, ProductType } from "@atelier/contract";
import { SCHOOL_TIME_ZONE } from "@atelier/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { closedOnSql } from "../catalogue/index.ts";
import type { DbOrTx } from "../db/index.ts";
import {
  invoices,
  orderItems,
  orders,
  payments,
  ph,
  prepared,
  productPages,
  purchaseOptions,
  subscriptionPauses,
  subscriptions,
  visitors,
} from "../db/index.ts";
import { type CartItemRow, itemColumns } from "../orders/index.ts";

/** The items of a parent's finished orders: the cart's item columns plus what the history shows. */

export type HistoryItemRow = CartItemRow & {
  itemStatus: OrderItemStatus;
  orderStatus: OrderStatus;
  purchasedAt: Date;
  invoiceNumber: string | null;
  /** A course subscription's months (D72), null for other items. */
  subscription: typeof subscriptions.$inferSelect | null;
  /** Today (Berlin) is in one of the school's pauses of this course (D74). */
  paused: boolean;
  /** The gateway that captured the order's payment (its latest capture); null when none did. */
  paidWith: "paypal" | "stripe" | "demo" | null;
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
 */
export function findHistoryItems(
  db: DbOrTx,
  criteria: HistoryCriteria,
  locale: Locale,
): Promise<HistoryItemRow[]> {
  const purchasedAt = sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`.mapWith(orders.createdAt);
  const byVisitor = criteria.visitorId !== undefined;
  const byType = criteria.productType !== undefined;
  const statuses = criteria.orderStatuses.map(literal);
  const name = `history_${locale}_${criteria.orderStatuses.join("_")}_${criteria.limit}${byVisitor ? "_visitor" : ""}${byType ? "_type" : ""}`;
  const statement = prepared<HistoryItemRow[]>(db, name, () => {
    const where: SQL[] = [
      sql`${orders.userId} = ${ph("userId")}::int`,
      sql`${orders.status} in (${sql.join(statuses, sql`, `)})`,
    ];
    if (byVisitor) where.push(sql`${orderItems.visitorId} = ${ph("visitorId")}::int`);
    if (byType) where.push(sql`${productPages.productType} = ${ph("productType")}::product_type`);
    return (
      db
        .select({
          ...itemColumns(locale),
          itemStatus: orderItems.status,
          orderStatus: orders.status,
          purchasedAt,
          invoiceNumber: invoices.number,
          subscription: subscriptions,
          paidWith: sql<
            "paypal" | "stripe" | "demo" | null
          >`(select ${payments.gateway} from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.captureId} is not null order by ${payments.id} desc limit 1)`,
          paused: sql<boolean>`(exists (select 1 from ${subscriptionPauses} p where (p.product_page_id is null or p.product_page_id = ${orderItems.productPageId}) and (now() at time zone ${SCHOOL_TIME_ZONE})::date between p.starts_on and p.ends_on) or ${closedOnSql(orderItems.productPageId, sql`(now() at time zone ${SCHOOL_TIME_ZONE})::date`)})`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
        .innerJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
        .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
        .leftJoin(subscriptions, eq(subscriptions.orderItemId, orderItems.id))
        // One invoice per order (a unique index); credit notes are not the purchase's number.
        .leftJoin(invoices, and(eq(invoices.orderId, orders.id), sql`${invoices.kind} = 'invoice'`))
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
