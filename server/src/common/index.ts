export { CSV_SEPARATOR, centsForSpreadsheet, csvField, toCsv } from "./csv.ts";
export { createDeferredWork, type DeferredWork } from "./deferred-work.ts";
export { crc32, type ZipEntry, ZipWriter, zipStore } from "./zip.ts";
