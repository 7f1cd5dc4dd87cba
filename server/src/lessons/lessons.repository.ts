import type { Locale, LocalizedText } from "@atelier/contract";
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  cancelledLessons,
  closures,
  type DbOrTx,
  idIn,
  lessonAbsences,
  makeupBookings,
  makeupCredits,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  purchaseOptions,
  scheduleSlots,
  type Tx,
  users,
  visitors,
  visitRequests,
} from "../db/index.ts";
import { slotWeeklySeatsTakenIn } from "../seats/index.ts";
import type { LessonSlot } from "./lesson-today.ts";

export type PageRules = {
  productPageId: number;
  productName: LocalizedText;
  makeupAllowed: boolean;
  absenceCutoffMinutes: number;
  creditValidDays: number;
  creditsPerMonth: number;
  cancelledLessonOutcome: string;
  whatToBring: LocalizedText;
  locationId: number | null;
  makeupGroup: string | null;
};

const ruleColumns = {
  productPageId: productPages.id,
  productName: productPages.name,
  makeupAllowed: productPages.makeupAllowed,
  absenceCutoffMinutes: productPages.absenceCutoffMinutes,
  creditValidDays: productPages.creditValidDays,
  creditsPerMonth: productPages.creditsPerMonth,
  cancelledLessonOutcome: productPages.cancelledLessonOutcome,
  whatToBring: productPages.whatToBring,
  locationId: productPages.locationId,
  makeupGroup: productPages.makeupGroup,
};

export async function findPageRules(db: DbOrTx, pageId: number): Promise<PageRules | undefined> {
  const [row] = await db.select(ruleColumns).from(productPages).where(eq(productPages.id, pageId));
  return row;
}

export type BookedItem = PageRules & {
  itemId: number;
  userId: number | null;
  orderLocale: Locale;
  paidAt: Date | null;
  itemStatus: string;
  orderStatus: string;
  recurrentPriceCents: number;
  numberOfMeetings: number | null;
  visitorId: number | null;
  visitorFirstName: string;
  visitorLastName: string;
  parentFirstName: string;
  parentEmail: string;
  slots: LessonSlot[];
};

/** Paid, active bookings with their slots and page rules, by item ids or by a slot they hold. */
export async function findBookedItems(
  db: DbOrTx,
  where: { itemIds?: number[]; slotId?: number; paidSince?: Date; userId?: number },
): Promise<BookedItem[]> {
  const rows = await db
    .select({
      ...ruleColumns,
      itemId: orderItems.id,
      userId: orders.userId,
      orderLocale: orders.locale,
      paidAt: orders.paidAt,
      itemStatus: orderItems.status,
      orderStatus: orders.status,
      recurrentPriceCents: orderItems.recurrentPriceCents,
      numberOfMeetings: purchaseOptions.numberOfMeetings,
      visitorId: orderItems.visitorId,
      visitorFirstName: visitors.firstName,
      visitorLastName: visitors.lastName,
      parentFirstName: users.firstName,
      parentEmail: users.email,
      billing: orders.billing,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productPages, eq(productPages.id, orderItems.productPageId))
    .innerJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
    .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, "paid"),
        eq(orderItems.status, "active"),
        where.itemIds ? idIn(orderItems.id, where.itemIds) : undefined,
        where.paidSince ? gte(orders.paidAt, where.paidSince) : undefined,
        where.userId !== undefined ? eq(orders.userId, where.userId) : undefined,
        where.slotId === undefined
          ? sql`exists (select 1 from ${orderItemSlots} where ${orderItemSlots.orderItemId} = ${orderItems.id})`
          : sql`exists (select 1 from ${orderItemSlots} where ${orderItemSlots.orderItemId} = ${orderItems.id} and ${orderItemSlots.scheduleSlotId} = ${where.slotId})`,
      ),
    );
  if (rows.length === 0) return [];
  const links = await db
    .select({
      itemId: orderItemSlots.orderItemId,
      id: scheduleSlots.id,
      weekday: scheduleSlots.weekday,
      date: scheduleSlots.date,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
    })
    .from(orderItemSlots)
    .innerJoin(scheduleSlots, eq(scheduleSlots.id, orderItemSlots.scheduleSlotId))
    .where(
      idIn(
        orderItemSlots.orderItemId,
        rows.map((row) => row.itemId),
      ),
    );
  // Grouped once: each booking's slots, not every link tested for every booking.
  const linksOf = new Map<number, typeof links>();
  for (const link of links) linksOf.set(link.itemId, [...(linksOf.get(link.itemId) ?? []), link]);
  return rows.map(({ billing, ...row }) => ({
    ...row,
    visitorFirstName: row.visitorFirstName ?? "",
    visitorLastName: row.visitorLastName ?? "",
    parentFirstName: row.parentFirstName ?? billing?.first_name ?? "",
    parentEmail: row.parentEmail ?? billing?.email ?? "",
    slots: (linksOf.get(row.itemId) ?? []).map(({ itemId: _item, ...slot }) => ({
      ...slot,
      start: slot.start.slice(0, 5),
      end: slot.end.slice(0, 5),
    })),
  }));
}

