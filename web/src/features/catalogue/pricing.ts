import { isVatExempt, type Locale, type ProductType, type PurchaseOption } from "@atelier/contract";
import { formatEuro } from "../../lib/money.ts";

export type VatNoteKey = "vatExempt" | "vatIncluded";

/** The VAT note under a price; the rule itself is the contract's (`isVatExempt`). */
export function vatNoteKey(type: ProductType): VatNoteKey {
  return isVatExempt(type) ? "vatExempt" : "vatIncluded";
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
    price_from: number | null;
    purchase_options: Pick<PurchaseOption, "base_price_cents" | "is_recurring">[];
  },
  locale: Locale,
): PriceParts | null {
  if (product.price_from === null) return null;
  const cheapest = product.purchase_options.filter((o) => o.base_price_cents === product.price_from);
  const distinctPrices = new Set(product.purchase_options.map((o) => o.base_price_cents));
  return {
    amount: formatEuro(product.price_from, locale),
    from: distinctPrices.size > 1,
    monthly: cheapest.length > 0 && cheapest.every((o) => o.is_recurring),
  };
}
