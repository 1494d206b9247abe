import { describe, expect, it } from 'vitest';
import { shareOf } from '../allocation/index.ts';
import { dayRange, previousRange, resolveRange } from '../../lists/date-range.ts';
import { percentageIncrease } from './service.ts';

describe('percentageIncrease', () => {
  it.each([
    [150, 100, 50],
    [100, 150, -33.333],
    [200, 150, 33.333],
    [2, 3, -33.333],
    [5, 3, 66.667],
    [1, 3, -66.667],
    [145_000, 120_000, 20.833],
    [0, 10, -100],
    [10, 0, 0],
    [0, 0, 0],
    [1, 8, -87.5],
    // 0.0005 % rounds away from zero, at both signs.
    [200_001, 200_000, 0.001],
    [199_999, 200_000, -0.001],
    // Exact far beyond 2^53 when scaled (kobo sums of billions of naira).
    [900_000_000_000_001, 300_000_000_000_000, 200],
  ])('(%i against %i) = %d', (current, previous, expected) => {
    expect(percentageIncrease(current, previous)).toBe(expected);
  });
});

describe('shareOf (a percentage of a kobo amount)', () => {
  it.each([
    [105_000, 100, 10_500], // 10 % of ₦1,050
    [145_000, 300, 43_500], // 30 % of ₦1,450
    [12_345, 125, 1_543], // 12.5 % of ₦123.45 = 1543.125 kobo → 1543
    [3, 500, 2], // 50 % of 3 kobo = 1.5 → 2 (half up)
    [1, 1, 0], // 0.1 % of 1 kobo
    [999_999_999_999_999, 800, 799_999_999_999_999], // exact on large sums
  ])('%i kobo × %i tenths = %i kobo', (amount, tenths, expected) => {
    expect(shareOf(amount, tenths)).toBe(expected);
  });
});

describe('day ranges in Lagos', () => {
  it('starts and ends a range on Lagos midnights (23:00 UTC)', () => {
    const range = dayRange('2026-03-02', '2026-03-04');
    expect(range.from.toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-04T23:00:00.000Z');
    expect(range.days).toBe(3);
  });

  it('takes the range of the same length before, across month ends and leap days', () => {
    expect(previousRange(dayRange('2026-03-02', '2026-03-04'))).toMatchObject({ startDay: '2026-02-27', endDay: '2026-03-01', days: 3 });
    expect(previousRange(dayRange('2028-03-01', '2028-03-01'))).toMatchObject({ startDay: '2028-02-29', endDay: '2028-02-29' });
    expect(previousRange(dayRange('2026-01-01', '2026-12-31'))).toMatchObject({ startDay: '2025-01-01', endDay: '2025-12-31', days: 365 });
  });

  it('reads a timestamp as the Lagos day it falls on, and defaults to today through 7 days ahead', () => {
    const now = new Date('2026-03-02T23:30:00Z'); // 00:30 on 3 March in Lagos
    expect(resolveRange({}, now)).toMatchObject({ startDay: '2026-03-03', endDay: '2026-03-10', days: 8 });
    expect(resolveRange({ startDate: '2026-03-01T23:00:00Z', endDate: '2026-03-02T22:59:59Z' }, now)).toMatchObject({
      startDay: '2026-03-02',
      endDay: '2026-03-02',
      days: 1,
    });
    expect(() => resolveRange({ startDate: '2026-03-01T23:00:00Z', endDate: '2026-03-01T22:59:59Z' }, now)).toThrow('endDate must not be before startDate');
    expect(resolveRange({ startDate: '2026-03-05' }, now)).toMatchObject({ startDay: '2026-03-05', endDay: '2026-03-05' });
  });
});
