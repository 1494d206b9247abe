import type { PaymentStatus } from '@eticket/contracts';

const STATUS: Record<PaymentStatus, { label: string; color: string }> = {
  success: { label: 'Success', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  // Recorded in error and reversed (issue 44).
  reversed: { label: 'Reversed', color: 'grape' },
};

/** A payment status as shown: success, pending, failed, reversed, anything else 'Unknown' (spec section 4). */
export function paymentStatusLabel(status: unknown): { label: string; color: string } {
  return typeof status === 'string' && Object.hasOwn(STATUS, status) ? STATUS[status as PaymentStatus] : { label: 'Unknown', color: 'gray' };
}

// Shared with the dashboard's till cards.
export { modeOfPaymentLabel } from './paymentModes.ts';
