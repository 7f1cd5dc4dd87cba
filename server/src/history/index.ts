export { calendarRoutes } from "./calendar.routes.ts";
export { createCalendarService } from "./calendar.service.ts";
export { historyRoutes } from "./history.routes.ts";
export { createHistoryService } from "./history.service.ts";
