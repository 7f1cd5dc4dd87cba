import { type Locale, weekdayOf } from "@atelier/contract";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  attendanceAbsences,
  checkins,
  type DbOrTx,
  locations,
  orderItemSlots,
  orderItems,
  orders,
  productPages,
  purchaseOptions,
  scheduleSlots,
  type Tx,
  users,
  visitors,
  waitingListEntries,
} from "../db/index.ts";
import type { LessonSlot } from "../lessons/index.ts";
import { slotSeatsTakenIn } from "../seats/index.ts";

export type SlotOfDay = {
  id: number;
  productPageId: number;
  productName: string;
  productType: string;
  /** The offer's house (D151) in `locale`; null when it has none. */
  house: string | null;
  weekday: number | null;
  date: string | null;
  start: string;
  end: string;
  seats: number;
  seatsTaken: number;
};

/**
 * The slots with a lesson on `date` (D131): weekly slots on its weekday and sessions dated that day. An
 * archived slot counts only while it still has bookings (D111); its children still come.
 */
export async function findSlotsOn(
  db: DbOrTx,
  date: string,
  locale: Locale,
  slotId?: number,
): Promise<SlotOfDay[]> {
  const rows = await db
    .select({
      id: scheduleSlots.id,
      productPageId: scheduleSlots.productPageId,
      name: productPages.name,
      productType: productPages.productType,
      houseName: locations.name,
      weekday: scheduleSlots.weekday,
      date: scheduleSlots.date,
      start: scheduleSlots.start,
      end: scheduleSlots.end,
      seats: scheduleSlots.seats,
      seatsTaken: slotSeatsTakenIn(scheduleSlots.id),
    })
    .from(scheduleSlots)
    .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
    .leftJoin(locations, eq(locations.id, productPages.locationId))
    .where(
      and(
        or(eq(scheduleSlots.weekday, weekdayOf(date)), eq(scheduleSlots.date, date)),
        slotId === undefined ? undefined : eq(scheduleSlots.id, slotId),
        or(
          isNull(scheduleSlots.archivedAt),
          sql`exists (select 1 from ${orderItemSlots} where ${orderItemSlots.scheduleSlotId} = ${scheduleSlots.id})`,
        ),
      ),
    )
    .orderBy(asc(scheduleSlots.start), asc(scheduleSlots.id));
  return rows.map((row) => ({
    id: row.id,
    productPageId: row.productPageId,
    productName: row.name[locale] || row.name.de,
    productType: row.productType,
    house: row.houseName ? row.houseName[locale] || row.houseName.de : null,
    weekday: row.weekday,
    date: row.date,
    start: row.start.slice(0, 5),
    end: row.end.slice(0, 5),
    seats: row.seats,
    seatsTaken: Number(row.seatsTaken),
  }));
}

export type BookedChild = {
  itemId: number;
  orderId: number;
  paidAt: Date | null;
  recurrentPriceCents: number;
  numberOfMeetings: number | null;
  optionName: string;
  comment: string;
  visitorFirstName: string;
  visitorLastName: string;
  birthDate: string | null;
  notes: string;
  parentFirstName: string;
  parentLastName: string;
  parentEmail: string;
  parentPhone: string;
  slots: LessonSlot[];
};

/** The paid, active bookings holding any of `slotIds`, each with all its slots (a lesson is decided per item). */
export async function findBookingsOfSlots(
  db: DbOrTx,
  slotIds: number[],
  locale: Locale,
  /** Bookings of other slots whose child comes to one of these as a makeup (D368). */
  makeupItemIds: number[] = [],
): Promise<BookedChild[]> {
  if (slotIds.length === 0) return [];
  const rows = await db
    .select({
      itemId: orderItems.id,
      orderId: orders.id,
      paidAt: orders.paidAt,
      recurrentPriceCents: orderItems.recurrentPriceCents,
      numberOfMeetings: purchaseOptions.numberOfMeetings,
      optionName: purchaseOptions.name,
      comment: orderItems.comment,
      visitorFirstName: visitors.firstName,
      visitorLastName: visitors.lastName,
      birthDate: visitors.birthDate,
      notes: visitors.notes,
      parentFirstName: users.firstName,
      parentLastName: users.lastName,
      parentEmail: users.email,
      parentPhone: users.phoneNumber,
      billing: orders.billing,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
    .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.status, "paid"),
        eq(orderItems.status, "active"),
        or(
          // The slots' links as one array first (an InitPlan), then each linked item by its index: a weekly
          // slot holds every booking of ten years (4,593 links for a Monday's three slots, 97 % of them
          // ended), and planned as a join PostgreSQL read all 97,000 active items instead (33 → 14 ms).
          sql`${orderItems.id} = any(array(${db
            .select({ id: orderItemSlots.orderItemId })
            .from(orderItemSlots)
            .where(inArray(orderItemSlots.scheduleSlotId, slotIds))}))`,
          makeupItemIds.length ? inArray(orderItems.id, makeupItemIds) : undefined,
        ),
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
      inArray(
        orderItemSlots.orderItemId,
        rows.map((row) => row.itemId),
      ),
    );
  return rows.map((row) => ({
    itemId: row.itemId,
    orderId: row.orderId,
    paidAt: row.paidAt,
    recurrentPriceCents: row.recurrentPriceCents,
    numberOfMeetings: row.numberOfMeetings,
    optionName: optionName(row.optionName, locale),
    comment: row.comment,
    visitorFirstName: row.visitorFirstName ?? "",
    visitorLastName: row.visitorLastName ?? "",
    birthDate: row.birthDate ?? null,
    notes: row.notes ?? "",
    parentFirstName: row.parentFirstName ?? row.billing?.first_name ?? "",
    parentLastName: row.parentLastName ?? row.billing?.last_name ?? "",
    parentEmail: row.parentEmail ?? row.billing?.email ?? "",
    parentPhone: phone(row.parentPhone ?? row.billing?.phone_number ?? ""),
    slots: links
      .filter((link) => link.itemId === row.itemId)
      .map(({ itemId: _item, ...slot }) => ({
        ...slot,
        start: slot.start.slice(0, 5),
        end: slot.end.slice(0, 5),
      })),
  }));
}

