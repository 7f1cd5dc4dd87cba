import { isVatExempt, type ProductType } from "@atelier/contract";

/** The VAT note under a price (PAngV); the rule itself is the contract's (`isVatExempt`). */
export type VatNoteKey = "vatExempt" | "vatIncluded";

export function vatNoteKey(type: ProductType): VatNoteKey {
  return isVatExempt(type) ? "vatExempt" : "vatIncluded";
}
