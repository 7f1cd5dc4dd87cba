export { listEntriesOfUser } from "./waiting-list.repository.ts";
export { waitingListRoutes } from "./waiting-list.routes.ts";
export {
  createWaitingListService,
  type StaffAudit,
  type WaitingListService,
} from "./waiting-list.service.ts";
