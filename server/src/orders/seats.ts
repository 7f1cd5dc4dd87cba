import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.ts";
import { orderItemAcademyWeeks, orderItemSlots, orderItems, orders } from "../db/schema/index.ts";

/**
 * The one rule of which orders hold seats: paid orders, and orders awaiting payment while their
 * reservation runs (a reservation without a deadline holds until the order changes status). Only
 * active items count; a cart never holds a seat. The catalogue's seats left and the cart's and the
 * checkout's checks all count with the subqueries below.
 */
export const holdsSeats = sql`(${orderItems.status} = 'active' and (${orders.status} = 'paid' or (${orders.status} = 'awaiting_payment' and (${orders.reservedUntil} is null or ${orders.reservedUntil} > now()))))`;

/** Seats taken per unit (slot or week) by items that hold seats, as a subquery `taken(unit_id, n)`. */
function seatsTaken(db: DbOrTx, links: PgTable, unit: AnyPgColumn, item: AnyPgColumn, condition: SQL) {
  return db
    .select({ unitId: sql<number>`${unit}`.as("unit_id"), n: sql<number>`count(*)::int`.as("n") })
    .from(links)
    .innerJoin(orderItems, eq(orderItems.id, item))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(holdsSeats, condition))
    .groupBy(unit)
    .as("taken");
}

/** Seats taken per schedule slot, among the items matching `condition`. */
export const slotSeatsTaken = (db: DbOrTx, condition: SQL) =>
  seatsTaken(db, orderItemSlots, orderItemSlots.scheduleSlotId, orderItemSlots.orderItemId, condition);

/** Seats taken per academy week, among the items matching `condition`. */
export const weekSeatsTaken = (db: DbOrTx, condition: SQL) =>
  seatsTaken(
    db,
    orderItemAcademyWeeks,
    orderItemAcademyWeeks.academyWeekId,
    orderItemAcademyWeeks.orderItemId,
    condition,
  );
