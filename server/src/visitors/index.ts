export {
  type ChildForStaff,
  findChildrenForStaff,
  findVisitor,
  findVisitors,
  findVisitorsByIds,
  lockChildForStaff,
  updateChildForStaff,
} from "./visitors.repository.ts";
export { visitorsRoutes } from "./visitors.routes.ts";
export { createVisitorsService } from "./visitors.service.ts";
