// What lessons over a season add to one day's lessons (D369, D372): the dates the school cancelled, the
// children reported absent, and the makeups booked into a slot. Read by the roster, check-in and the
// instructor's phone (through check-in's roster).
import { and, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  cancelledLessons,
  type DbOrTx,
  lessonAbsences,
  makeupBookings,
  makeupCredits,
  pgArray,
  ph,
  prepared,
} from "../db/index.ts";

export type LessonDay = {
  /** Cancelled slots of the day with their reasons. */
  cancelled: Map<number, { de: string; ru: string }>;
  /** Bookings (order items) reported absent on the day. */
  absent: Set<number>;
  /** Per slot, the bookings whose child comes to a makeup that day (the credit's booking). */
  makeups: Map<number, number[]>;
};

/**
 * The day's cancellations, absences and makeups in one prepared statement (three JSON arrays): a day's
 * lessons and a roster read this on every request, and each statement costs a socket write on both sides
 * (issue 36).
 */
export async function lessonDay(db: DbOrTx, slotIds: number[], date: string): Promise<LessonDay> {
  const day: LessonDay = { cancelled: new Map(), absent: new Set(), makeups: new Map() };
  if (slotIds.length === 0) return day;
  const slots = sql`${ph("slots")}::int[]`;
  const onDate = sql`${ph("date")}::date`;
  const build = () =>
    db
      .select({
        cancelled: sql<
          { slot: number; de: string; ru: string }[]
        >`(select coalesce(json_agg(json_build_object(
          'slot', c.schedule_slot_id, 'de', c.reason_de, 'ru', c.reason_ru)), '[]'::json) from ${cancelledLessons} c
          where c.schedule_slot_id = any(${slots}) and c.lesson_date = ${onDate})`,
        absent: sql<number[]>`(select coalesce(json_agg(a.order_item_id), '[]'::json) from ${lessonAbsences} a
          where a.lesson_date = ${onDate})`,
        makeups: sql<{ slot: number; item: number }[]>`(select coalesce(json_agg(json_build_object(
          'slot', m.schedule_slot_id, 'item', k.order_item_id)), '[]'::json) from ${makeupBookings} m
          join ${makeupCredits} k on k.id = m.credit_id
          where m.schedule_slot_id = any(${slots}) and m.lesson_date = ${onDate} and m.cancelled_at is null)`,
      })
      .from(sql`(select 1) as one`);
  const [row] = await prepared<Awaited<ReturnType<typeof build>>>(db, "lesson_day", build).execute({
    slots: pgArray(slotIds),
    date,
  });
  for (const one of row?.cancelled ?? []) day.cancelled.set(one.slot, { de: one.de, ru: one.ru });
  for (const itemId of row?.absent ?? []) day.absent.add(itemId);
  for (const one of row?.makeups ?? [])
    day.makeups.set(one.slot, [...(day.makeups.get(one.slot) ?? []), one.item]);
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
