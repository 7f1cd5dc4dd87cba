// Prices are shown by the catalogue and the home page's teasers; the VAT note is shared with the cart.
export { optionPrice, type PriceParts, productPrice } from "../../lib/pricing.ts";
export { type VatNoteKey, vatNoteKey } from "../../lib/vat.ts";
