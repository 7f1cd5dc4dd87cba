// Drawing PDFs (invoices, gift cards): the embedded font with Cyrillic and line wrapping.
export { cachingFontkit, dejaVu } from "./fonts.ts";
export { wrapText } from "./wrap-text.ts";
