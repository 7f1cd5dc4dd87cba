import { SCHOOL_TIME_ZONE } from "@atelier/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { unionAll } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/index.ts";
import {
  makeupBookings,
  orderItemAcademyWeeks,
  orderItemSlots,
  orderItems,
  orders,
  waitingListEntries,
} from "../db/index.ts";

/**
 * The one rule of which orders hold seats: paid orders, and orders awaiting payment while their
 * reservation runs (a reservation without a deadline holds until the order changes status). Only
 * active items count; a cart never holds a seat. The catalogue's seats left and the cart's and the
 * checkout's checks all count with the subqueries below.
 */
export const holdsSeats = sql`(${orderItems.status} = 'active' and (${orders.status} = 'paid' or (${orders.status} = 'awaiting_payment' and (${orders.reservedUntil} is null or ${orders.reservedUntil} > now()))))`;

/**
 * A waiting-list offer holds its seat while it runs (D78), so nobody else takes the seat offered; once
 * the child holds the same unit through an order (the accepted offer was checked out), the order holds
 * it instead and the offer no longer counts, so the seat is never counted twice.
 */
function offerHolds(links: PgTable, linkUnit: AnyPgColumn, linkItem: AnyPgColumn, entryUnit: AnyPgColumn) {
  return sql`(${waitingListEntries.status} = 'offered' and ${waitingListEntries.offerExpiresAt} > now() and not exists (select 1 from ${links} join ${orderItems} on ${orderItems.id} = ${linkItem} join ${orders} on ${orders.id} = ${orderItems.orderId} where ${linkUnit} = ${entryUnit} and ${orderItems.visitorId} = ${waitingListEntries.visitorId} and ${holdsSeats}))`;
}

export const slotOfferHolds = offerHolds(
  orderItemSlots,
  orderItemSlots.scheduleSlotId,
  orderItemSlots.orderItemId,
  waitingListEntries.scheduleSlotId,
);
export const weekOfferHolds = offerHolds(
  orderItemAcademyWeeks,
  orderItemAcademyWeeks.academyWeekId,
  orderItemAcademyWeeks.orderItemId,
  waitingListEntries.academyWeekId,
);

/** How items (through their link table) and waiting-list entries name a unit of one kind. */
export type UnitKind = {
  links: PgTable;
  unit: AnyPgColumn;
  item: AnyPgColumn;
  entryUnit: AnyPgColumn;
  offers: SQL;
  /**
   * Links that may still hold a seat, read through a partial index: a weekly slot keeps every booking of its
   * years, nearly all ended (D419); an academy week on enrolment day has thousands of carts' links and a
   * few hundred bookings, and a cart's links are left out until its checkout (D438).
   */
  mayHold: SQL;
};

export const SLOT_UNITS: UnitKind = {
  links: orderItemSlots,
  unit: orderItemSlots.scheduleSlotId,
  item: orderItemSlots.orderItemId,
  entryUnit: waitingListEntries.scheduleSlotId,
  offers: slotOfferHolds,
  mayHold: sql`${orderItemSlots.mayHoldSeat}`,
};
export const WEEK_UNITS: UnitKind = {
  links: orderItemAcademyWeeks,
  unit: orderItemAcademyWeeks.academyWeekId,
  item: orderItemAcademyWeeks.orderItemId,
  entryUnit: waitingListEntries.academyWeekId,
  offers: weekOfferHolds,
  mayHold: sql`${orderItemAcademyWeeks.mayHoldSeat}`,
};

/**
 * Makeup lessons (issue 35, D368) take a seat on their one date. A booking that holds a slot comes every
 * week, so it needs a seat on the slot's busiest coming date: the makeups of that date count as taken.
 * This is the date, per slot: most makeups, then the earliest (Berlin's today on).
 */
const busiestMakeupDate = sql`(select m2.lesson_date from ${makeupBookings} m2
  where m2.schedule_slot_id = ${makeupBookings.scheduleSlotId} and m2.cancelled_at is null
    and m2.lesson_date >= (now() at time zone ${SCHOOL_TIME_ZONE})::date
  group by m2.lesson_date order by count(*) desc, m2.lesson_date limit 1)`;

/** Makeups on the busiest coming date of slot `unit`, as a correlated scalar. */
const makeupsIn = (unit: SQL | AnyPgColumn) => sql<number>`(select coalesce(max(m.n), 0)::int from (
  select count(*)::int as n from ${makeupBookings} m1 where m1.schedule_slot_id = ${unit} and m1.cancelled_at is null
    and m1.lesson_date >= (now() at time zone ${SCHOOL_TIME_ZONE})::date group by m1.lesson_date) m)`;

