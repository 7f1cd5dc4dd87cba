import { berlinDate, type ClosedRange } from "@atelier/contract";
import type { DbOrTx } from "../db/index.ts";
import { isMeetingCard } from "../invoices/index.ts";
import { cancelledSubscriptionsLastDays, findPauses } from "../subscriptions/index.ts";
import { meetingCardLastPossibleDay } from "./lesson-today.ts";

type Booking = {
  productPageId: number;
  paidAt: Date | null;
  recurrentPriceCents: number;
  numberOfMeetings: number | null;
  slots: readonly { weekday: number | null }[];
};

/**
 * The course's closed days for each booking with weekly times, as `lessonOn` takes them (D548, D610): the
 * closures and pauses of its page (`findPauses`, D122), one read per page.
 * - A meeting card's from its payment: a closure inside its weeks moves its last meeting on, as the card's
 *   refund counts it (D537). A card paid longer ago than its meetings can last is over, and not read.
 * - Any other booking's from `from`, the first day asked about (today when not given): no weekly lesson
 *   falls on a closed day.
 */
export async function lessonClosures(
  db: DbOrTx,
  bookings: readonly Booking[],
  now: Date,
  from?: string,
): Promise<(booking: Booking) => readonly ClosedRange[]> {
  const since = new Map<number, string>();
  const today = berlinDate(now);
  const asked = from !== undefined && from < today ? from : today;
  const need = (page: number, day: string) => {
    const earliest = since.get(page);
    if (earliest === undefined || day < earliest) since.set(page, day);
  };
  for (const booking of bookings) {
    if (!booking.slots.some((slot) => slot.weekday !== null)) continue;
    if (!isMeetingCard(booking)) {
      need(booking.productPageId, asked);
      continue;
    }
    const paidOn = berlinDate(booking.paidAt ?? now);
    if (meetingCardLastPossibleDay(booking, paidOn) < today) continue;
    need(booking.productPageId, paidOn < asked ? paidOn : asked);
  }
  const closed = new Map(
    await Promise.all(
      [...since].map(async ([page, day]) => [page, await findPauses(db, page, day)] as const),
    ),
  );
  return (booking) => closed.get(booking.productPageId) ?? [];
}

/**
 * The last lesson day of each booking, as `lessonOn` takes it (D635): a cancelled subscription's last paid
 * day, undefined for any other booking. One read for all the bookings (the roster, a staff cancellation).
 */
export async function lessonEnds(
  db: DbOrTx,
  bookings: readonly { itemId: number }[],
): Promise<(booking: { itemId: number }) => string | undefined> {
  const lastDays = await cancelledSubscriptionsLastDays(
    db,
    bookings.map((booking) => booking.itemId),
  );
  return (booking) => lastDays.get(booking.itemId);
}
