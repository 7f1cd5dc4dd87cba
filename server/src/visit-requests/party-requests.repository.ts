import type { PartyRequestState } from "@atelier/contract";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { orders, partyRequests, productPages, purchaseOptions, users } from "../db/index.ts";

/** The only code touching `party_requests` (D158–D160); a request's state reads its order's (D159). */

export type PartyRequestRow = typeof partyRequests.$inferSelect;

export type PartyRequestView = PartyRequestRow & {
  productName: { de?: string; ru?: string };
  optionName: { de?: string; ru?: string };
  orderStatus: string | null;
  orderReservedUntil: Date | null;
  parentFirstName: string;
  parentLastName: string;
  parentEmail: string;
  parentPhone: string;
};

/** Where a request stands for the parent: its answer, or the state of the order built from it. */
export function partyStateOf(
  row: Pick<PartyRequestView, "declinedAt" | "orderId" | "orderStatus" | "orderReservedUntil">,
): PartyRequestState {
  if (row.declinedAt !== null) return "declined";
  if (row.orderId === null || row.orderStatus === null) return "sent";
  if (row.orderStatus === "paid") return "paid";
  if (
    row.orderStatus === "awaiting_payment" &&
    row.orderReservedUntil &&
    row.orderReservedUntil.getTime() > Date.now()
  )
    return "confirmed";
  return "expired";
}

/**
 * A published party page and one of its options, or undefined. The option is share-locked until the
 * transaction ends: staff deleting it at the same moment either wait and then count this request (D522),
 * or delete it first and the request is refused at its field.
 */
export async function findPartyOption(db: DbOrTx, pageId: number, optionId: number) {
  const [row] = await db
    .select({
      pageId: productPages.id,
      productType: productPages.productType,
      name: productPages.name,
      optionId: purchaseOptions.id,
      optionName: purchaseOptions.name,
      maxChildren: purchaseOptions.maxChildren,
    })
    .from(productPages)
    .innerJoin(purchaseOptions, eq(purchaseOptions.productPageId, productPages.id))
    .where(
      and(eq(productPages.id, pageId), eq(productPages.isPublished, true), eq(purchaseOptions.id, optionId)),
    )
    .for("share", { of: purchaseOptions });
  return row;
}

/** How many party requests name the option (any state): they are what it was asked for (D522). */
export async function countPartyRequestsOfOption(db: DbOrTx, optionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(partyRequests)
    .where(eq(partyRequests.purchaseOptionId, optionId));
  return row?.n ?? 0;
}

export async function insertPartyRequest(db: DbOrTx, values: typeof partyRequests.$inferInsert) {
  const [row] = await db.insert(partyRequests).values(values).returning();
  if (!row) throw new Error("party_requests insert returned no row");
  return row;
}

const viewColumns = {
  row: partyRequests,
  productName: productPages.name,
  optionName: purchaseOptions.name,
  orderStatus: orders.status,
  orderReservedUntil: orders.reservedUntil,
  parentFirstName: sql<string>`coalesce(${users.firstName}, '')`,
  parentLastName: sql<string>`coalesce(${users.lastName}, '')`,
  parentEmail: sql<string>`coalesce(${users.email}, '')`,
  parentPhone: sql<string>`coalesce(${users.phoneNumber}, '')`,
};

function views(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(partyRequests)
    .innerJoin(productPages, eq(productPages.id, partyRequests.productPageId))
    .leftJoin(purchaseOptions, eq(purchaseOptions.id, partyRequests.purchaseOptionId))
    .leftJoin(orders, eq(orders.id, partyRequests.orderId))
    .leftJoin(users, eq(users.id, partyRequests.userId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof views>["execute"]>>[number];
const flat = (r: Joined): PartyRequestView => ({
  ...r.row,
  productName: (r.productName ?? {}) as PartyRequestView["productName"],
  optionName: (r.optionName ?? {}) as PartyRequestView["optionName"],
  orderStatus: r.orderStatus,
  orderReservedUntil: r.orderReservedUntil,
  parentFirstName: r.parentFirstName,
  parentLastName: r.parentLastName,
  parentEmail: r.parentEmail,
  parentPhone: r.parentPhone,
});

export async function listPartyRequestsOfUser(db: DbOrTx, userId: number): Promise<PartyRequestView[]> {
  const rows = await views(db)
    .where(eq(partyRequests.userId, userId))
    .orderBy(desc(partyRequests.createdAt), desc(partyRequests.id))
    .limit(100);
  return rows.map(flat);
}

export async function listPartyRequestsForStaff(
  db: DbOrTx,
  cut: { offset: number; limit: number },
): Promise<{ rows: PartyRequestView[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    views(db)
      .orderBy(desc(partyRequests.createdAt), desc(partyRequests.id))
      .limit(cut.limit)
      .offset(cut.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(partyRequests),
  ]);
  return { rows: rows.map(flat), total: count?.n ?? 0 };
}

export async function findPartyRequest(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<PartyRequestView | undefined> {
  if (lock)
    await db
      .select({ id: partyRequests.id })
      .from(partyRequests)
      .where(eq(partyRequests.id, id))
      .for("update");
  const [row] = await views(db).where(eq(partyRequests.id, id));
  return row ? flat(row) : undefined;
}

export async function updatePartyRequest(
  db: DbOrTx,
  id: number,
  changes: Partial<
    Pick<PartyRequestRow, "status" | "note" | "handlerId" | "confirmedDate" | "orderId" | "declinedAt">
  >,
): Promise<void> {
  await db
    .update(partyRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(partyRequests.id, id));
}

/**
 * Erasing a family (D140): the parent's party requests go with the children's ages, the comment and the
 * preferred days; the order a confirmed request built stays (anonymised) for its invoice. The ids, so the
 * audit entries of their handling can be scrubbed too.
 */
export async function deletePartyRequestsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .delete(partyRequests)
    .where(eq(partyRequests.userId, userId))
    .returning({ id: partyRequests.id });
  return rows.map((row) => row.id);
}

/**
 * Holds every confirm of a party in this room (option) until the transaction ends, so two staff confirming
 * two requests for one day see each other (D191).
 */
export async function lockPartyRoom(tx: DbOrTx, optionId: number): Promise<void> {
  await tx
    .select({ id: purchaseOptions.id })
    .from(purchaseOptions)
    .where(eq(purchaseOptions.id, optionId))
    .for("update");
}

/**
 * Parties that hold a room on a day: confirmed, not declined, their order paid or awaiting payment within its
 * hold (as `partyStateOf` reads "paid" and "confirmed"), for the given rooms (options) and days.
 */
export async function partiesHoldingRooms(
  db: DbOrTx,
  optionIds: number[],
  days: string[],
): Promise<{ id: number; optionId: number; date: string }[]> {
  if (optionIds.length === 0 || days.length === 0) return [];
  const rows = await db
    .select({
      id: partyRequests.id,
      optionId: partyRequests.purchaseOptionId,
      date: partyRequests.confirmedDate,
    })
    .from(partyRequests)
    .innerJoin(orders, eq(orders.id, partyRequests.orderId))
    .where(
      and(
        inArray(partyRequests.purchaseOptionId, optionIds),
        inArray(partyRequests.confirmedDate, days),
        isNull(partyRequests.declinedAt),
        or(
          eq(orders.status, "paid"),
          and(eq(orders.status, "awaiting_payment"), sql`${orders.reservedUntil} > now()`),
        ),
      ),
    );
  return rows.flatMap((row) =>
    row.date === null ? [] : [{ id: row.id, optionId: row.optionId, date: row.date }],
  );
}
