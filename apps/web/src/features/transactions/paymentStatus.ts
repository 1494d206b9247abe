import type { ModeOfPayment, PaymentStatus } from '@eticket/contracts';
import { titleCase } from '../../lib/options.ts';

const STATUS: Record<PaymentStatus, { label: string; color: string }> = {
  success: { label: 'Success', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

/** A payment status as shown: success, pending, failed, anything else 'Unknown' (spec section 4). */
export function paymentStatusLabel(status: unknown): { label: string; color: string } {
  return typeof status === 'string' && Object.hasOwn(STATUS, status) ? STATUS[status as PaymentStatus] : { label: 'Unknown', color: 'gray' };
}

const MODE_LABELS: Partial<Record<ModeOfPayment, string>> = { pos: 'POS' };

/** cash → Cash, pos → POS. */
export function modeOfPaymentLabel(mode: string): string {
  return MODE_LABELS[mode as ModeOfPayment] ?? titleCase(mode);
}
