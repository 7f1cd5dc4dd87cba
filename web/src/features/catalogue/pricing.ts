import type { Locale, ProductType, PurchaseOption } from "@atelier/contract";
import { formatEuro } from "../../lib/money.ts";

/**
 * Price display per PAngV: every shown price is the final price. The school's education services are
 * exempt from VAT (§ 4 Nr. 21 UStG), which must be stated; other offers show "incl. VAT".
 */
export const VAT_EXEMPT_TYPES: ReadonlySet<ProductType> = new Set([
  "Course",
  "Academy",
  "Workshop",
  "SchoolOffer",
]);

export type VatNoteKey = "vatExempt" | "vatIncluded";

export function vatNoteKey(type: ProductType): VatNoteKey {
  return VAT_EXEMPT_TYPES.has(type) ? "vatExempt" : "vatIncluded";
}

export type PriceParts = { amount: string; from: boolean; monthly: boolean };

/** A purchase option's price: amount in the locale's EUR format, and whether it is paid monthly. */
export function optionPrice(
  option: Pick<PurchaseOption, "base_price_cents" | "is_recurring">,
  locale: Locale,
): PriceParts {
  return { amount: formatEuro(option.base_price_cents, locale), from: false, monthly: option.is_recurring };
}

/**
 * A product card's price: the lowest option ("ab"/"от"), "/ Monat" when that cheapest option is a
 * subscription. Null when the product has no price.
 */
export function productPrice(
  product: {
    price_from_cents: number | null;
    purchase_options: Pick<PurchaseOption, "base_price_cents" | "is_recurring">[];
  },
  locale: Locale,
): PriceParts | null {
  if (product.price_from_cents === null) return null;
  const cheapest = product.purchase_options.filter((o) => o.base_price_cents === product.price_from_cents);
  const distinctPrices = new Set(product.purchase_options.map((o) => o.base_price_cents));
  return {
    amount: formatEuro(product.price_from_cents, locale),
    from: distinctPrices.size > 1,
    monthly: cheapest.length > 0 && cheapest.every((o) => o.is_recurring),
  };
}
