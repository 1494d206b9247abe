import { describe, expect, it } from 'vitest';
import { monthOf, periodLabel, switchTo, thisMonth } from './period.ts';

// 31 March 2026, 23:30 in Lagos (22:30 UTC): still March there.
const lateMarch = new Date('2026-03-31T22:30:00Z');

describe('the Books report period', () => {
  it('starts at this Lagos month', () => {
    expect(thisMonth(lateMarch)).toEqual({ period: 'month', date: '2026-03' });
    expect(thisMonth(new Date('2026-03-31T23:00:00Z'))).toEqual({ period: 'month', date: '2026-04' });
  });

  it('switches a month to today when it is this month, else to its first day, and a day to its month', () => {
    expect(switchTo('day', { period: 'month', date: '2026-03' }, lateMarch)).toEqual({ period: 'day', date: '2026-03-31' });
    expect(switchTo('day', { period: 'month', date: '2026-01' }, lateMarch)).toEqual({ period: 'day', date: '2026-01-01' });
    expect(switchTo('month', { period: 'day', date: '2026-01-17' }, lateMarch)).toEqual({ period: 'month', date: '2026-01' });
    expect(monthOf({ period: 'day', date: '2026-01-17' })).toBe('2026-01');
  });

  it('is written out in words', () => {
    expect(periodLabel({ period: 'day', date: '2026-03-10' })).toBe('10 March 2026');
    expect(periodLabel({ period: 'month', date: '2026-03' })).toBe('March 2026');
  });
});
