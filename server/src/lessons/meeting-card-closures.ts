import { berlinDate, type ClosedRange } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { isMeetingCard } from "../invoices/index.ts";
import { findPauses } from "../subscriptions/index.ts";
import { meetingCardLastPossibleDay } from "./lesson-today.ts";

type Booking = {
  productPageId: number;
  paidAt: Date | null;
  recurrentPriceCents: number;
  numberOfMeetings: number | null;
  slots: readonly { weekday: number | null }[];
};

/**
 * The course's closed days for each meeting card among `bookings` (D548), as `lessonOn` takes them: a
 * closure inside a card's weeks moves its last meeting on, as the card's refund counts it (D537). The
 * closures and pauses of the card's page (`findPauses`, D122) from the earliest payment of the page's
 * cards, one read per page; any other booking gets none, since its lessons do not depend on them there.
 */
export async function meetingCardClosures(
  db: DbOrTx,
  bookings: readonly Booking[],
  now: Date,
): Promise<(booking: Booking) => readonly ClosedRange[]> {
  const from = new Map<number, string>();
  const today = berlinDate(now);
  for (const booking of bookings.filter(isMeetingCard)) {
    const paidOn = berlinDate(booking.paidAt ?? now);
    // A card paid longer ago than its meetings can last is over: its closures are not read (issue 36).
    if (meetingCardLastPossibleDay(booking, paidOn) < today) continue;
    const earliest = from.get(booking.productPageId);
    if (earliest === undefined || paidOn < earliest) from.set(booking.productPageId, paidOn);
  }
  const closed = new Map(
    await Promise.all([...from].map(async ([page, day]) => [page, await findPauses(db, page, day)] as const)),
  );
  return (booking) => (isMeetingCard(booking) ? (closed.get(booking.productPageId) ?? []) : []);
}
