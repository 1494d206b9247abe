import { describe, expect, it } from 'vitest';
import { confirmationText, reasonError, reasonRequired, varianceText } from './decision.ts';

describe('a close decision', () => {
  it('needs a reason to reject, and to approve a count that differs', () => {
    expect(reasonRequired('reject', 0)).toBe(true);
    expect(reasonRequired('approve', 0)).toBe(false);
    expect(reasonRequired('approve', -500)).toBe(true);
    expect(reasonRequired('approve', 0.01)).toBe(true);
    expect(reasonError('approve', 0, '')).toBeNull();
    expect(reasonError('approve', -500, '   ')).toMatch(/reason is required to approve/);
    expect(reasonError('reject', 0, '')).toMatch(/reason is required to reject/);
    expect(reasonError('reject', 0, 'slip unreadable')).toBeNull();
  });

  it('says the variance and what approving posts', () => {
    expect(varianceText(-500)).toBe('₦500.00 short');
    expect(varianceText(200)).toBe('₦200.00 over');
    expect(varianceText(0)).toBe('No variance');
    expect(confirmationText('approve', { counted: 7000, variance: -500, remitterName: 'Remy Remitter' })).toBe(
      "Approve this close? This posts ₦7,000.00 lodged to the levy's bank and a shortage of ₦500.00 owed by Remy Remitter.",
    );
    expect(confirmationText('approve', { counted: 100, variance: 0, remitterName: 'X' })).toBe(
      "Approve this close? This posts ₦100.00 lodged to the levy's bank.",
    );
    expect(confirmationText('reject', { counted: 100, variance: 0, remitterName: 'X' })).toMatch(/X's till opens again/);
  });
});
