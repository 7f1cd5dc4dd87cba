export { cancelLinkedOrder } from "./cancel-linked-order.ts";
export {
  clearPaymentDetailsOfUser,
  insertRefund,
  lockUnits,
  refundPendingAtGateway,
  refundStatusesOfOrder,
  slowPendingRefunds,
} from "./checkout.repository.ts";
export { checkoutRoutes, stripeCancelRoutes, stripeWebhookRoutes } from "./checkout.routes.ts";
export { createCheckoutService } from "./checkout.service.ts";
export {
  disputeNeedsAttention,
  disputesOfOrder,
  heldOf,
  markDisputeHandled,
  ordersWithDisputeNeedingAttention,
  type PaymentDisputeRow,
  paymentHolds,
} from "./disputes.repository.ts";
export {
  failedAfterAccepted,
  failedLaterError,
  failureForFamily,
  gaveNothingBack,
  refuseAnswerWithoutMoney,
} from "./failed-refunds.ts";
export { loadInstallation, refundIdInRound } from "./installation.ts";
export { type IssueChange, resolveIssueByHand, retryGivenUpRefund } from "./payment-issue-settle.ts";
export {
  bookedGatewayRefund,
  // A payment's issue as it is now, e.g. after its refund was tried at once (D571); undefined: none.
  findIssue as paymentIssueOf,
  REFUND_ATTEMPTS,
} from "./payment-issues.repository.ts";
export { deletePaymentLinksOfUser, paymentHoldOfOrder } from "./payment-links.repository.ts";
export { createPaymentWorker, type PaymentWorker } from "./payment-worker.ts";
export { orderLinesDue } from "./paypal-order-request.ts";
export { createPayPalWebhooks } from "./paypal-webhooks.ts";
export {
  createStaffOrders,
  LINK_RESEND,
  type StaffOrderBuilt,
  type StaffOrderQuote,
  type StaffOrders,
} from "./staff-orders.service.ts";
export { createStripeWebhooks } from "./stripe-webhooks.ts";
