import type { ClosedRange, Locale } from "@atelier/contract";
import { firstLessonDay, lastPaidDay, weekdayOf } from "@atelier/contract";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { documentItems, itemPeriod, nextWeekday } from "../invoices/index.ts";
import { cancelledDatesOf } from "../lessons/index.ts";
import { findPauses } from "../subscriptions/index.ts";
import { findVisitor } from "../visitors/index.ts";
import { buildCalendar, type CalendarEvent } from "./calendar-ics.ts";
import { findHistoryItems } from "./history.repository.ts";

const MAX_ITEMS = 300;

/** The days from `from` to `to` on `weekday` that are closed: the weekly rule's exceptions (D121). */
function closedLessons(from: string, to: string, weekday: number, closed: readonly ClosedRange[]): string[] {
  const days: string[] = [];
  for (const range of closed) {
    for (let day = range.startsOn; day <= range.endsOn; day = nextDay(day)) {
      if (day >= from && day <= to && weekdayOf(day) === weekday && !days.includes(day)) days.push(day);
    }
  }
  return days.sort();
}

function nextDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The word before a cancelled lesson's title, in the file's language (D391). */
const CANCELLED: Record<Locale, string> = { de: "Abgesagt", ru: "Отменено" };

type Cancelled = { date: string; de: string; ru: string };

/** A lesson the school cancelled, as its event says it: the word before the title, the reason first. */
function cancelledText(
  base: { summary: string; description: string | null },
  off: Cancelled,
  locale: Locale,
) {
  const reason = off[locale] || off.de;
  return {
    summary: `${CANCELLED[locale]}: ${base.summary}`,
    description: [reason, base.description].filter(Boolean).join("\n"),
    cancelled: true,
  };
}

/**
 * The dates of a weekly rule the school cancelled (D391): each stays in the rule and is told apart by an
 * event of the same UID with its RECURRENCE-ID and `STATUS:CANCELLED`, so a calendar shows or drops it.
 */
function cancelledOverrides(
  offs: Cancelled[],
  rule: {
    uid: string;
    summary: string;
    location: string | null;
    description: string | null;
    slot: { start: string; end: string; weekday: number | null };
    first: string;
    until: string;
    exdates: string[];
  },
  locale: Locale,
): CalendarEvent[] {
  const { slot, first, until, exdates, ...base } = rule;
  return offs
    .filter((off) => off.date >= first && off.date <= until && !exdates.includes(off.date))
    .filter((off) => weekdayOf(off.date) === slot.weekday)
    .map((off) => ({
      ...base,
      ...cancelledText(base, off, locale),
      kind: "timed" as const,
      date: off.date,
      start: slot.start,
      end: slot.end,
      recurrenceId: off.date,
    }));
}

export type CalendarService = ReturnType<typeof createCalendarService>;

/**
 * `GET /api/v2/visitors/{id}/calendar.ics` (D77): one VEVENT per booked date of the child's active items
 * of paid orders: dated sessions as they are, academy weeks as all-day events, weekly course times as a
 * weekly rule. A subscription's rule runs from its first open lesson to the last paid day (D121: the
 * contract's period, the cancellation's end once cancelled), never beyond; the days its house is closed
 * are left out (EXDATE, D122).
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
      const items = documentItems(rows);
      const events: CalendarEvent[] = [];
      const cancelled = await cancelledDatesOf(
        db,
        rows.flatMap((row) => row.slots.map((slot) => slot.id)),
        "0001-01-01",
      );
      const closedOfPage = new Map<number, ClosedRange[]>();
      for (const row of rows) {
        if (!closedOfPage.has(row.productPageId))
          closedOfPage.set(row.productPageId, await findPauses(db, row.productPageId, "0001-01-01"));
      }
      rows.forEach((row, index) => {
        const item = items[index];
        if (!item) return;
        const closed = closedOfPage.get(row.productPageId) ?? [];
        const sub = row.subscription;
        const summary = `${row.pageName}${row.optionName ? ` – ${row.optionName}` : ""}`;
        const base = {
          summary,
          location: item.place,
          description: `${visitor.firstName} ${visitor.lastName}`.trim(),
        };
        for (const slot of row.slots) {
          const uid = `item-${row.id}-slot-${slot.id}@${host}`;
          const offs = cancelled.get(slot.id) ?? [];
          if (slot.date) {
            const off = offs.find((one) => one.date === slot.date);
            const text = off ? cancelledText(base, off, locale) : {};
            events.push({
              ...base,
              ...text,
              uid,
              kind: "timed",
              date: slot.date,
              start: slot.start,
              end: slot.end,
            });
            continue;
          }
          const paidAt = row.purchasedAt;
          if (slot.weekday === null) continue;
          let first: string;
          let until: string;
          if (sub) {
            // A subscription ends with its last paid lesson: the paid period, or the end once cancelled.
            if (sub.status !== "running") continue;
            first = firstLessonDay(paidAt, [{ weekday: slot.weekday, start: slot.start }], closed);
            until = lastPaidDay(sub.cancelAt ?? sub.periodEnd);
          } else {
            const period = itemPeriod(item, paidAt, closed);
            if (!period) continue;
            first = nextWeekday(period.from, slot.weekday);
            until = period.to;
          }
          if (first > until) continue;
          const exdates = closedLessons(first, until, slot.weekday, closed);
          events.push({
            ...base,
            uid,
            kind: "timed",
            date: first,
            start: slot.start,
            end: slot.end,
            weeklyUntil: until,
            ...(exdates.length > 0 ? { exdates } : {}),
          });
          events.push(...cancelledOverrides(offs, { ...base, uid, slot, first, until, exdates }, locale));
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
