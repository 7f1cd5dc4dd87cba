import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { refundPendingAtGateway } from "../checkout/index.ts";
import type { DbOrTx } from "../db/index.ts";
import {
  invoices,
  orderItems,
  orders,
  pgArray,
  ph,
  prepared,
  productPages,
  staffRefunds,
} from "../db/index.ts";
import { type ItemFacts, itemFacts } from "./withdrawals.repository.ts";

/** The only code that touches `staff_refunds` (D127). */

export type StaffRefundRow = typeof staffRefunds.$inferSelect;
export type StaffRefundWithNote = StaffRefundRow & {
  creditNoteNumber: string | null;
  gatewayPending: boolean;
};

/** A row with its credit note's number, and whether its refund is still pending at the gateway (D572). */
const withNote = {
  ...getTableColumns(staffRefunds),
  creditNoteNumber: invoices.number,
  gatewayPending: refundPendingAtGateway(staffRefunds.refundId),
};

/** An item of any order, as staff see it (the parent's own check of `findOwnItem` does not apply). */
export async function findItemOfOrder(
  db: DbOrTx,
  orderId: number,
  itemId: number,
): Promise<ItemFacts | undefined> {
  const [row] = await db
    .select(itemFacts)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
    .where(and(eq(orderItems.id, itemId), eq(orders.id, orderId)));
  return row;
}

export async function findStaffRefundByRequest(db: DbOrTx, requestId: string) {
  const [row] = await db.select().from(staffRefunds).where(eq(staffRefunds.requestId, requestId));
  return row;
}

