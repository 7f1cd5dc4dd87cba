import { PRODUCT_TYPES, type ProductType } from "../catalogue.ts";

/**
 * What a promocode can discount (D482): every product type but the gift card. A gift card is a means of
 * payment worth its face value (D56); a code taking 10 % off a 300 € card sold 300 € of credit for 270 €,
 * and the card then paid for a course under a second code. One rule for the cart's pricing and the back
 * office's promocode form.
 */
export const PROMOCODE_PRODUCT_TYPES = PRODUCT_TYPES.filter(
  (type): type is Exclude<ProductType, "GiftCard"> => type !== "GiftCard",
);

/** Whether a code limited to `codeTypes` (empty: every type it can discount) discounts an item of `type`. */
export function promocodeCovers(codeTypes: readonly ProductType[], type: ProductType): boolean {
  if (type === "GiftCard") return false;
  return codeTypes.length === 0 || codeTypes.includes(type);
}
