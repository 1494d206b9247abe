import type { ModeOfPayment } from '@eticket/contracts';

const MODE_LABELS: Record<ModeOfPayment, string> = { cash: 'Cash', transfer: 'Transfer', pos: 'POS', card: 'Card', ussd: 'USSD' };

/** cash → Cash, pos → POS: the product's labels of its own vocabulary; an unknown mode as stored. */
export function modeOfPaymentLabel(mode: string): string {
  return MODE_LABELS[mode as ModeOfPayment] ?? mode;
}
