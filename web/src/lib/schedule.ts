import type { ProductType, ScheduleSlot } from "@atelier/contract";

/** When an offer takes place next, as a card and the product page's facts show it. */
export type NextSession =
  | { kind: "date"; date: string; start: string; end: string; space: number }
  | { kind: "weekly"; weekday: number; start: string; end: string; space: number; more: number }
  | { kind: "weeks"; startsOn: string; endsOn: string; space: number | null };

/** Monday = 0 … Sunday = 6 of a YYYY-MM-DD date. */
const weekdayOf = (isoDate: string) => (new Date(`${isoDate}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The next session of an offer: academies their open weeks, dated offers the earliest upcoming date
 * (the API leaves out past ones), weekly courses the next weekday from `today` on. Null when none is set.
 */
export function nextSession(
  product: {
    product_type: ProductType;
    schedule_slots: Pick<ScheduleSlot, "weekday" | "date" | "start" | "end" | "space">[];
    next_week_starts_on: string | null;
    last_week_ends_on: string | null;
    /** The product page has the weeks themselves: then the first week's seats are known. */
    academy_schedule_slots?: { starts_on: string; space: number }[];
  },
  today: string,
): NextSession | null {
  if (product.next_week_starts_on && product.last_week_ends_on) {
    const first = product.academy_schedule_slots?.find(
      (week) => week.starts_on === product.next_week_starts_on,
    );
    return {
      kind: "weeks",
      startsOn: product.next_week_starts_on,
      endsOn: product.last_week_ends_on,
      space: first ? first.space : null,
    };
  }
  const dated = product.schedule_slots
    .filter((slot) => slot.date !== null && slot.date >= today)
    .sort((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`))[0];
  if (dated?.date) {
    return { kind: "date", date: dated.date, start: dated.start, end: dated.end, space: dated.space };
  }
  const weekly = product.schedule_slots.filter((slot) => slot.weekday !== null);
  const from = weekdayOf(today);
  const daysAhead = (weekday: number) => (weekday - from + 7) % 7;
  const next = [...weekly].sort(
    (a, b) => daysAhead(a.weekday ?? 0) - daysAhead(b.weekday ?? 0) || a.start.localeCompare(b.start),
  )[0];
  if (next && next.weekday !== null) {
    return {
      kind: "weekly",
      weekday: next.weekday,
      start: next.start,
      end: next.end,
      // A parent can choose any weekly group: the seats of all of them count.
      space: seatsLeft(weekly) ?? 0,
      more: weekly.length - 1,
    };
  }
  return null;
}

/** Seats left over all bookable slots of an offer; null when it has none (academies count per week). */
export function seatsLeft(slots: Pick<ScheduleSlot, "space">[]): number | null {
  return slots.length === 0 ? null : slots.reduce((sum, slot) => sum + Math.max(0, slot.space), 0);
}

/**
 * Where the next date of a dated offer is full but a later one has seats (D143): the full dates before the
 * first with seats, and that one. Null when the next date has seats, when every date is full, or when the
 * offer has no dates.
 */
export function laterSeats(
  slots: Pick<ScheduleSlot, "date" | "start" | "space">[],
  today: string,
): { full: string[]; open: { date: string; space: number } } | null {
  const dated = slots
    .filter((slot): slot is typeof slot & { date: string } => slot.date !== null && slot.date >= today)
    .sort((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`));
  const index = dated.findIndex((slot) => slot.space > 0);
  const open = dated[index];
  if (index <= 0 || !open) return null;
  const full = [...new Set(dated.slice(0, index).map((slot) => slot.date))];
  return { full, open: { date: open.date, space: open.space } };
}
