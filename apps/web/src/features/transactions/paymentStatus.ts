import type { ModeOfPayment, PaymentStatus } from '@eticket/contracts';

const STATUS: Record<PaymentStatus, { label: string; color: string }> = {
  success: { label: 'Success', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

/** A payment status as shown: success, pending, failed, anything else 'Unknown' (spec section 4). */
export function paymentStatusLabel(status: unknown): { label: string; color: string } {
  return typeof status === 'string' && Object.hasOwn(STATUS, status) ? STATUS[status as PaymentStatus] : { label: 'Unknown', color: 'gray' };
}

const MODE_LABELS: Record<ModeOfPayment, string> = { cash: 'Cash', transfer: 'Transfer', pos: 'POS', card: 'Card' };

/** cash → Cash, pos → POS: the product's labels of its own vocabulary; an unknown mode as stored. */
export function modeOfPaymentLabel(mode: string): string {
  return MODE_LABELS[mode as ModeOfPayment] ?? mode;
}
