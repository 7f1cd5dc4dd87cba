// The spreadsheet rule is the contract's: the back office writes its list exports by it too (D590).
export { CSV_SEPARATOR, centsForSpreadsheet, csvField, toCsv } from "@atelier/contract";
export { attachmentDisposition } from "./attachment.ts";
export { createDeferredWork, type DeferredWork } from "./deferred-work.ts";
export { crc32, type ZipEntry, ZipWriter, zipStore } from "./zip.ts";
