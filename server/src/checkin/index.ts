export { type Attendance, ageOn, createAttendance } from "./attendance.service.ts";
export { checkinRoutes } from "./checkin.routes.ts";
export { createCheckinService } from "./checkin.service.ts";
