/** A family's own data (D560): the parent's download, and the same file for staff answering a request. */
export { asDataExportFile, dataExportRoutes } from "./data-export.routes.ts";
export { createDataExport, type DataExportService } from "./data-export.service.ts";
