import { describe, expect, it } from 'vitest';
import { closeFiltersOf, tabOf } from './tabs.ts';

describe('the Tills page tabs', () => {
  it('reads the tab from the address, Open tills by default', () => {
    expect(tabOf(new URLSearchParams())).toBe('open');
    expect(tabOf(new URLSearchParams('tab=variances'))).toBe('variances');
    expect(tabOf(new URLSearchParams('tab=nonsense'))).toBe('open');
  });

  it('lists the closes of each tab', () => {
    const params = new URLSearchParams('remitter=abc&status=approved');
    expect(closeFiltersOf('waiting', params)).toEqual({ status: 'pending' });
    expect(closeFiltersOf('variances', params)).toEqual({ varianceOnly: 'true' });
    expect(closeFiltersOf('history', params)).toEqual({ remitter: 'abc', status: 'approved' });
    expect(closeFiltersOf('history', new URLSearchParams('status=bogus'))).toEqual({ remitter: undefined, status: undefined });
  });
});
