import { type Locale, weekdayOf } from "@atelier/contract";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { type AnyPgColumn, unionAll } from "drizzle-orm/pg-core";
import {
  attendanceAbsences,
  checkins,
  type DbOrTx,
  locations,
  orderItemSlots,
  orderItems,
  orders,
  pgArray,
  ph,
  prepared,
  productPages,
  purchaseOptions,
  scheduleSlots,
  type Tx,
  users,
  visitors,
  waitingListEntries,
} from "../db/index.ts";
import type { LessonSlot } from "../lessons/index.ts";
import { itemSlots } from "../orders/index.ts";
import { slotSeatsTakenIn } from "../seats/index.ts";
import { courseRestsOnSql } from "../subscriptions/index.ts";

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
  /** A weekly lesson on a day its course rests (a closure or a pause, D610): nobody comes by it. */
  closed: boolean;
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
  // Prepared per connection (issue 36): planning the seats' subqueries took as long as running them.
  const build = () =>
    db
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
        closed: sql<boolean>`${scheduleSlots.weekday} is not null and ${courseRestsOnSql(sql`${scheduleSlots.productPageId}`, sql`${ph("date")}::date`)}`,
      })
      .from(scheduleSlots)
      .innerJoin(productPages, eq(productPages.id, scheduleSlots.productPageId))
      .leftJoin(locations, eq(locations.id, productPages.locationId))
      .where(
        and(
          or(eq(scheduleSlots.weekday, ph("weekday")), sql`${scheduleSlots.date} = ${ph("date")}::date`),
          slotId === undefined ? undefined : eq(scheduleSlots.id, ph("slot")),
          or(
            isNull(scheduleSlots.archivedAt),
            sql`exists (select 1 from ${orderItemSlots} where ${orderItemSlots.scheduleSlotId} = ${scheduleSlots.id})`,
          ),
        ),
      )
      .orderBy(asc(scheduleSlots.start), asc(scheduleSlots.id));
  const rows = await prepared<Awaited<ReturnType<typeof build>>>(
    db,
    slotId === undefined ? "attendance_slots_of_day" : "attendance_slot_of_day",
    build,
  ).execute({ weekday: weekdayOf(date), date, slot: slotId });
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
    closed: row.closed === true,
  }));
}

/** A paid, active booking as a day's lessons need it: enough to decide its lesson (D108) and count it. */
export type Booking = {
  itemId: number;
  productPageId: number;
  paidAt: Date | null;
  recurrentPriceCents: number;
  numberOfMeetings: number | null;
  slots: LessonSlot[];
};

/** Who a roster's booking is for and who to call: read for one lesson's children only. */
export type BookingPeople = {
  orderId: number;
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
};

/** A parent's name or contact, else the guest checkout's billing field of the same name. */
const parentOr = (column: AnyPgColumn, billingField: string) =>
  sql<string>`coalesce(${column}, ${orders.billing}->>${billingField}, '')`;

/**
 * The paid, active bookings holding any of `slotIds` (and the makeups' bookings), each with all its slots (a
 * lesson is decided per item). Without names: a day's lessons only count them, and on ten years of data a
 * day's 13 slots had 376 children whose names and parents the list never showed (issue 36).
 */
