export {
  type AcademyWeekRow,
  findAcademyWeeks,
  findPublicSlugs,
  findPurchaseOptions,
  findSlots,
  textIn,
} from "./catalogue.repository.ts";
export { catalogueRoutes } from "./catalogue.routes.ts";
export { type CatalogueService, createCatalogueService, mediaUrlOn } from "./catalogue.service.ts";
export { createEpochCounter } from "./catalogue-epoch.ts";
export {
  CLOSURE_SORTS,
  type ClosureRow,
  type ClosureValues,
  deleteClosure,
  findClosureForEdit,
  insertClosure,
  listClosuresForStaff,
  updateClosure,
} from "./closures.repository.ts";
export { createEpochCache, type EpochCache } from "./epoch-cache.ts";
export {
  createResponseCache,
  jsonBody,
  type ResponseCache,
  SEATS_CACHE_CONTROL,
  sendCached,
  textBody,
} from "./http-cache.ts";
export {
  archiveSlot,
  categoryExists,
  deleteSlot,
  existingInstructorIds,
  findPageForEdit,
  findSlotForEdit,
  insertPage,
  insertSlot,
  listCategoryChoices,
  listInstructorChoices,
  listPagesForStaff,
  listSlotsForStaff,
  PAGE_SORTS,
  type PageFilter,
  type PageRow,
  type PageValues,
  SLOT_SORTS,
  type SlotFilter,
  type SlotRow,
  type SlotValues,
  slotHasBookings,
  slugTaken,
  updatePage,
  updateSlot,
} from "./page-editing.repository.ts";
export { findMsUntilTimedChange } from "./product-read.repository.ts";
