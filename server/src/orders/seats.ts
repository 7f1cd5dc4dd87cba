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

/** Items holding seats among the links whose unit matches `unit`, as a correlated scalar count. */
function seatsTakenIn(links: PgTable, linkUnit: AnyPgColumn, item: AnyPgColumn, unit: SQL | AnyPgColumn) {
  return sql<number>`(select count(*)::int from ${links}
    inner join ${orderItems} on ${orderItems.id} = ${item}
    inner join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${linkUnit} = ${unit} and ${holdsSeats})`;
}

/**
 * Seats taken in one schedule slot, for a query that reads slots row by row (the catalogue's list and
 * page build each product's slots in one subquery); same rule as `slotSeatsTaken`.
 */
export const slotSeatsTakenIn = (slot: SQL | AnyPgColumn) =>
  seatsTakenIn(orderItemSlots, orderItemSlots.scheduleSlotId, orderItemSlots.orderItemId, slot);

/** Seats taken in one academy week; same rule as `weekSeatsTaken`. */
export const weekSeatsTakenIn = (week: SQL | AnyPgColumn) =>
  seatsTakenIn(
    orderItemAcademyWeeks,
    orderItemAcademyWeeks.academyWeekId,
    orderItemAcademyWeeks.orderItemId,
    week,
  );
