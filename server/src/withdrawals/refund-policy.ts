import type { CartItemRow } from "../orders/index.ts";

/**
 * A workshop's or event's refund policy as the withdrawal rule reads it (D142): the offer's days and the
 * item's booked date (its earliest dated slot). Null days or no dated slot: no policy applies.
 */
export function refundPolicyOf(item: Pick<CartItemRow, "refundDaysBefore" | "slots">): {
  daysBefore: number | null;
  sessionOn: string | null;
} {
  const dates = item.slots.flatMap((slot) => (slot.date ? [slot.date] : [])).sort();
  return { daysBefore: item.refundDaysBefore, sessionOn: dates[0] ?? null };
}