/** The item's order owner, for authorization (null: no such paid item). */
export async function lockItem(tx: Tx, itemId: number) {
  await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.id, itemId)).for("update");
}

export type SlotRow = {
  id: number;
  productPageId: number;
  weekday: number | null;
  date: string | null;
  start: string;
  end: string;
  seats: number;
  archived: boolean;
  locationId: number | null;
  productName: LocalizedText;
  makeupGroup: string | null;
};

export async function findSlot(db: DbOrTx, slotId: number): Promise<SlotRow | undefined> {
  const [row] = await db
    .select({
      id: scheduleSlots.id,
      productPageId: scheduleSlots.productPageId,
      weekday: scheduleSlots.weekday,
      date: scheduleSlots.date,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
      seats: scheduleSlots.seats,
      archivedAt: scheduleSlots.archivedAt,
      locationId: productPages.locationId,
      productName: productPages.name,
      makeupGroup: productPages.makeupGroup,
    })
    .from(scheduleSlots)
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .where(eq(scheduleSlots.id, slotId));
  if (!row) return undefined;
  const { archivedAt, ...rest } = row;
  return { ...rest, start: row.start.slice(0, 5), end: row.end.slice(0, 5), archived: archivedAt !== null };
}

/** The slots a credit of page `pageId` may be used in: its own and those of pages of its makeup group. */
export async function findMakeupSlots(db: DbOrTx, pageId: number): Promise<SlotRow[]> {
  const own = await findPageRules(db, pageId);
  const rows = await db
    .select({ id: scheduleSlots.id })
    .from(scheduleSlots)
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .where(
      and(
        own?.makeupGroup
          ? or(eq(scheduleSlots.productPageId, pageId), eq(productPages.makeupGroup, own.makeupGroup))
          : eq(scheduleSlots.productPageId, pageId),
        isNull(scheduleSlots.archivedAt),
      ),
    )
    .orderBy(asc(scheduleSlots.weekday), asc(scheduleSlots.start), asc(scheduleSlots.id));
  const slots = await Promise.all(rows.map((row) => findSlot(db, row.id)));
  return slots.filter((slot): slot is SlotRow => slot !== undefined);
}

/** Closures touching [from, to] in the house (or every house). */
export async function findClosures(db: DbOrTx, locationId: number | null, from: string, to: string) {
  return db
    .select({ startsOn: closures.startsOn, endsOn: closures.endsOn })
    .from(closures)
    .where(
      and(
        lte(closures.startsOn, to),
        gte(closures.endsOn, from),
        locationId === null
          ? isNull(closures.locationId)
          : or(isNull(closures.locationId), eq(closures.locationId, locationId)),
      ),
    );
}

/** Cancelled lesson dates of slots in [from, to]. */
export async function findCancellations(db: DbOrTx, slotIds: number[], from: string, to: string) {
  if (slotIds.length === 0) return [];
  return db
    .select()
    .from(cancelledLessons)
    .where(
      and(
        inArray(cancelledLessons.scheduleSlotId, slotIds),
        gte(cancelledLessons.lessonDate, from),
        lte(cancelledLessons.lessonDate, to),
      ),
    );
}

