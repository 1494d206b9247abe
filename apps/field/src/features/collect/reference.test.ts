import { AGENT_MODES_OF_PAYMENT, TILL_MESSAGES, fieldErrorOf, penaltyPaymentRequest } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import { inReferenceWords, referenceLabel, referenceProblem } from './reference.ts';

describe('a payment’s reference on the collect form', () => {
  it('is named for its channel, and cash has none', () => {
    expect(referenceLabel('transfer')).toBe('Transfer reference');
    expect(referenceLabel('pos')).toBe('POS receipt / RRN');
    expect(referenceLabel('card')).toBe('Card reference');
    expect(referenceLabel('cash')).toBeNull();
  });

  it('is required for transfer, POS and card, blank or spaces alike, and never for cash', () => {
    expect(referenceProblem('transfer', '')).toBe('Enter the transfer reference');
    expect(referenceProblem('pos', '   ')).toBe('Enter the RRN from the POS receipt');
    expect(referenceProblem('card', '')).toBe('Enter the card payment’s reference');
    expect(referenceProblem('cash', '')).toBeUndefined();
  });

  it('passes what the server takes and refuses what it refuses, in the channel’s words', () => {
    expect(referenceProblem('transfer', ' FT2611280001 ')).toBeUndefined();
    expect(referenceProblem('pos', '1'.repeat(100))).toBeUndefined();
    expect(referenceProblem('pos', '1'.repeat(101))).toBe('POS receipt / RRN must be at most 100 characters');
  });

  it('agrees with the server’s schema on every non-cash mode, blank, spaced, at and past the length', () => {
    // Cash sends no reference, so only the other modes are compared.
    for (const modeOfPayment of AGENT_MODES_OF_PAYMENT.filter((mode) => mode !== 'cash')) {
      for (const reference of ['', '  ', 'FT-1', ` ${'9'.repeat(100)} `, '9'.repeat(101)]) {
        const body = { userCode: 'fieldmoto1', amount: 100, modeOfPayment, bankName: 'zenith bank', reference, capturedAt: new Date().toISOString() };
        const issue = penaltyPaymentRequest.safeParse(body).error?.issues.find((found) => found.path[0] === 'reference');
        const label = referenceLabel(modeOfPayment);
        expect(referenceProblem(modeOfPayment, reference) === undefined, `${modeOfPayment} ${JSON.stringify(reference)}`).toBe(issue === undefined);
        if (issue && reference.trim()) expect(referenceProblem(modeOfPayment, reference)).toBe(fieldErrorOf('reference', issue.message, label!).message);
      }
    }
  });

  it('words the server’s refusal of a reference already paid for the channel', () => {
    const refusal = TILL_MESSAGES.referenceTaken('FT-1', 'R000123');
    expect(inReferenceWords('transfer', refusal)).toBe('Transfer reference FT-1 already paid receipt R000123');
    expect(inReferenceWords('cash', 'No motorist has that plate')).toBe('No motorist has that plate');
  });
});
