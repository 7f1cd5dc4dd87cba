import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../db/index.ts";
import { containsPattern, idIn, orders, promocodeRedemptions, promocodes, users } from "../db/index.ts";

/** Staff editing of promocodes (D124); the cart and checkout read them through `order.repository.ts`. */

export type PromocodeValues = Omit<typeof promocodes.$inferInsert, "id" | "createdAt">;
export type PromocodeStaffRow = typeof promocodes.$inferSelect & { uses: number };
type ListCut = { sort: AnyPgColumn | SQL; descending: boolean; offset: number; limit: number };

/** Uses are counted as the limits count them: orders that are paid or awaiting payment. */
const COUNTED = ["awaiting_payment", "paid"] as const;
const usesOf = sql<number>`(select count(*)::int from ${promocodeRedemptions} r join ${orders} o on o.id = r.order_id where r.promocode_id = "promocodes"."id" and o.status in ('awaiting_payment', 'paid'))`;

export const PROMOCODE_SORTS = {
  id: promocodes.id,
  code: promocodes.code,
  valid_from: promocodes.validFrom,
  valid_until: promocodes.validUntil,
  created_at: promocodes.createdAt,
  is_active: promocodes.isActive,
};

export async function listPromocodesForStaff(
  db: DbOrTx,
  filter: { q?: string; isActive?: boolean; ids?: number[] },
  cut: ListCut,
): Promise<{ rows: PromocodeStaffRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = containsPattern(filter.q);
    conditions.push(sql`${promocodes.code} ilike ${like}`);
  }
  if (filter.isActive !== undefined) conditions.push(eq(promocodes.isActive, filter.isActive));
  if (filter.ids) conditions.push(filter.ids.length ? idIn(promocodes.id, filter.ids) : sql`false`);
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ code: promocodes, uses: usesOf })
    .from(promocodes)
    .where(where)
    .orderBy(cut.descending ? desc(cut.sort) : asc(cut.sort), asc(promocodes.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db.select({ n: count() }).from(promocodes).where(where);
  return { rows: rows.map((row) => ({ ...row.code, uses: row.uses })), total: total?.n ?? 0 };
}

/**
 * One code with its uses; `lock` holds its row (`FOR NO KEY UPDATE`, as checkout reads it) until the
 * transaction ends, so two saves run one after the other and the second finds its version stale.
 */
export async function findPromocodeForEdit(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<PromocodeStaffRow | undefined> {
  const query = db.select({ code: promocodes, uses: usesOf }).from(promocodes).where(eq(promocodes.id, id));
  const [row] = await (lock ? query.for("no key update", { of: promocodes }) : query);
  return row && { ...row.code, uses: row.uses };
}

/** Whether another code is written the same way, case aside. */
export async function promocodeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: promocodes.id })
    .from(promocodes)
    .where(sql`lower(${promocodes.code}) = lower(${code})`);
  return rows.some((row) => row.id !== exceptId);
}

export async function insertPromocode(tx: Tx, values: PromocodeValues): Promise<number> {
  const [row] = await tx.insert(promocodes).values(values).returning({ id: promocodes.id });
  if (!row) throw new Error("promocode insert returned no row");
  return row.id;
}

export async function updatePromocode(tx: Tx, id: number, values: PromocodeValues): Promise<void> {
  await tx.update(promocodes).set(values).where(eq(promocodes.id, id));
}

export type PromocodeUseRow = {
  id: number;
  promocodeId: number;
  orderId: number;
  orderStatus: string;
  userId: number | null;
  userEmail: string | null;
  discountCents: number;
  createdAt: Date;
};

/** The orders that used a code, newest first; `countedOnly` leaves out carts and orders given up. */
export async function listPromocodeUses(
  db: DbOrTx,
  filter: { promocodeId?: number; countedOnly?: boolean },
  cut: { offset: number; limit: number },
): Promise<{ rows: PromocodeUseRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.promocodeId !== undefined)
    conditions.push(eq(promocodeRedemptions.promocodeId, filter.promocodeId));
  if (filter.countedOnly) conditions.push(inArray(orders.status, [...COUNTED]));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: promocodeRedemptions.id,
      promocodeId: promocodeRedemptions.promocodeId,
      orderId: promocodeRedemptions.orderId,
      orderStatus: orders.status,
      userId: promocodeRedemptions.userId,
      userEmail: users.email,
      discountCents: promocodeRedemptions.discountCents,
      createdAt: promocodeRedemptions.createdAt,
    })
    .from(promocodeRedemptions)
    .innerJoin(orders, eq(orders.id, promocodeRedemptions.orderId))
    .leftJoin(users, eq(users.id, promocodeRedemptions.userId))
    .where(where)
    .orderBy(desc(promocodeRedemptions.createdAt), desc(promocodeRedemptions.id))
    .offset(cut.offset)
    .limit(cut.limit);
  const [total] = await db
    .select({ n: count() })
    .from(promocodeRedemptions)
    .innerJoin(orders, eq(orders.id, promocodeRedemptions.orderId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
