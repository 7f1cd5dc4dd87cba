export { renewalLink } from "./contract-mails.ts";
export {
  anonymiseCancellationsOfFamily,
  applyClosuresToPeriods,
  cancellationsOfFamily,
  cancelledSubscriptionsLastDays,
  courseRestsOnSql,
  endSubscriptionOnWithdrawal,
  endSubscriptionsOfRefundedOrder,
  findPauses,
  hasRunningSubscription,
  lengthenForCancelledLesson,
  monthPaymentsOfItems,
  startSubscriptions,
} from "./subscriptions.repository.ts";
export { subscriptionsRoutes } from "./subscriptions.routes.ts";
export {
  createSubscriptionsService,
  SUBSCRIPTION_EVENT_TYPES,
  type SubscriptionsService,
} from "./subscriptions.service.ts";
