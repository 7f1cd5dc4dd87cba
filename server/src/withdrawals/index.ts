export { findWithdrawalsOfItems, orderHasWithdrawals } from "./withdrawals.repository.ts";
export { withdrawalsRoutes } from "./withdrawals.routes.ts";
export { createWithdrawalsService, toRecord } from "./withdrawals.service.ts";
