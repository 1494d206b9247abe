import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatNaira, formatPercent, formatShortDate } from './format.ts';

describe('formatNaira', () => {
  it('uses the naira sign and Nigerian grouping', () => {
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira('2500')).toBe('₦2,500.00');
    expect(formatNaira(0)).toBe('₦0.00');
  });
  it('shows N/A for a missing or unreadable amount', () => {
    expect(formatNaira(null)).toBe('N/A');
    expect(formatNaira(undefined)).toBe('N/A');
    expect(formatNaira('abc')).toBe('N/A');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => expect(formatCount(1234567)).toBe('1,234,567'));
});

describe('formatPercent', () => {
  it('always shows 3 decimals', () => {
    expect(formatPercent(12.34567)).toBe('12.346%');
    expect(formatPercent(0)).toBe('0.000%');
    expect(formatPercent(-5)).toBe('-5.000%');
  });
  it('shows N/A when missing', () => expect(formatPercent(undefined)).toBe('N/A'));
});

describe('formatDateTime', () => {
  it('formats in Lagos time, long style', () => {
    expect(formatDateTime('2025-03-05T09:30:00Z')).toBe('5 March 2025 at 10:30');
  });
  it('shows N/A for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('')).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
  });
});

describe('formatShortDate', () => {
  it('formats MM/d/yyyy', () => {
    expect(formatShortDate('2025-03-05T09:30:00Z')).toBe('03/5/2025');
    expect(formatShortDate('1990-11-17')).toBe('11/17/1990');
  });
  it('uses the Lagos day', () => expect(formatShortDate('2025-03-05T23:30:00Z')).toBe('03/6/2025'));
  it('shows N/A for missing or invalid dates', () => {
    expect(formatShortDate(undefined)).toBe('N/A');
    expect(formatShortDate('31/31/2020')).toBe('N/A');
  });
});