export async function findStaffRefund(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(staffRefunds).where(eq(staffRefunds.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function insertStaffRefund(tx: DbOrTx, values: typeof staffRefunds.$inferInsert) {
  const [row] = await tx
    .insert(staffRefunds)
    .values(values)
    .onConflictDoNothing({ target: staffRefunds.requestId })
    .returning();
  return row;
}

export async function updateStaffRefund(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof staffRefunds.$inferInsert>,
): Promise<void> {
  await tx.update(staffRefunds).set(values).where(eq(staffRefunds.id, id));
}

/** The order's staff refund whose payout is the recorded refund `refundId`, locked (D566). */
export async function findStaffRefundOfRefund(tx: DbOrTx, orderId: number, refundId: number) {
  const [row] = await tx
    .select()
    .from(staffRefunds)
    .where(and(eq(staffRefunds.orderId, orderId), eq(staffRefunds.refundId, refundId)))
    .for("update");
  return row;
}

/** A staff refund's money goes through the gateway, unless a person settled it elsewhere (D565). */
const throughGateway = sql`${staffRefunds.settledByHand} is distinct from 'elsewhere'`;

/**
 * The gateway's part of an order's staff refunds (D565): `done` the shop knows went back (its own refunds
 * and those settled in the dashboard), `pending` it is still sending.
 */
export async function staffRefundSharesOf(
  db: DbOrTx,
  orderId: number,
): Promise<{ done: number; pending: number }> {
  const [row] = await db
    .select({
      done: sql<number>`coalesce(sum(${staffRefunds.amountCents}) filter (where ${staffRefunds.refundState} = 'completed' and ${throughGateway}), 0)::int`,
      pending: sql<number>`coalesce(sum(${staffRefunds.amountCents}) filter (where ${staffRefunds.refundState} = 'pending'), 0)::int`,
    })
    .from(staffRefunds)
    .where(eq(staffRefunds.orderId, orderId));
  return row ?? { done: 0, pending: 0 };
}

/**
 * A failed try of a staff refund's round, counted only while that round is still the refund's and pending
 * (D565): a slow try of an earlier round, answered after staff started a new one, changes nothing. Answers
 * whether it counted.
 */
export async function countFailedStaffRefundTry(
  db: DbOrTx,
  row: Pick<StaffRefundRow, "id" | "refundRound">,
  values: Partial<typeof staffRefunds.$inferInsert>,
): Promise<boolean> {
  const counted = await db
    .update(staffRefunds)
    .set(values)
    .where(
      and(
        eq(staffRefunds.id, row.id),
        eq(staffRefunds.refundState, "pending"),
        eq(staffRefunds.refundRound, row.refundRound),
      ),
    )
    .returning({ id: staffRefunds.id });
  return counted.length > 0;
}

/**
 * What staff refunds gave back so far: of the whole order through the gateway (`orderCents`, not what a
 * person paid elsewhere, D565) and onto its gift card (`giftCardCents`, D494), and of one item all ways
 * together (`itemCents`).
 */
export async function staffRefundedOf(
  db: DbOrTx,
  orderId: number,
  itemId?: number,
): Promise<{ orderCents: number; giftCardCents: number; itemCents: number }> {
  const [row] = await db
    .select({
      // A refund a person paid by bank transfer or in cash took nothing from the gateway (D565).
      orderCents: sql<number>`coalesce(sum(${staffRefunds.amountCents}) filter (where ${throughGateway}), 0)::int`,
      giftCardCents: sql<number>`coalesce(sum(${staffRefunds.giftCardCents}), 0)::int`,
      itemCents: sql<number>`coalesce(sum(${staffRefunds.amountCents} + ${staffRefunds.giftCardCents}) filter (where ${staffRefunds.orderItemId} = ${itemId ?? 0}), 0)::int`,
    })
    .from(staffRefunds)
    .where(eq(staffRefunds.orderId, orderId));
  return row ?? { orderCents: 0, giftCardCents: 0, itemCents: 0 };
}

export async function findStaffRefundsOfOrders(
  db: DbOrTx,
  orderIds: number[],
): Promise<StaffRefundWithNote[]> {
  if (orderIds.length === 0) return [];
  return db
    .select(withNote)
    .from(staffRefunds)
    .leftJoin(invoices, eq(invoices.id, staffRefunds.creditNoteId))
    .where(inArray(staffRefunds.orderId, orderIds))
    .orderBy(asc(staffRefunds.id));
}

export async function findStaffRefundsOfItems(db: DbOrTx, itemIds: number[]): Promise<StaffRefundWithNote[]> {
  if (itemIds.length === 0) return [];
  // One array parameter and a kept plan (D413): a parent's history asks with a few hundred items, and
  // a list of that many parameters was built, sent and planned on every request.
  const statement = prepared<StaffRefundWithNote[]>(db, "staff_refunds_of_items", () =>
    db
      .select(withNote)
      .from(staffRefunds)
      .leftJoin(invoices, eq(invoices.id, staffRefunds.creditNoteId))
      .where(sql`${staffRefunds.orderItemId} = any(${ph("ids")}::int[])`)
      .orderBy(asc(staffRefunds.id)),
  );
  return statement.execute({ ids: pgArray(itemIds) });
}

/**
 * The row versions (`xmin`) of an order's refunds by staff as one text: any refund asked for, paid, failed
 * or given its credit note changes it (a credit note never changes once issued, GoBD, and the row names it).
 * Part of a parent's history's fingerprint (D442); `orderId` names the order's id in the statement around it.
 */
export function staffRefundVersionsOfOrder(orderId: SQL): SQL {
  return sql`coalesce((select string_agg(r.id::text || '.' || r.xmin::text, ',' order by r.id)
    from ${staffRefunds} r where r.order_id = ${orderId}), '')`;
}

export async function pendingStaffRefundIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: staffRefunds.id })
    .from(staffRefunds)
    .where(eq(staffRefunds.refundState, "pending"))
    .orderBy(asc(staffRefunds.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * An erased family's staff refunds keep their amounts and states (the books need them) but not the reason
 * staff typed, which often names the family's circumstances (D541). Answers the refunds' ids.
 */
export async function clearStaffRefundReasons(db: DbOrTx, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .update(staffRefunds)
    .set({ reason: "" })
    .where(inArray(staffRefunds.orderId, [...orderIds]))
    .returning({ id: staffRefunds.id });
  return rows.map((row) => row.id);
}
