import { describe, expect, it } from 'vitest';
import { addDays, defaultDayRange, formatDay, formatDayRange, formatPeriod, lagosDay } from './dayRange.ts';

describe('lagosDay', () => {
  it('is the Lagos calendar day (UTC+1): 23:00Z is already the next day', () => {
    expect(lagosDay(new Date('2026-03-02T22:59:59Z'))).toBe('2026-03-02');
    expect(lagosDay(new Date('2026-03-02T23:00:00Z'))).toBe('2026-03-03');
  });
});

describe('addDays', () => {
  it('crosses months and years', () => {
    expect(addDays('2026-02-27', 7)).toBe('2026-03-06');
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('defaultDayRange', () => {
  it('is today through 7 days ahead, in Lagos days', () => {
    expect(defaultDayRange(new Date('2026-03-02T23:30:00Z'))).toEqual({ startDate: '2026-03-03', endDate: '2026-03-10' });
  });
});

describe('labels', () => {
  it('formats days, ranges and chart periods', () => {
    expect(formatDay('2026-03-03')).toBe('3 Mar 2026');
    expect(formatDayRange({ startDate: '2026-03-03', endDate: '2026-03-10' })).toBe('3 Mar 2026 – 10 Mar 2026');
    expect(formatDayRange({ startDate: '2026-03-03', endDate: '2026-03-03' })).toBe('3 Mar 2026');
    expect(formatPeriod('2026-03-03')).toBe('3 Mar');
    expect(formatPeriod('2026-03')).toBe('Mar 2026');
  });
});
