import type { Locale } from "@atelier/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { textIn } from "../catalogue/index.ts";
import type { DbOrTx, Tx } from "../db/index.ts";
import {
  academyWeeks,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  scheduleSlots,
  users,
  visitors,
} from "../db/index.ts";

/** Moving a paid item's child to another slot or week (D161): the only writes to an item's units after the sale. */

/**
 * The item with its order and units, the order's row locked first (as refunds and withdrawals lock it), then
 * the item's, so a move never runs beside a refund or withdrawal of the same order.
 */
export async function lockItemForMove(tx: Tx, orderId: number, itemId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      userId: orders.userId,
      locale: orders.locale,
      parentEmail: sql<string>`coalesce(${users.email}, ${orders.billing}->>'email', '')`,
      parentFirstName: sql<string>`coalesce(${users.firstName}, ${orders.billing}->>'first_name', '')`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!order) return undefined;
  const [item] = await tx
    .select({
      id: orderItems.id,
      status: orderItems.status,
      productPageId: orderItems.productPageId,
      purchaseOptionId: orderItems.purchaseOptionId,
      visitorId: orderItems.visitorId,
      childFirstName: visitors.firstName,
      childLastName: visitors.lastName,
    })
    .from(orderItems)
    .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .for("update", { of: orderItems });
  if (!item) return { order, item: undefined };
  const [slots, weeks] = await Promise.all([
    tx
      .select({ id: orderItemSlots.scheduleSlotId })
      .from(orderItemSlots)
      .where(eq(orderItemSlots.orderItemId, itemId)),
    tx
      .select({ id: orderItemAcademyWeeks.academyWeekId })
      .from(orderItemAcademyWeeks)
      .where(eq(orderItemAcademyWeeks.orderItemId, itemId)),
  ]);
  return {
    order,
    item: { ...item, slotIds: slots.map((s) => s.id), weekIds: weeks.map((w) => w.id) },
  };
}

/** Replaces one unit of the item by another. */
export async function moveItemUnit(
  tx: Tx,
  itemId: number,
  kind: "slot" | "week",
  from: number,
  to: number,
): Promise<void> {
  if (kind === "slot")
    await tx
      .update(orderItemSlots)
      .set({ scheduleSlotId: to })
      .where(and(eq(orderItemSlots.orderItemId, itemId), eq(orderItemSlots.scheduleSlotId, from)));
  else
    await tx
      .update(orderItemAcademyWeeks)
      .set({ academyWeekId: to })
      .where(
        and(eq(orderItemAcademyWeeks.orderItemId, itemId), eq(orderItemAcademyWeeks.academyWeekId, from)),
      );
}

/** A slot or week as the move's mail and audit entry name it. */
export async function findMovedUnit(tx: Tx, kind: "slot" | "week", id: number) {
  if (kind === "slot") {
    const [row] = await tx
      .select({
        weekday: scheduleSlots.weekday,
        date: scheduleSlots.date,
        start: scheduleSlots.start,
        end: scheduleSlots.end,
      })
      .from(scheduleSlots)
      .where(eq(scheduleSlots.id, id));
    return row ? { kind: "slot" as const, ...row } : undefined;
  }
  const [row] = await tx
    .select({ startsOn: academyWeeks.startsOn, endsOn: academyWeeks.endsOn })
    .from(academyWeeks)
    .where(eq(academyWeeks.id, id));
  return row ? { kind: "week" as const, ...row } : undefined;
}

/** The offer's name in the parent's language. */
export async function findPageName(tx: Tx, pageId: number, locale: Locale): Promise<string> {
  const [row] = await tx
    .select({ name: textIn(productPages.name, locale) })
    .from(productPages)
    .where(eq(productPages.id, pageId));
  return row?.name ?? "";
}

/** The units of an order's items, for the order's page in the back office. */
export async function findItemUnitsForStaff(db: DbOrTx, itemIds: number[]) {
  if (itemIds.length === 0) return { slots: [], weeks: [] };
  const [slots, weeks] = await Promise.all([
    db
      .select({
        item: orderItemSlots.orderItemId,
        id: scheduleSlots.id,
        weekday: scheduleSlots.weekday,
        date: scheduleSlots.date,
        start: scheduleSlots.start,
        end: scheduleSlots.end,
      })
      .from(orderItemSlots)
      .innerJoin(scheduleSlots, eq(scheduleSlots.id, orderItemSlots.scheduleSlotId))
      .where(inArray(orderItemSlots.orderItemId, itemIds))
      .orderBy(asc(scheduleSlots.id)),
    db
      .select({
        item: orderItemAcademyWeeks.orderItemId,
        id: academyWeeks.id,
        starts_on: academyWeeks.startsOn,
        ends_on: academyWeeks.endsOn,
      })
      .from(orderItemAcademyWeeks)
      .innerJoin(academyWeeks, eq(academyWeeks.id, orderItemAcademyWeeks.academyWeekId))
      .where(inArray(orderItemAcademyWeeks.orderItemId, itemIds))
      .orderBy(asc(academyWeeks.startsOn)),
  ]);
  return { slots, weeks };
}
