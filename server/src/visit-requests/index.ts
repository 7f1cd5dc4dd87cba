export { visitRequestsRoutes } from "./visit-requests.routes.ts";
export { createVisitRequestsService } from "./visit-requests.service.ts";