/**
 * Seats taken in a slot on one date (D368): the bookings holding the slot (every week), the makeups of
 * that date and the children of trial visits confirmed into it that day. Call under the slot's lock.
 */
export async function seatsTakenOn(db: DbOrTx, slotId: number, date: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`${slotWeeklySeatsTakenIn(scheduleSlots.id)}
      + (select count(*)::int from ${makeupBookings} where ${makeupBookings.scheduleSlotId} = ${scheduleSlots.id}
          and ${makeupBookings.lessonDate} = ${date} and ${makeupBookings.cancelledAt} is null)
      + (select coalesce(sum(jsonb_array_length(${visitRequests.children})), 0)::int from ${visitRequests}
          where ${visitRequests.confirmedSlotId} = ${scheduleSlots.id} and ${visitRequests.date} = ${date}
          and ${visitRequests.confirmedAt} is not null and ${visitRequests.kind} = 'trial')`,
    })
    .from(scheduleSlots)
    .where(eq(scheduleSlots.id, slotId));
  return Number(row?.n ?? 0);
}

/** The slots and dates of the make-ups a child has booked and the school did not cancel (D517). */
export async function findChildMakeups(db: DbOrTx, visitorId: number): Promise<Set<string>> {
  const made = await db
    .select({ slotId: makeupBookings.scheduleSlotId, date: makeupBookings.lessonDate })
    .from(makeupBookings)
    .where(and(eq(makeupBookings.visitorId, visitorId), isNull(makeupBookings.cancelledAt)));
  return new Set(made.map((row) => `${row.slotId}@${row.date}`));
}

/** The first key of the make-up's per-child lock ("mkup"); the child's id is the second. */
const MAKEUP_CHILD_LOCK = 0x6d6b7570;

/**
 * Serialises one child's make-up bookings until the transaction ends (two credits booked into one lesson
 * from two tabs): a lock of its own, so no other area's row locks are taken in another order.
 */
export async function lockChildMakeups(tx: Tx, visitorId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MAKEUP_CHILD_LOCK}::int, ${visitorId}::int)`);
}

/**
 * Whether a make-up booked in the slot or a lesson of it the school cancelled names it (D516): deleting the
 * slot would take them with it (a child's make-up gone, its credit still spent), so staff archive it.
 */
export async function slotHasLessonHistory(db: DbOrTx, slotId: number): Promise<boolean> {
  const [row] = await db
    .select({
      named: sql<boolean>`exists (select 1 from ${makeupBookings} where ${makeupBookings.scheduleSlotId} = ${slotId})
        or exists (select 1 from ${cancelledLessons} where ${cancelledLessons.scheduleSlotId} = ${slotId})`,
    })
    .from(sql`(select 1) as one`);
  return row?.named === true;
}

/** The absences parents reported for these items, by date (a family's data export, D560). */
export async function reportedAbsencesOfItems(db: DbOrTx, itemIds: readonly number[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: lessonAbsences.orderItemId,
      date: lessonAbsences.lessonDate,
      at: lessonAbsences.reportedAt,
    })
    .from(lessonAbsences)
    .where(inArray(lessonAbsences.orderItemId, [...itemIds]))
    .orderBy(asc(lessonAbsences.lessonDate), asc(lessonAbsences.id));
}

/** A family's make-up credits with the lesson each was used for, if any (its data export, D560). */
export async function makeupsOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      itemId: makeupCredits.orderItemId,
      reason: makeupCredits.reason,
      sourceDate: makeupCredits.sourceDate,
      expiresOn: makeupCredits.expiresOn,
      usedAt: makeupCredits.usedAt,
      bookedDate: makeupBookings.lessonDate,
      bookingCancelledAt: makeupBookings.cancelledAt,
    })
    .from(makeupCredits)
    .leftJoin(makeupBookings, eq(makeupBookings.creditId, makeupCredits.id))
    .where(eq(makeupCredits.userId, userId))
    .orderBy(asc(makeupCredits.sourceDate), asc(makeupCredits.id));
}
