import type { ProductType } from "../catalogue.ts";

/**
 * Price display per PAngV: every shown price is the final price. The school's education services are
 * exempt from VAT (§ 4 Nr. 21 UStG), which must be stated; other offers are "incl. VAT". To be checked
 * by the school's tax adviser (decision D20). Kept free of zod so the web's price tags stay small.
 */
export const VAT_EXEMPT_PRODUCT_TYPES: readonly ProductType[] = [
  "Course",
  "Academy",
  "Workshop",
  "SchoolOffer",
];

export function isVatExempt(type: ProductType): boolean {
  return VAT_EXEMPT_PRODUCT_TYPES.includes(type);
}
