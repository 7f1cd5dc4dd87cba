import { sql } from "drizzle-orm";
import { scheduleSlots } from "../db/index.ts";

/**
 * The one rule for which slots the shop offers (product pages, filters, the cart and checkout's recheck,
 * the waiting list's offers, D426):
 * not archived by staff (D111), and, for a dated session, not past. Bookings of a slot that is no longer
 * offered stay valid: history and check-in read the slot by its id, never through this rule.
 */
export const slotOffered = sql`(${scheduleSlots.archivedAt} is null and (${scheduleSlots.date} is null or ${scheduleSlots.date} >= current_date))`;
