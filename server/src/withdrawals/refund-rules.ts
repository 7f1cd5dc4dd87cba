import { addDays, type ClosedRange, lessonDays, type RefundBasis, weekdayOf } from "@atelier/contract";
import { type DocumentItem, itemPeriod } from "../invoices/index.ts";

/**
 * What a withdrawal refunds (D76). Pure, so the rule is tested without a database.
 *
 * - Nothing rendered yet, or no express request to start early: the full price (§ 357a(2) BGB owes value
 *   only for service rendered at the parent's express request).
 * - A course or academy that started at the parent's request (the checkout's consent, D54): pro rata by
 *   sessions. The sessions are those the payment paid for (a subscription's first month, a meeting card's
 *   meetings, the booked academy days); a session is rendered once it has begun (Berlin time). The school
 *   keeps `round(paid × rendered / sessions)`, the parent gets the rest.
 * - A gift card: its remaining balance (the card is voided).
 */

export type Session = { date: string; start: string };

/**
 * The sessions an item's payment paid for, in time order. `paidAt` is the payment's moment where known: a
 * weekly lesson that began before it is not one the payment bought (D250, D533); a Berlin day counts that
 * day's every lesson. A subscription's own paid period (`item.paidPeriod`, the contract's) wins over both.
 * `closed` are the course's closed days (its house's closures and its pauses, D122): no weekly lesson takes
 * place on them, so they are not sessions the payment bought (D537). A meeting card's meetings go on after a
 * closure, as its lessons do. Academy weeks and dated sessions are booked as they run (academies run in the
 * school holidays the closures are), so they count whole.
 */
export function paidSessions(
  item: DocumentItem,
  paidAt: Date | string,
  closed: readonly ClosedRange[] = [],
): Session[] {
  const sessions: Session[] = [];
  for (const slot of item.slots) if (slot.date) sessions.push({ date: slot.date, start: slot.start });
  // An academy week is a day's programme on each of its days.
  for (const week of item.weeks) {
    for (let day = week.starts_on; day <= week.ends_on; day = addDays(day, 1)) {
      sessions.push({ date: day, start: "00:00" });
    }
  }
  const weekly = item.slots.filter((slot) => slot.weekday !== null);
  const period = weekly.length > 0 ? itemPeriod(item, paidAt, closed) : null;
  if (period) {
    // A meeting card's period ends on its last meeting's day (D548); it pays its meetings, not more.
    const meetings = item.recurrentPriceCents === 0 && item.numberOfMeetings ? item.numberOfMeetings : null;
    // The contract's lesson days (D121): the booked weekdays that are not closed.
    const days = lessonDays(
      period,
      weekly.map((slot) => slot.weekday ?? 0),
      closed,
    );
    const recurring = days
      .flatMap((day) =>
        weekly
          .filter((slot) => slot.weekday === weekdayOf(day))
          .map((slot) => ({ date: day, start: slot.start })),
      )
      .sort(bySessionTime);
    sessions.push(...(meetings ? recurring.slice(0, meetings) : recurring));
  }
  return sessions.sort(bySessionTime);
}

const bySessionTime = (a: Session, b: Session) =>
  a.date === b.date ? a.start.localeCompare(b.start) : a.date.localeCompare(b.date);

/** `now` in Berlin as a date and a time `HH:MM`. */
export type BerlinNow = { date: string; time: string };

export function hasBegun(session: Session, now: BerlinNow): boolean {
  return session.date < now.date || (session.date === now.date && session.start.slice(0, 5) <= now.time);
}

export type RefundInput = {
  item: DocumentItem;
  /** The item's price after its discounts. */
  paidCents: number;
  /** The Berlin day the order was paid: a weekly course's first paid lesson is on or after it. */
  paidOn: string;
  /** The payment's moment, when known: a lesson of the payment's day that began before it is not paid for. */
  paidAt?: Date;
  /** The parent asked at checkout that the service may start within the period (D54). */
  earlyStart: boolean;
  now: BerlinNow;
  /** For a gift card: what is left on it. */
  giftCardBalanceCents?: number;
  /** The course's closed days from the payment on (D537). */
  closed?: readonly ClosedRange[];
};

export type RefundPlan = {
  basis: RefundBasis;
  refundCents: number;
  sessions: number;
  rendered: number;
};

export function planRefund(input: RefundInput): RefundPlan {
  if (input.item.productType === "GiftCard") {
    const left = Math.max(0, Math.min(input.giftCardBalanceCents ?? 0, input.paidCents));
    return { basis: "gift_card_balance", refundCents: left, sessions: 0, rendered: 0 };
  }
  const sessions = paidSessions(input.item, input.paidAt ?? input.paidOn, input.closed);
  const rendered = input.earlyStart ? sessions.filter((session) => hasBegun(session, input.now)).length : 0;
  if (rendered === 0 || sessions.length === 0) {
    return { basis: "full", refundCents: input.paidCents, sessions: sessions.length, rendered: 0 };
  }
  const kept = Math.round((input.paidCents * rendered) / sessions.length);
  return {
    basis: "pro_rata",
    refundCents: input.paidCents - kept,
    sessions: sessions.length,
    rendered,
  };
}

/**
 * How a refund is paid back: through the gateway up to what its capture still holds for withdrawals,
 * the rest back onto the gift card that paid part of the order.
 */
export function splitRefund(
  refundCents: number,
  room: { gatewayCents: number; giftCardCents: number },
): { gatewayCents: number; giftCardCents: number } {
  const gatewayCents = Math.max(0, Math.min(refundCents, room.gatewayCents));
  const giftCardCents = Math.max(0, Math.min(refundCents - gatewayCents, room.giftCardCents));
  return { gatewayCents, giftCardCents };
}
