// The back office (D97): `/api/v2/admin/*`, composing the areas beneath it through their entries.
export { adminRoutes } from "./admin.routes.ts";
export { recordAudit } from "./audit.repository.ts";
export { countPaymentIssuesOpen } from "./dashboard.repository.ts";
export { failedMailsRoutes } from "./failed-mails.routes.ts";
export { giftCardDeliveryRoutes } from "./gift-card-delivery.routes.ts";
export { adminOrdersRoutes } from "./orders.routes.ts";
export { adminPartyRequestsRoutes } from "./party-requests.routes.ts";
export { paymentIssuesRoutes } from "./payment-issues.routes.ts";
export { adminWaitingListRoutes } from "./waiting-list.routes.ts";