/**
 * Seats taken per unit (slot or week) as a subquery `taken(unit_id, n)`: items that hold seats among those
 * matching `condition`, plus running waiting-list offers among those matching `offerCondition`.
 */
function seatsTaken(db: DbOrTx, kind: UnitKind, condition: SQL, offerCondition: SQL) {
  // Only a slot has makeups. A week's count leaves the branch out rather than passing `false` as a
  // parameter, which a prepared statement's generic plan could not see (D438).
  const makeups = db
    .select({ unitId: sql<number>`${makeupBookings.scheduleSlotId}`.as("unit_id") })
    .from(makeupBookings)
    .where(and(sql`${makeupBookings.cancelledAt} is null`, eq(makeupBookings.lessonDate, busiestMakeupDate)));
  const held = unionAll(
    db
      .select({ unitId: sql<number>`${kind.unit}`.as("unit_id") })
      .from(kind.links)
      .innerJoin(orderItems, eq(orderItems.id, kind.item))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(kind.mayHold, holdsSeats, condition)),
    db
      .select({ unitId: sql<number>`${kind.entryUnit}`.as("unit_id") })
      .from(waitingListEntries)
      .where(and(kind.offers, offerCondition)),
    ...(kind === SLOT_UNITS ? [makeups] : []),
  ).as("held");
  return db
    .select({ unitId: sql<number>`${held.unitId}`.as("unit_id"), n: sql<number>`count(*)::int`.as("n") })
    .from(held)
    .groupBy(held.unitId)
    .as("taken");
}

const everyOffer = sql`true`;

/** Seats taken per schedule slot, among the items matching `condition` (and the offers matching `offers`). */
export const slotSeatsTaken = (db: DbOrTx, condition: SQL, offers: SQL = everyOffer) =>
  seatsTaken(db, SLOT_UNITS, condition, sql`${waitingListEntries.scheduleSlotId} is not null and ${offers}`);

/** Seats taken per academy week, among the items matching `condition` (and the offers matching `offers`). */
export const weekSeatsTaken = (db: DbOrTx, condition: SQL, offers: SQL = everyOffer) =>
  seatsTaken(db, WEEK_UNITS, condition, sql`${waitingListEntries.academyWeekId} is not null and ${offers}`);

/**
 * Seats taken per academy week, for the weeks whose ids the subquery `weekIds` answers: found through those
 * weeks' own bookings (by week, an index), so the count does not grow with the shop's history.
 */
export const seatsTakenInWeeks = (db: DbOrTx, weekIds: SQL) =>
  weekSeatsTaken(db, sql`${WEEK_UNITS.unit} in (${weekIds})`);

/**
 * Seats taken in the unit `unit` as a correlated scalar: items holding seats plus running waiting-list
 * offers (D78), the same rule as `seatsTaken`.
 */
function seatsTakenIn(kind: UnitKind, unit: SQL | AnyPgColumn, withMakeups = true) {
  return sql<number>`((select count(*)::int from ${kind.links}
    inner join ${orderItems} on ${orderItems.id} = ${kind.item}
    inner join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${kind.unit} = ${unit} and ${kind.mayHold} and ${holdsSeats})
    + (select count(*)::int from ${waitingListEntries} where ${kind.entryUnit} = ${unit} and ${kind.offers})
    + ${kind === SLOT_UNITS && withMakeups ? makeupsIn(unit) : sql`0`})`;
}

/**
 * Seats taken in one schedule slot, for a query that reads slots row by row (the catalogue's list and
 * page build each product's slots in one subquery); same rule as `slotSeatsTaken`.
 */
export const slotSeatsTakenIn = (slot: SQL | AnyPgColumn) => seatsTakenIn(SLOT_UNITS, slot);

/**
 * Seats held in one slot every week (bookings and running offers), without makeups: a makeup's own check
 * adds the makeups and trial visits of its one date (D368).
 */
export const slotWeeklySeatsTakenIn = (slot: SQL | AnyPgColumn) => seatsTakenIn(SLOT_UNITS, slot, false);

/** Seats taken in one academy week; same rule as `weekSeatsTaken`. */
export const weekSeatsTakenIn = (week: SQL | AnyPgColumn) => seatsTakenIn(WEEK_UNITS, week);

/**
 * The earliest moment a running hold ends by time alone under the rules above: a reservation's deadline
 * or a waiting-list offer's expiry (null when none runs). Until then, seats taken change only by writes.
 */
export const nextHoldEnd = sql<Date | null>`least(
  (select min(${orders.reservedUntil}) from ${orders} where ${orders.status} = 'awaiting_payment' and ${orders.reservedUntil} > now()),
  (select min(${waitingListEntries.offerExpiresAt}) from ${waitingListEntries} where ${waitingListEntries.status} = 'offered' and ${waitingListEntries.offerExpiresAt} > now()))`;