export async function findBookingsOfSlots(
  db: DbOrTx,
  slotIds: number[],
  /** Bookings of other slots whose child comes to one of these as a makeup (D368). */
  makeupItemIds: number[] = [],
): Promise<Booking[]> {
  if (slotIds.length === 0) return [];
  const build = () =>
    db
      .select({
        itemId: orderItems.id,
        productPageId: orderItems.productPageId,
        paidAt: orders.paidAt,
        recurrentPriceCents: orderItems.recurrentPriceCents,
        numberOfMeetings: purchaseOptions.numberOfMeetings,
        // Each booking's slots in its own statement: one round trip less per day's lessons and roster.
        slots: itemSlots,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
      .where(
        and(
          // Statuses in the statement's text, not parameters: its generic plan then knows how few rows
          // they leave (as parameters it joined each booking to every option in turn).
          sql`${orders.status} = 'paid'`,
          sql`${orderItems.status} = 'active'`,
          // The slots' links that may still hold a seat, and the makeups' bookings, as one array first (an
          // InitPlan), then each item by its index: a weekly slot keeps every booking of ten years (7,449
          // links for a Tuesday's 13 slots, about a hundred of them running; D419), and planned as a join
          // PostgreSQL read all 97,000 active items instead.
          sql`${orderItems.id} = any(array(select ${orderItemSlots.orderItemId} from ${orderItemSlots}
            where ${orderItemSlots.scheduleSlotId} = any(${ph("slots")}::int[]) and ${orderItemSlots.mayHoldSeat}
            union all select unnest(${ph("makeups")}::int[])))`,
        ),
      );
  return prepared<Awaited<ReturnType<typeof build>>>(db, "attendance_bookings", build).execute({
    slots: pgArray(slotIds),
    makeups: pgArray(makeupItemIds),
  });
}

/** The children and parents of some bookings (a roster's), by item. */
export async function findPeopleOfBookings(
  db: DbOrTx,
  itemIds: number[],
  locale: Locale,
): Promise<Map<number, BookingPeople>> {
  if (itemIds.length === 0) return new Map();
  const build = () =>
    db
      .select({
        itemId: orderItems.id,
        orderId: orderItems.orderId,
        optionName: purchaseOptions.name,
        comment: orderItems.comment,
        visitorFirstName: visitors.firstName,
        visitorLastName: visitors.lastName,
        birthDate: visitors.birthDate,
        notes: visitors.notes,
        parentFirstName: parentOr(users.firstName, "first_name"),
        parentLastName: parentOr(users.lastName, "last_name"),
        parentEmail: parentOr(users.email, "email"),
        parentPhone: parentOr(users.phoneNumber, "phone_number"),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(purchaseOptions, eq(purchaseOptions.id, orderItems.purchaseOptionId))
      .leftJoin(visitors, eq(visitors.id, orderItems.visitorId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(sql`${orderItems.id} = any(${ph("items")}::int[])`);
  const rows = await prepared<Awaited<ReturnType<typeof build>>>(
    db,
    "attendance_booking_people",
    build,
  ).execute({
    items: pgArray(itemIds),
  });
  return new Map(
    rows.map((row) => [
      row.itemId,
      {
        orderId: row.orderId,
        optionName: optionName(row.optionName, locale),
        comment: row.comment,
        visitorFirstName: row.visitorFirstName ?? "",
        visitorLastName: row.visitorLastName ?? "",
        birthDate: row.birthDate ?? null,
        notes: row.notes ?? "",
        parentFirstName: row.parentFirstName,
        parentLastName: row.parentLastName,
        parentEmail: row.parentEmail,
        parentPhone: phone(row.parentPhone),
      },
    ]),
  );
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

/**
 * The bookings checked in at some slots on one date, by slot (D602): a child moved to another slot since
 * (D161) stays on the roster of the lesson they came to.
 */
export async function findCheckedInAt(
  db: DbOrTx,
  slotIds: number[],
  date: string,
): Promise<Map<number, Set<number>>> {
  const bySlot = new Map<number, Set<number>>();
  if (slotIds.length === 0) return bySlot;
  const build = () =>
    db
      .select({ itemId: checkins.orderItemId, slotId: checkins.scheduleSlotId })
      .from(checkins)
      .where(
        and(
          eq(checkins.lessonDate, ph("date")),
          sql`${checkins.scheduleSlotId} = any(${ph("slots")}::int[])`,
        ),
      );
  const rows = await prepared<Awaited<ReturnType<typeof build>>>(
    db,
    "attendance_checked_in_at",
    build,
  ).execute({
    date,
    slots: pgArray(slotIds),
  });
  for (const row of rows) {
    if (row.slotId === null) continue;
    bySlot.set(row.slotId, (bySlot.get(row.slotId) ?? new Set()).add(row.itemId));
  }
  return bySlot;
}

/** Per booking: checked in (when, and at which slot: null for a slot since deleted) or marked absent. */
export type Marks = Map<number, { present: Date | null; presentAt: number | null; absent: boolean }>;

/** Check-ins (present) and absences of the items at one lesson date, in one statement. */
export async function findMarks(db: DbOrTx, itemIds: number[], date: string): Promise<Marks> {
  const marks: Marks = new Map();
  if (itemIds.length === 0) return marks;
  const build = () =>
    unionAll(
      db
        .select({
          itemId: checkins.orderItemId,
          present: sql<Date | string | null>`${checkins.checkedInAt}`,
          slotId: sql<number | null>`${checkins.scheduleSlotId}`,
        })
        .from(checkins)
        .where(
          and(sql`${checkins.orderItemId} = any(${ph("items")}::int[])`, eq(checkins.lessonDate, ph("date"))),
        ),
      db
        .select({
          itemId: attendanceAbsences.orderItemId,
          present: sql<Date | string | null>`null::timestamptz`,
          slotId: sql<number | null>`null::int`,
        })
        .from(attendanceAbsences)
        .where(
          and(
            sql`${attendanceAbsences.orderItemId} = any(${ph("items")}::int[])`,
            eq(attendanceAbsences.lessonDate, ph("date")),
          ),
        ),
    );
  const rows = await prepared<Awaited<ReturnType<typeof build>>>(db, "attendance_marks", build).execute({
    items: pgArray(itemIds),
    date,
  });
  // A check-in wins over an absence of the same date. The union's time arrives as the driver gives it.
  for (const row of rows) {
    const present = row.present === null ? null : new Date(row.present);
    if (present) marks.set(row.itemId, { present, presentAt: row.slotId, absent: false });
    else if (!marks.has(row.itemId)) marks.set(row.itemId, { present: null, presentAt: null, absent: true });
  }
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

/** The check-ins and staff's absence marks of these items, by date (a family's data export, D560). */
export async function attendanceOfItems(db: DbOrTx, itemIds: readonly number[]) {
  if (itemIds.length === 0) return { checkins: [], absences: [] };
  const [checked, absent] = await Promise.all([
    db
      .select({ itemId: checkins.orderItemId, date: checkins.lessonDate, at: checkins.checkedInAt })
      .from(checkins)
      .where(inArray(checkins.orderItemId, [...itemIds]))
      .orderBy(asc(checkins.lessonDate), asc(checkins.id)),
    db
      .select({
        itemId: attendanceAbsences.orderItemId,
        date: attendanceAbsences.lessonDate,
        at: attendanceAbsences.markedAt,
      })
      .from(attendanceAbsences)
      .where(inArray(attendanceAbsences.orderItemId, [...itemIds]))
      .orderBy(asc(attendanceAbsences.lessonDate), asc(attendanceAbsences.id)),
  ]);
  return { checkins: checked, absences: absent };
}
