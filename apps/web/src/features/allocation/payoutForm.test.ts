import { describe, expect, it } from 'vitest';
import { payoutBody } from './payoutForm.ts';

const TODAY = '2026-03-03';

describe('payoutBody', () => {
  it('asks for amount, date and reference', () => {
    expect(payoutBody({ amount: '', date: TODAY, reference: 'TRX-1' }, TODAY)).toEqual({ ok: false, message: 'All field are required' });
    expect(payoutBody({ amount: 100, date: null, reference: 'TRX-1' }, TODAY)).toEqual({ ok: false, message: 'All field are required' });
    expect(payoutBody({ amount: 100, date: TODAY, reference: '  ' }, TODAY)).toEqual({ ok: false, message: 'All field are required' });
  });

  it('refuses a date after today and amounts the contract refuses', () => {
    expect(payoutBody({ amount: 100, date: '2026-03-04', reference: 'TRX-1' }, TODAY)).toEqual({ ok: false, message: 'date must not be in the future' });
    expect(payoutBody({ amount: 0, date: TODAY, reference: 'TRX-1' }, TODAY)).toEqual({ ok: false, message: 'amount must be more than 0' });
    expect(payoutBody({ amount: 1.234, date: TODAY, reference: 'TRX-1' }, TODAY)).toMatchObject({ ok: false });
  });

  it('sends naira, the Lagos day and the trimmed reference', () => {
    expect(payoutBody({ amount: 2500.5, date: TODAY, reference: ' TRX-1 ' }, TODAY)).toEqual({
      ok: true,
      body: { amount: 2500.5, date: TODAY, reference: 'TRX-1' },
    });
  });
});
