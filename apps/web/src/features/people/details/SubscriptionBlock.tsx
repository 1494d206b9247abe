import { Badge } from '@mantine/core';
import type { PersonRecord } from '@eticket/contracts';
import { formatCount, formatNaira, formatShortDate } from '../../../lib/format.ts';
import { DetailGrid, DetailItem, DetailSection } from './DetailSection.tsx';
import { MISSING } from './display.ts';
import { SubscriptionActions } from './SubscriptionActions.tsx';

/** Spec section 4: active shows green, paused red; anything else known by name; otherwise Unknown. */
const STATUS_COLORS: Record<string, string> = { active: 'green', grace: 'yellow', expired: 'gray', paused: 'red' };

/** A motorist's ticket subscription: status, expiry, payments, plan, penalty, renewal date and the last receipt number. */
export function SubscriptionBlock({ person }: { person: PersonRecord }) {
  const subscription = person.ticketSubscription;
  if (!subscription) {
    return (
      <DetailSection title="Subscription">
        <DetailItem label="Status" value={null} />
      </DetailSection>
    );
  }
  const status = subscription.subscriptionStatus;
  const plan = subscription.subscription?.name ?? person.requestedPlan;
  return (
    <DetailSection title="Subscription" actions={<SubscriptionActions subscription={subscription} motoristId={person.id} />}>
      <DetailGrid>
        <DetailItem
          label="Status"
          value={
            <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
              {STATUS_COLORS[status] ? status : 'Unknown'}
            </Badge>
          }
        />
        <DetailItem label="Expiry date" value={formatShortDate(subscription.subscriptionExpiryDate)} />
        <DetailItem label="Accumulated" value={`${formatCount(subscription.accumulated)} × ${plan ?? MISSING}`} />
        <DetailItem label="Accumulated amount" value={formatNaira(subscription.accumulatedAmount)} />
        <DetailItem label="Payment plan" value={plan} />
        <DetailItem label="Penalty charges" value={formatNaira(subscription.outstandingPayment)} />
        <DetailItem label="Renewal date" value={formatShortDate(subscription.createdAt)} />
        <DetailItem label="Last receipt" value={subscription.lastReceiptNo} />
      </DetailGrid>
    </DetailSection>
  );
}
