export {
  CONTENT_PAGE_SORTS,
  type ContentPageStaffRow,
  contentPageKeyTaken,
  deleteRedirect,
  findContentPageForEdit,
  findRedirectForEdit,
  insertContentPage,
  insertRedirect,
  listContentPagesForStaff,
  listRedirectsForStaff,
  lockRedirectsForWrite,
  REDIRECT_SORTS,
  type RedirectRow,
  redirectTargetsBySource,
  updateContentPage,
  updateRedirect,
} from "./content.repository.ts";
export { contentRoutes } from "./content.routes.ts";
export { type ContentService, createContentService } from "./content.service.ts";
export { createRedirectLookup, type RedirectAnswer } from "./redirect-lookup.ts";
