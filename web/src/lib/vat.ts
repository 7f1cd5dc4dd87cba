import { isVatExempt, type ProductType } from "@atelier/contract";

/**
 * The VAT note under a price (PAngV); the rule itself is the contract's (`isVatExempt`). A gift card is a
 * multi-purpose voucher: its sale carries no VAT (§ 3 Abs. 15 UStG, as its invoice says, D283).
 */
export type VatNoteKey = "vatExempt" | "vatIncluded" | "vatVoucher";

export function vatNoteKey(type: ProductType): VatNoteKey {
  if (type === "GiftCard") return "vatVoucher";
  return isVatExempt(type) ? "vatExempt" : "vatIncluded";
}
