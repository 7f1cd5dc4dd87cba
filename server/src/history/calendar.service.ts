import type { Locale } from "@atelier/contract";
import { berlinDate } from "@atelier/contract";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { documentItems, itemPeriod, nextWeekday } from "../invoices/index.ts";
import { findVisitor } from "../visitors/index.ts";
import { buildCalendar, type CalendarEvent } from "./calendar-ics.ts";
import { findHistoryItems } from "./history.repository.ts";

/** A running subscription shows its lessons at least this many weeks ahead (D77). */
export const SUBSCRIPTION_WEEKS_AHEAD = 12;
const MAX_ITEMS = 300;

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type CalendarService = ReturnType<typeof createCalendarService>;

/**
 * `GET /api/v2/visitors/{id}/calendar.ics` (D77): one VEVENT per booked date of the child's active items
 * of paid orders: dated sessions as they are, academy weeks as all-day events, weekly course times as a
 * weekly rule until the paid period ends (a subscription: at least SUBSCRIPTION_WEEKS_AHEAD from today).
 */
export function createCalendarService({
  db,
  host,
  now = () => new Date(),
}: {
  db: Db;
  host: string;
  now?: () => Date;
}) {
  return {
    async forVisitor(
      userId: number,
      visitorId: number,
      locale: Locale,
    ): Promise<{ filename: string; body: string }> {
      const visitor = await findVisitor(db, userId, visitorId);
      if (!visitor) throw AppError.notFound();
      const rows = (
        await findHistoryItems(db, { userId, orderStatuses: ["paid"], visitorId, limit: MAX_ITEMS }, locale)
      ).filter((row) => row.itemStatus === "active");
      const items = await documentItems(db, { locale }, rows);
      const today = berlinDate(now());
      const events: CalendarEvent[] = [];
      rows.forEach((row, index) => {
        const item = items[index];
        if (!item) return;
        const summary = `${row.pageName}${row.optionName ? ` – ${row.optionName}` : ""}`;
        const base = {
          summary,
          location: item.place,
          description: `${visitor.firstName} ${visitor.lastName}`.trim(),
        };
        for (const slot of row.slots) {
          const uid = `item-${row.id}-slot-${slot.id}@${host}`;
          if (slot.date) {
            events.push({ ...base, uid, kind: "timed", date: slot.date, start: slot.start, end: slot.end });
            continue;
          }
          const paidOn = berlinDate(row.purchasedAt);
          const period = itemPeriod(item, paidOn);
          if (!period || slot.weekday === null) continue;
          let until = period.to;
          if (row.recurrentPriceCents > 0) {
            const ahead = addDays(today, SUBSCRIPTION_WEEKS_AHEAD * 7);
            if (ahead > until) until = ahead;
          }
          const first = nextWeekday(period.from, slot.weekday);
          if (first > until) continue;
          events.push({
            ...base,
            uid,
            kind: "timed",
            date: first,
            start: slot.start,
            end: slot.end,
            weeklyUntil: until,
          });
        }
        for (const week of row.weeks) {
          events.push({
            ...base,
            uid: `item-${row.id}-week-${week.id}@${host}`,
            kind: "days",
            from: week.starts_on,
            to: week.ends_on,
          });
        }
      });
      const name = `${visitor.firstName} ${visitor.lastName}`.trim();
      return {
        filename: `${visitor.firstName || "kalender"}-${visitorId}.ics`.replace(/[^\p{L}\p{N}._-]/gu, "_"),
        body: buildCalendar({ name, events, now: now() }),
      };
    },
  };
}
