import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, type MonthName } from './format.ts';

const monthName: MonthName = (month) => `m${month}`;

/** What Intl says of the instant in Lagos, read afresh every time (what formatDateTime did before its offset cache). */
const INTL = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function byIntl(ms: number): string {
  const parts = Object.fromEntries(INTL.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${Number(parts.day)} m${Number(parts.month)} ${Number(parts.year)}, ${parts.hour}:${parts.minute}`;
}

describe('dates in Lagos time', () => {
  it('match Intl for any instant from 1950 to 2100', () => {
    const instants = fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(instants, (ms) => {
        expect(formatDateTime(ms, monthName)).toBe(byIntl(ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('turn the day at midnight in Lagos (23:00 UTC)', () => {
    expect(formatDateTime('2026-11-28T22:59:59.999Z', monthName)).toBe('28 m11 2026, 23:59');
    expect(formatDateTime('2026-11-28T23:00:00.000Z', monthName)).toBe('29 m11 2026, 00:00');
    expect(formatDate(new Date('2026-12-31T23:30:00Z'), monthName)).toBe('1 m1 2027');
  });

  it('are empty when the date cannot be read', () => {
    expect(formatDate('not a date', monthName)).toBe('');
    expect(formatDateTime(Number.NaN, monthName)).toBe('');
  });
});