/** "+" is the empty phone number (spec §3). */
const phone = (value: string) => (value === "+" ? "" : value);

function optionName(name: unknown, locale: Locale): string {
  if (typeof name === "string") return name;
  if (name && typeof name === "object") {
    const text = name as Partial<Record<Locale, string>>;
    return text[locale] || text.de || "";
  }
  return "";
}

export type Marks = Map<number, { present: Date | null; absent: boolean }>;

/** Check-ins (present) and absences of the items at one lesson date. */
export async function findMarks(db: DbOrTx, itemIds: number[], date: string): Promise<Marks> {
  const marks: Marks = new Map();
  if (itemIds.length === 0) return marks;
  const present = await db
    .select({ itemId: checkins.orderItemId, at: checkins.checkedInAt })
    .from(checkins)
    .where(and(inArray(checkins.orderItemId, itemIds), eq(checkins.lessonDate, date)));
  const absent = await db
    .select({ itemId: attendanceAbsences.orderItemId })
    .from(attendanceAbsences)
    .where(and(inArray(attendanceAbsences.orderItemId, itemIds), eq(attendanceAbsences.lessonDate, date)));
  for (const row of present) marks.set(row.itemId, { present: row.at, absent: false });
  for (const row of absent)
    if (!marks.has(row.itemId)) marks.set(row.itemId, { present: null, absent: true });
  return marks;
}

/** The children in line for a slot (waiting or offered a seat), first come first. */
export async function findWaitingOfSlot(db: DbOrTx, slotId: number) {
  return db
    .select({
      id: waitingListEntries.id,
      status: waitingListEntries.status,
      since: waitingListEntries.createdAt,
      visitorFirstName: visitors.firstName,
      visitorLastName: visitors.lastName,
      birthDate: visitors.birthDate,
      parentFirstName: users.firstName,
      parentLastName: users.lastName,
      parentPhone: users.phoneNumber,
    })
    .from(waitingListEntries)
    .innerJoin(visitors, eq(visitors.id, waitingListEntries.visitorId))
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .where(
      and(
        eq(waitingListEntries.scheduleSlotId, slotId),
        inArray(waitingListEntries.status, ["waiting", "offered"]),
      ),
    )
    .orderBy(asc(waitingListEntries.id));
}

/** Staff mark a child present: the check-in of that date (kept when there is one) and no absence. */
export async function markPresent(tx: Tx, itemId: number, date: string, slotId: number, staffId: number) {
  const removed = await tx
    .delete(attendanceAbsences)
    .where(and(eq(attendanceAbsences.orderItemId, itemId), eq(attendanceAbsences.lessonDate, date)))
    .returning({ id: attendanceAbsences.id });
  const [inserted] = await tx
    .insert(checkins)
    .values({ orderItemId: itemId, lessonDate: date, scheduleSlotId: slotId, checkedInBy: staffId })
    .onConflictDoNothing({ target: [checkins.orderItemId, checkins.lessonDate] })
    .returning();
  const [row] = inserted
    ? [inserted]
    : await tx
        .select()
        .from(checkins)
        .where(and(eq(checkins.orderItemId, itemId), eq(checkins.lessonDate, date)));
  return {
    changed: Boolean(inserted) || removed.length > 0,
    recordId: row?.id ?? 0,
    at: row?.checkedInAt ?? null,
  };
}

/** Staff mark a child absent: an absence of that date and no check-in. */
export async function markAbsent(tx: Tx, itemId: number, date: string, staffId: number) {
  const removed = await tx
    .delete(checkins)
    .where(and(eq(checkins.orderItemId, itemId), eq(checkins.lessonDate, date)))
    .returning({ id: checkins.id, at: checkins.checkedInAt, by: checkins.checkedInBy });
  const [inserted] = await tx
    .insert(attendanceAbsences)
    .values({ orderItemId: itemId, lessonDate: date, markedBy: staffId })
    .onConflictDoNothing({ target: [attendanceAbsences.orderItemId, attendanceAbsences.lessonDate] })
    .returning();
  const [row] = inserted
    ? [inserted]
    : await tx
        .select()
        .from(attendanceAbsences)
        .where(and(eq(attendanceAbsences.orderItemId, itemId), eq(attendanceAbsences.lessonDate, date)));
  return {
    changed: Boolean(inserted) || removed.length > 0,
    recordId: row?.id ?? 0,
    removed: removed[0] ?? null,
  };
}

/**
 * Serialises staff marks of one booking (the item's row lock): two staff toggling at once end in the later
 * one's state, never with both a check-in and an absence of one date.
 */
export async function lockItem(tx: Tx, itemId: number) {
  await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.id, itemId)).for("update");
}
