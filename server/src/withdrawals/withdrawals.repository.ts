import type { Locale, OrderItemStatus, OrderStatus, ProductType } from "@atelier/contract";
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { refundPendingAtGateway } from "../checkout/index.ts";
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
  refunds,
  staffRefunds,
  users,
  withdrawals,
} from "../db/index.ts";

/** The only code that touches `withdrawals`; the other tables only as far as a withdrawal needs them. */

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalWithNote = WithdrawalRow & { creditNoteNumber: string | null; gatewayPending: boolean };

export type ItemFacts = {
  itemId: number;
  orderId: number;
  productPageId: number;
  userId: number | null;
  orderStatus: OrderStatus;
  itemStatus: OrderItemStatus;
  productType: ProductType;
  paidCents: number;
  paidAt: Date | null;
  earlyStart: boolean;
  orderGiftCardCents: number;
  orderGiftCardId: number | null;
  locale: Locale;
};

/** The columns of `ItemFacts`, for the parent's and staff's reads of an item. */
export const itemFacts = {
  itemId: orderItems.id,
  orderId: orders.id,
  productPageId: orderItems.productPageId,
  userId: orders.userId,
  orderStatus: orders.status,
  itemStatus: orderItems.status,
  productType: productPages.productType,
  paidCents: sql<number>`${orderItems.calculatedPriceCents} - ${orderItems.siblingDiscountCents} - ${orderItems.promocodeDiscountCents}`,
  paidAt: orders.paidAt,
  // The checkout's one acceptance box carries the consent to an early start (D54, D55).
  earlyStart: sql<boolean>`${orders.termsAcceptedAt} is not null`,
  orderGiftCardCents: orders.giftCardCents,
  orderGiftCardId: orders.giftCardId,
  locale: orders.locale,
};

/** An item of the user's own orders (another family's item is not found). */
export async function findOwnItem(
  db: DbOrTx,
  userId: number,
  itemId: number,
): Promise<ItemFacts | undefined> {
  const [row] = await db
    .select(itemFacts)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)));
  return row;
}

/** Locks the order's row: withdrawals of one order (and its refunds' bookkeeping) run one at a time. */
export async function lockOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
}

/** A row with its credit note's number, and whether its refund is still pending at the gateway (D572). */
const withNote = {
  ...getTableColumns(withdrawals),
  creditNoteNumber: invoices.number,
  gatewayPending: refundPendingAtGateway(withdrawals.refundId),
};

export async function findWithdrawalsOfItems(db: DbOrTx, itemIds: number[]): Promise<WithdrawalWithNote[]> {
  if (itemIds.length === 0) return [];
  // One array parameter and a kept plan (D413): a parent's history asks with a few hundred items, and
  // a list of that many parameters was built, sent and planned on every request.
  const statement = prepared<WithdrawalWithNote[]>(db, "withdrawals_of_items", () =>
    db
      .select(withNote)
      .from(withdrawals)
      .leftJoin(invoices, eq(invoices.id, withdrawals.creditNoteId))
      .where(sql`${withdrawals.orderItemId} = any(${ph("ids")}::int[])`),
  );
  return statement.execute({ ids: pgArray(itemIds) });
}

/**
 * The row versions (`xmin`) of an order's withdrawals as one text: any withdrawal made, refunded or given
 * its credit note changes it (a credit note never changes once issued, GoBD, and the row names it). Part of a
 * parent's history's fingerprint (D442); `orderId` names the order's id in the statement around it.
 */
export function withdrawalVersionsOfOrder(orderId: SQL): SQL {
  return sql`coalesce((select string_agg(w.id::text || '.' || w.xmin::text, ',' order by w.id)
    from ${withdrawals} w where w.order_id = ${orderId}), '')`;
}

export async function findWithdrawal(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(withdrawals).where(eq(withdrawals.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** The order's withdrawal whose payout is the recorded refund `refundId`, locked (D566). */
export async function findWithdrawalOfRefund(tx: DbOrTx, orderId: number, refundId: number) {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.orderId, orderId), eq(withdrawals.refundId, refundId)))
    .for("update");
  return row;
}

/** A withdrawal's money goes through the gateway, unless a person settled it elsewhere (D565). */
const throughGateway = sql`${withdrawals.settledByHand} is distinct from 'elsewhere'`;

/**
 * What earlier withdrawals of an order already gave back, through the gateway (not what a person paid
 * elsewhere, D565) and onto a gift card.
 */
export async function withdrawnOfOrder(
  db: DbOrTx,
  orderId: number,
): Promise<{ gatewayCents: number; giftCardCents: number }> {
  const [row] = await db
    .select({
      gatewayCents: sql<number>`coalesce(sum(${withdrawals.gatewayCents}) filter (where ${throughGateway}), 0)::int`,
      giftCardCents: sql<number>`coalesce(sum(${withdrawals.giftCardCents}), 0)::int`,
    })
    .from(withdrawals)
    .where(eq(withdrawals.orderId, orderId));
  return row ?? { gatewayCents: 0, giftCardCents: 0 };
}

