export { carriedAtGatewayCents } from "./gateway-money.ts";
export { creditOrderRefundedAtGateway } from "./gateway-refund-credit.ts";
export { unbookedGatewayCents } from "./record-staff-refund.ts";
export { refundFailedLater } from "./refund-failed-later.ts";
export { refundPolicyOf } from "./refund-policy.ts";
export { inGatewayWords, lastTryUnanswered, type SettledRefund } from "./settle-refund.ts";
export {
  findOrderDocumentsForStaff,
  findOrderForStaff,
  findOrderItemsForStaff,
  findOrderMailsForStaff,
  findOrderPaymentsForStaff,
  listOrdersForStaff,
  STAFF_ORDER_SORTS,
  type StaffOrderFilter,
} from "./staff-orders.repository.ts";
export {
  clearStaffRefundReasons,
  findStaffRefundsOfItems,
  findStaffRefundsOfOrders,
  type StaffRefundRow,
  staffRefundVersionsOfOrder,
} from "./staff-refunds.repository.ts";
export { familyRefundState, notPaidOutYet } from "./withdrawals.deps.ts";
export {
  findWithdrawalsOfItems,
  itemRefundsGatewayCents,
  withdrawalVersionsOfOrder,
} from "./withdrawals.repository.ts";
export { withdrawalsRoutes } from "./withdrawals.routes.ts";
export type { WithdrawalsService } from "./withdrawals.service.ts";
export { createWithdrawalsService, toRecord } from "./withdrawals.service.ts";
