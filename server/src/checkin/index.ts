export { checkinRoutes } from "./checkin.routes.ts";
export { createCheckinService } from "./checkin.service.ts";
