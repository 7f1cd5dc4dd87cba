export { contactRoutes } from "./contact.routes.ts";
export { createContactService } from "./contact.service.ts";
