/**
 * An order's money sums (D502): what its payments captured and refunded, and what withdrawals and staff
 * refunds gave back onto its gift card, kept on the order by PostgreSQL's triggers (migration 0052). A bulk
 * load (the years generator, a restore) switches the triggers off for its transaction and sums every order
 * once at the end: otherwise each of a decade's 50,000 payments sums its order again.
 */
const ORDER_SUM_TRIGGERS = [
  ["payments", "payments_order_payment_sums"],
  ["withdrawals", "withdrawals_order_payment_sums"],
  ["staff_refunds", "staff_refunds_order_payment_sums"],
  // What the bank or PayPal took back (migration 0073) counts as given back at the gateway.
  ["payment_disputes", "payment_disputes_order_payment_sums"],
] as const;

/** The statements that switch the sums' triggers off (`false`) or on again (`true`). */
export function orderSumTriggers(enabled: boolean): string[] {
  const action = enabled ? "enable" : "disable";
  return ORDER_SUM_TRIGGERS.map(
    ([table, trigger]) => `alter table "${table}" ${action} trigger "${trigger}"`,
  );
}

/** Sums every order again (after a bulk load, or a restore of a backup made before migration 0052). */
export const REFRESH_ALL_ORDER_SUMS = "select refresh_order_payment_sums(null)";
