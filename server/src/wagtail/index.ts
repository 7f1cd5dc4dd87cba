export { wagtailRoutes } from "./wagtail.routes.ts";
export { createWagtailService, type WagtailService } from "./wagtail.service.ts";
