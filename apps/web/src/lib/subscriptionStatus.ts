import type { SubscriptionStatus } from '@eticket/contracts';

const UNKNOWN_STATUS = 'Unknown';

const LABELS: Record<SubscriptionStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  grace: { label: 'Grace', color: 'yellow' },
  expired: { label: 'Expired', color: 'red' },
  // Spec section 4: on the detail page a paused subscription shows red.
  paused: { label: 'Paused', color: 'red' },
};

/** A subscription status as shown: active, grace, expired (and paused), anything else 'Unknown'. */
export function subscriptionStatusLabel(status: unknown): { label: string; color: string } {
  return typeof status === 'string' && Object.hasOwn(LABELS, status) ? LABELS[status as SubscriptionStatus] : { label: UNKNOWN_STATUS, color: 'gray' };
}
