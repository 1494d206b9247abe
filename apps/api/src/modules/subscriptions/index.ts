// The subscriptions module's public face: what other modules may use of it.
export {
  GRACE_SETTING_KEY,
  createSubscriptionsRepository,
  joinSubscriptions,
  subscriptionColumns,
  subscriptionFromColumns,
  subscriptionQueries,
  type SubscriptionQueries,
  type SubscriptionWithPlan,
} from './repository.ts';
export { createSubscriptionsService, toTicketSubscription, type SubscriptionsService, type TicketSubscriptionViews } from './service.ts';
export { effectiveExpiry, extend, statusAt } from './lifecycle.ts';
