import {
  addDays,
  billingPeriod,
  centsToDecimal,
  firstLessonDay,
  locationAddress,
  type PurchaseTerms,
  type ScheduleType,
} from "@atelier/contract";
import type { CartItemRow } from "./order.repository.ts";

/**
 * What a cart line buys, said before paying (issue 24 item 3, D153), as if it were paid at `now`: the first lesson, the period the first payment covers and the next payment (subscriptions,
 * by the contract's one billing period, D121), and the house with its address. A dated offer starts on
 * its first chosen date, an academy on its first chosen week, a weekly one on the first open lesson not yet begun (D250).
 */
export function purchaseTerms(
  row: Pick<CartItemRow, "slots" | "weeks" | "house" | "closed">,
  recurring: boolean,
  recurrentCents: number,
  now: Date | string,
): PurchaseTerms {
  const weekly = row.slots.flatMap((slot) =>
    slot.weekday === null ? [] : [{ weekday: slot.weekday, start: slot.start }],
  );
  const dates = row.slots.flatMap((slot) => (slot.date === null ? [] : [slot.date])).sort();
  const weeks = row.weeks.map((week) => week.starts_on).sort();
  const firstLesson =
    weeks[0] ?? dates[0] ?? (weekly.length > 0 ? firstLessonDay(now, weekly, row.closed) : null);
  const period = recurring && firstLesson !== null ? billingPeriod(firstLesson, row.closed) : null;
  return {
    house: row.house && {
      ...row.house,
      address: locationAddress({
        street: row.house.street,
        city: `${row.house.post_code} ${row.house.city}`.trim(),
      }),
    },
    first_lesson: firstLesson,
    period,
    next_payment: period
      ? { on: addDays(period.to, 1), amount: centsToDecimal(recurrentCents), amount_cents: recurrentCents }
      : null,
  };
}

/** A gift card is bought, not attended: its terms name no place, whatever house its page has. */
export const placeOf = <Row extends { house: CartItemRow["house"] }>(
  scheduleType: ScheduleType,
  row: Row,
): Row => (scheduleType === "GiftCard" ? { ...row, house: null } : row);
