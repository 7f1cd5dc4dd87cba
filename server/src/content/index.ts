export {
  CONTENT_PAGE_SORTS,
  type ContentPageStaffRow,
  contentPageKeyTaken,
  findContentPageForEdit,
  insertContentPage,
  listContentPagesForStaff,
  updateContentPage,
} from "./content.repository.ts";
export { contentRoutes } from "./content.routes.ts";
export { type ContentService, createContentService } from "./content.service.ts";
