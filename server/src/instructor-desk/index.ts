export {
  countOpenReports,
  findReport,
  listReportsForStaff,
  lockReport,
  setReportStatus,
  slotHasReports,
} from "./instructor-desk.repository.ts";
export { instructorDeskRoutes } from "./instructor-desk.routes.ts";
export { createInstructorDesk, type InstructorDesk, toReport } from "./instructor-desk.service.ts";
