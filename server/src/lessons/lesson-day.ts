// What lessons over a season add to one day's lessons (D369, D372): the dates the school cancelled, the
// children reported absent, and the makeups booked into a slot. Read by the roster, check-in and the
// instructor's phone (through check-in's roster).
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { cancelledLessons, type DbOrTx, lessonAbsences, makeupBookings, makeupCredits } from "../db/index.ts";

export type LessonDay = {
  /** Cancelled slots of the day with their reasons. */
  cancelled: Map<number, { de: string; ru: string }>;
  /** Bookings (order items) reported absent on the day. */
  absent: Set<number>;
  /** Per slot, the bookings whose child comes to a makeup that day (the credit's booking). */
  makeups: Map<number, number[]>;
};

export async function lessonDay(db: DbOrTx, slotIds: number[], date: string): Promise<LessonDay> {
  const day: LessonDay = { cancelled: new Map(), absent: new Set(), makeups: new Map() };
  if (slotIds.length === 0) return day;
  const [cancelled, absent, makeups] = await Promise.all([
    db
      .select()
      .from(cancelledLessons)
      .where(and(inArray(cancelledLessons.scheduleSlotId, slotIds), eq(cancelledLessons.lessonDate, date))),
    db
      .select({ itemId: lessonAbsences.orderItemId })
      .from(lessonAbsences)
      .where(eq(lessonAbsences.lessonDate, date)),
    db
      .select({ slot: makeupBookings.scheduleSlotId, itemId: makeupCredits.orderItemId })
      .from(makeupBookings)
      .innerJoin(makeupCredits, eq(makeupCredits.id, makeupBookings.creditId))
      .where(
        and(
          inArray(makeupBookings.scheduleSlotId, slotIds),
          eq(makeupBookings.lessonDate, date),
          isNull(makeupBookings.cancelledAt),
        ),
      ),
  ]);
  for (const row of cancelled) day.cancelled.set(row.scheduleSlotId, { de: row.reasonDe, ru: row.reasonRu });
  for (const row of absent) day.absent.add(row.itemId);
  for (const row of makeups) day.makeups.set(row.slot, [...(day.makeups.get(row.slot) ?? []), row.itemId]);
  return day;
}

/** The dates the school cancelled of some slots, from `from` on, by slot (the parent's `.ics`, D391). */
export async function cancelledDatesOf(
  db: DbOrTx,
  slotIds: number[],
  from: string,
): Promise<Map<number, { date: string; de: string; ru: string }[]>> {
  const bySlot = new Map<number, { date: string; de: string; ru: string }[]>();
  if (slotIds.length === 0) return bySlot;
  const rows = await db
    .select()
    .from(cancelledLessons)
    .where(and(inArray(cancelledLessons.scheduleSlotId, slotIds), gte(cancelledLessons.lessonDate, from)));
  for (const row of rows)
    bySlot.set(row.scheduleSlotId, [
      ...(bySlot.get(row.scheduleSlotId) ?? []),
      { date: row.lessonDate, de: row.reasonDe, ru: row.reasonRu },
    ]);
  return bySlot;
}

/** Makeups booked on the days [from, to] (the dashboard's "makeups this week"). */
export async function makeupsBetween(db: DbOrTx, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(makeupBookings)
    .where(
      and(
        isNull(makeupBookings.cancelledAt),
        gte(makeupBookings.lessonDate, from),
        lte(makeupBookings.lessonDate, to),
      ),
    );
  return Number(row?.n ?? 0);
}
