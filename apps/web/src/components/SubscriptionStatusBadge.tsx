import { Badge } from '@mantine/core';
import { subscriptionStatusLabel } from '../lib/subscriptionStatus.ts';

/** Active green, grace yellow, expired and paused red, anything else grey 'Unknown'. */
export function SubscriptionStatusBadge({ status }: { status: unknown }) {
  const { label, color } = subscriptionStatusLabel(status);
  return (
    <Badge color={color} variant="light" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
