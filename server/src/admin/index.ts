// The back office (D97): `/api/v2/admin/*`, composing the areas beneath it through their entries.
export { adminRoutes } from "./admin.routes.ts";
export { recordAudit } from "./audit.repository.ts";
