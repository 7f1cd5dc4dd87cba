export { attendanceOfItems } from "./attendance.repository.ts";
export { type Attendance, ageOn, createAttendance } from "./attendance.service.ts";
export { checkinRoutes } from "./checkin.routes.ts";
export { createCheckinService, type RecordAudit } from "./checkin.service.ts";
