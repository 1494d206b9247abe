import { Badge } from '@mantine/core';
import { paymentStatusLabel } from '../lib/paymentStatus.ts';

/** Success green, pending yellow, failed red, reversed grape, anything else grey 'Unknown'. */
export function PaymentStatusBadge({ status }: { status: unknown }) {
  const { label, color } = paymentStatusLabel(status);
  return (
    <Badge color={color} variant="light" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
