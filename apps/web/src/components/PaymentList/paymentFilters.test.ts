import { describe, expect, it } from 'vitest';
import { hasPaymentFilters, paymentFiltersOf, withoutPaymentFilters, withPaymentFilters } from './paymentFilters.ts';

const REMITTER = '0b7d4c1e-5f7a-4a39-9d54-6a1f0c2e8b11';

describe('payment filters in the page address', () => {
  it('reads every filter the API takes', () => {
    const params = new URLSearchParams({ vehicleType: 'bus', plan: '3 months', modeOfPayment: 'pos', remitter: REMITTER, status: 'failed' });
    expect(paymentFiltersOf(params)).toEqual({ vehicleType: 'bus', plan: '3 months', modeOfPayment: 'pos', remitter: REMITTER, status: 'failed' });
  });

  it('leaves out values the API would refuse, and parameters that are not filters', () => {
    const params = new URLSearchParams({ vehicleType: 'lorry', plan: 'Monthly', remitter: 'not-an-id', status: 'success', page: '3' });
    expect(paymentFiltersOf(params)).toEqual({ status: 'success' });
  });

  it('sets and removes filters, keeping the other parameters', () => {
    const params = new URLSearchParams({ tab: 'x', plan: 'daily' });
    const changed = withPaymentFilters(params, { plan: null, modeOfPayment: 'cash' });
    expect(changed.toString()).toBe('tab=x&modeOfPayment=cash');
    expect(params.toString()).toBe('tab=x&plan=daily');
  });

  it('clears every filter at once', () => {
    const params = new URLSearchParams({ tab: 'x', plan: 'daily', vehicleType: 'keke', remitter: REMITTER });
    expect(withoutPaymentFilters(params).toString()).toBe('tab=x');
  });

  it('knows when any filter is set', () => {
    expect(hasPaymentFilters({})).toBe(false);
    expect(hasPaymentFilters({ plan: 'daily' })).toBe(true);
  });
});