/**
 * The order's captured payment (the one a refund goes back through): the payment of the order's own
 * gateway order, the one that paid it. A capture of an earlier attempt that came in late is refunded in
 * full by the shop (D205); though captured last, it is taken only when the order has no other (D506).
 * With `paymentId` (what a recorded refund goes back through) that payment only.
 */
export async function findCapturedPayment(db: DbOrTx, orderId: number, paymentId?: number) {
  const [row] = await db
    .select(getTableColumns(payments))
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.orderId, orderId),
        sql`${payments.captureId} is not null`,
        paymentId === undefined ? undefined : eq(payments.id, paymentId),
      ),
    )
    .orderBy(
      sql`coalesce(${payments.gatewayOrderId} = ${orders.paypalId}, false) desc`,
      desc(payments.capturedAt),
      desc(payments.id),
    );
  return row;
}

/** Inserts the withdrawal; a second one for the item (a double click) inserts nothing and answers undefined. */
export async function insertWithdrawal(
  tx: DbOrTx,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .insert(withdrawals)
    .values(values)
    .onConflictDoNothing({ target: withdrawals.orderItemId })
    .returning();
  return row;
}

/**
 * The gateway's part of an order's withdrawals (D565): `done` the shop knows went back (its own refunds and
 * those settled in the dashboard), `pending` it is still sending.
 */
export async function withdrawalSharesOf(
  db: DbOrTx,
  orderId: number,
): Promise<{ done: number; pending: number }> {
  const [row] = await db
    .select({
      done: sql<number>`coalesce(sum(${withdrawals.gatewayCents}) filter (where ${withdrawals.refundState} = 'completed' and ${throughGateway}), 0)::int`,
      pending: sql<number>`coalesce(sum(${withdrawals.gatewayCents}) filter (where ${withdrawals.refundState} = 'pending'), 0)::int`,
    })
    .from(withdrawals)
    .where(eq(withdrawals.orderId, orderId));
  return row ?? { done: 0, pending: 0 };
}

/**
 * A failed try of a withdrawal's refund, counted only while its round is still the withdrawal's and pending
 * (D565): a slow try of an earlier round, answered after staff started a new one, changes nothing. Answers
 * whether it counted.
 */
export async function countFailedWithdrawalTry(
  db: DbOrTx,
  row: { id: number; refundRound: number },
  values: Partial<typeof withdrawals.$inferInsert>,
): Promise<boolean> {
  const counted = await db
    .update(withdrawals)
    .set(values)
    .where(
      and(
        eq(withdrawals.id, row.id),
        eq(withdrawals.refundState, "pending"),
        eq(withdrawals.refundRound, row.refundRound),
      ),
    )
    .returning({ id: withdrawals.id });
  return counted.length > 0;
}

export async function updateWithdrawal(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof withdrawals.$inferInsert>,
): Promise<void> {
  await tx.update(withdrawals).set(values).where(eq(withdrawals.id, id));
}

/** The item gives its seat back (only active items hold seats, `seats/seats.ts`). */
export async function cancelItem(tx: DbOrTx, itemId: number): Promise<void> {
  await tx
    .update(orderItems)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(eq(orderItems.id, itemId));
}

export async function pendingWithdrawalIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.refundState, "pending"))
    .orderBy(asc(withdrawals.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A refund by its gateway id (a webhook may have recorded it before our own reply did). */
export async function findRefundByGatewayId(db: DbOrTx, gatewayRefundId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.gatewayRefundId, gatewayRefundId));
  return row;
}

export async function addRefundedCents(tx: DbOrTx, paymentId: number, cents: number): Promise<void> {
  await tx
    .update(payments)
    .set({
      refundedCents: sql`least(${payments.amountCents}, ${payments.refundedCents} + ${cents})`,
      status: sql`case when ${payments.refundedCents} + ${cents} >= ${payments.amountCents} then 'refunded'::payment_status else ${payments.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}

export async function findUserContact(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * What the order's withdrawals (D75) and staff refunds (D127) send or sent back through the gateway, in
 * every state (one that failed is refunded by hand in the gateway's dashboard, D90; not one a person paid
 * elsewhere, D565): item by item, theirs to book. A full refund the gateway reports refunds the order whole only when it gave back more than these
 * (D506: the report of a staff refund's own payout can arrive before the staff refund records it).
 */
export async function itemRefundsGatewayCents(db: DbOrTx, orderId: number): Promise<number> {
  const [withdrawn] = await db
    .select({
      cents: sql<number>`coalesce(sum(${withdrawals.gatewayCents}) filter (where ${throughGateway}), 0)::int`,
    })
    .from(withdrawals)
    .where(eq(withdrawals.orderId, orderId));
  const [refunded] = await db
    .select({
      cents: sql<number>`coalesce(sum(${staffRefunds.amountCents}) filter (where ${staffRefunds.settledByHand} is distinct from 'elsewhere'), 0)::int`,
    })
    .from(staffRefunds)
    .where(eq(staffRefunds.orderId, orderId));
  return (withdrawn?.cents ?? 0) + (refunded?.cents ?? 0);
}
