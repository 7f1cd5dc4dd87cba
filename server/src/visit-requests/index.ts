export {
  countPartyRequestsOfOption,
  deletePartyRequestsOfUser,
  findPartyRequest,
  listPartyRequestsForStaff,
  listPartyRequestsOfUser,
  lockPartyRoom,
  type PartyRequestView,
  partiesHoldingRooms,
  partyStateOf,
  updatePartyRequest,
} from "./party-requests.repository.ts";
export { partyRequestsRoutes } from "./party-requests.routes.ts";
export { createPartyRequestsService, toPartyRequest } from "./party-requests.service.ts";
export {
  deleteVisitRequestsOfFamily,
  findConfirmedTrials,
  findLessonsOfPageOn,
  findVisitRequestForEdit,
  insertVisitMessage,
  listVisitMessages,
  listVisitRequestsForStaff,
  listVisitRequestsOfUser,
  updateVisitRequestHandling,
  VISIT_REQUEST_SORTS,
  type VisitMessageRow,
  type VisitRequestWithPage,
} from "./visit-requests.repository.ts";
export { visitRequestsRoutes } from "./visit-requests.routes.ts";
export { createVisitRequestsService } from "./visit-requests.service.ts";
