export {
  CONTACT_REQUEST_SORTS,
  type ContactRequestRow,
  contactRequestsSentWith,
  deleteContactRequestsSentWith,
  findContactRequestForEdit,
  listContactRequestsForStaff,
  updateContactRequestHandling,
} from "./contact.repository.ts";
export { contactRoutes } from "./contact.routes.ts";
export { createContactService } from "./contact.service.ts";
