import { SCHOOL_TIME_ZONE } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { academyWeeks, scheduleSlots } from "../db/index.ts";

/** The school's time zone as an SQL literal: a constant, so prepared statements keep one text. */
const berlin = sql.raw(`'${SCHOOL_TIME_ZONE}'`);

/**
 * Today in Berlin, in SQL. The database's own `current_date` is its session's day, UTC on most servers:
 * from midnight to 1 or 2 a.m. in Berlin it is still yesterday there.
 */
export const berlinToday = sql`(now() at time zone ${berlin})::date`;

/** A dated session that has not begun: its day and start, read in Berlin, lie ahead (D515). */
const sessionToCome = sql`(${scheduleSlots.date} >= ${berlinToday} and (${scheduleSlots.date} + ${scheduleSlots.start}) at time zone ${berlin} > now())`;

/**
 * The one rule for which slots the shop offers (product pages, filters, the cart and checkout's recheck,
 * the waiting list's offers, D426):
 * not archived by staff (D111), and, for a dated session, not begun: its day and start in Berlin are still
 * to come (D515; a session of this morning was offered all day). Bookings of a slot that is no longer
 * offered stay valid: history and check-in read the slot by its id, never through this rule.
 */
export const slotOffered = sql`(${scheduleSlots.archivedAt} is null and (${scheduleSlots.date} is null or ${sessionToCome}))`;

/** An academy week the shop still offers: not over, its last day not past in Berlin. */
export const weekOffered = sql`(${academyWeeks.endsOn} >= ${berlinToday})`;

/**
 * The next moment these rules change what is offered by time alone: the next offered session begins, or
 * the day ends in Berlin (weeks of today drop off). For the catalogue's cache (`findMsUntilTimedChange`):
 * the offered dated sessions of `slotOffered`, read from today on by `schedule_slots_offered_date_idx`.
 */
export const nextOfferChange = sql`least(
  (select min((${scheduleSlots.date} + ${scheduleSlots.start}) at time zone ${berlin}) from ${scheduleSlots}
    where ${scheduleSlots.archivedAt} is null and ${scheduleSlots.date} is not null and ${sessionToCome}),
  ((${berlinToday} + 1)::timestamp at time zone ${berlin}))`;
