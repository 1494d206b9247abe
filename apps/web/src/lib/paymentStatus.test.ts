import { describe, expect, it } from 'vitest';
import { modeOfPaymentLabel, paymentStatusLabel } from './paymentStatus.ts';

describe('paymentStatusLabel', () => {
  it('names success, pending and failed', () => {
    expect(paymentStatusLabel('success')).toEqual({ label: 'Success', color: 'green' });
    expect(paymentStatusLabel('pending').label).toBe('Pending');
    expect(paymentStatusLabel('failed').label).toBe('Failed');
  });

  it('names a reversed payment (issue 44)', () => {
    expect(paymentStatusLabel('reversed')).toEqual({ label: 'Reversed', color: 'grape' });
  });

  it("shows anything else as 'Unknown'", () => {
    for (const status of ['refunded', '', null, undefined, 'constructor']) expect(paymentStatusLabel(status).label).toBe('Unknown');
  });
});

describe('modeOfPaymentLabel', () => {
  it('labels the modes of payment', () => {
    expect(modeOfPaymentLabel('pos')).toBe('POS');
    expect(modeOfPaymentLabel('cash')).toBe('Cash');
    expect(modeOfPaymentLabel('transfer')).toBe('Transfer');
    expect(modeOfPaymentLabel('ussd')).toBe('USSD');
  });
});
