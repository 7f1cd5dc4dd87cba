export { CSV_SEPARATOR, centsToDecimal, csvField, toCsv } from "./csv.ts";
export { createDeferredWork, type DeferredWork } from "./deferred-work.ts";
export { crc32, type ZipEntry, zipStore } from "./zip.ts";
