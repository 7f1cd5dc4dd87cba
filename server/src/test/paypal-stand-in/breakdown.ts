import { cents } from "./store.ts";

/** The money fields PayPal's `amount.breakdown` may carry, each added (+) or taken off (−) the amount. */
const BREAKDOWN_PARTS: [string, 1 | -1][] = [
  ["item_total", 1],
  ["tax_total", 1],
  ["shipping", 1],
  ["handling", 1],
  ["insurance", 1],
  ["shipping_discount", -1],
  ["discount", -1],
];

/**
 * PayPal's checks of an Orders v2 create request's purchase units (its issues ITEM_TOTAL_REQUIRED,
 * ITEM_TOTAL_MISMATCH, AMOUNT_MISMATCH): with items, a breakdown is required and its `item_total` must equal
 * Σ unit_amount × quantity; with a breakdown, `amount = item_total + tax_total + shipping + handling +
 * insurance − shipping_discount − discount`. Answers the issue, the field and PayPal's description, or
 * undefined when the request adds up.
 */
export function refuseBreakdown(body: Record<string, unknown>): [string, string, string] | undefined {
  const units = (body.purchase_units as Record<string, unknown>[] | undefined) ?? [];
  for (const unit of units) {
    const where = `/purchase_units/@reference_id=='${String(unit.reference_id ?? "default")}'`;
    const amount = (unit.amount ?? {}) as Record<string, unknown>;
    const breakdown = amount.breakdown as Record<string, { value?: string } | undefined> | undefined;
    const items = (unit.items as { quantity?: string; unit_amount?: { value?: string } }[] | undefined) ?? [];
    if (items.length > 0 && !breakdown?.item_total)
      return [
        "ITEM_TOTAL_REQUIRED",
        `${where}/amount/breakdown/item_total`,
        "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
      ];
    if (!breakdown) continue;
    if (items.length > 0) {
      const sum = items.reduce(
        (total, item) => total + cents(item.unit_amount?.value) * Number(item.quantity ?? "1"),
        0,
      );
      if (sum !== cents(breakdown.item_total?.value))
        return [
          "ITEM_TOTAL_MISMATCH",
          `${where}/amount/breakdown/item_total/value`,
          "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit",
        ];
    }
    const expected = BREAKDOWN_PARTS.reduce(
      (total, [part, sign]) => total + sign * (breakdown[part] ? cents(breakdown[part].value) : 0),
      0,
    );
    if (expected !== cents(amount.value))
      return [
        "AMOUNT_MISMATCH",
        `${where}/amount/value`,
        "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
      ];
  }
  return undefined;
}
