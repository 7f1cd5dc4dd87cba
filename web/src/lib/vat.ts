import type { ProductType } from "@atelier/contract";

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
