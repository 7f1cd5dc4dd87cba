export { findVisitor, findVisitors, findVisitorsByIds } from "./visitors.repository.ts";
export { visitorsRoutes } from "./visitors.routes.ts";
export { createVisitorsService } from "./visitors.service.ts";
