import { describe, expect, it } from 'vitest';
import { addLagosDays, addLagosMonths, lagosDay, lagosOffsetMs, startOfLagosDay, startOfNextLagosDay } from './calendar.ts';

describe('Lagos calendar', () => {
  it('is one hour ahead of UTC', () => {
    expect(lagosOffsetMs(new Date('2026-01-15T12:00:00Z'))).toBe(3600_000);
    expect(lagosOffsetMs(new Date('2026-07-15T12:00:00Z'))).toBe(3600_000);
  });

  it('keeps to the time zone database, transitions at odd instants included (offsets are reused by quarter hour)', () => {
    const format = new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Lagos', timeZoneName: 'longOffset' });
    const offsetOf = (at: Date) => {
      const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')!.value;
      const [, sign, hours, minutes, seconds] = /GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?/.exec(name)!;
      const ms = ((Number(hours ?? 0) * 60 + Number(minutes ?? 0)) * 60 + Number(seconds ?? 0)) * 1000;
      return sign === '-' ? -ms : ms;
    };
    // Around the zone's changes (LMT +00:13:35 to GMT in 1905, to +00:30 in 1914, to WAT in 1919), every 7 min 13 s, twice over.
    for (const around of ['1905-06-30T23:46:25Z', '1914-01-01T00:00:00Z', '1919-08-31T23:30:00Z']) {
      for (let pass = 0; pass < 2; pass++) {
        for (let t = Date.parse(around) - 3 * 3600_000; t < Date.parse(around) + 3 * 3600_000; t += 433_000) {
          expect(lagosOffsetMs(new Date(t))).toBe(offsetOf(new Date(t)));
        }
      }
    }
    expect(lagosOffsetMs(new Date('1910-01-01T00:00:00Z'))).toBe(815_000);
  });

  it('starts a Lagos day at 23:00 UTC of the day before', () => {
    expect(lagosDay(new Date('2026-03-01T22:59:59.999Z'))).toBe('2026-03-01');
    expect(lagosDay(new Date('2026-03-01T23:00:00.000Z'))).toBe('2026-03-02');
    expect(startOfLagosDay('2026-03-02').toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(startOfNextLagosDay('2026-12-31').toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('adds calendar days and months at the same Lagos wall-clock time', () => {
    // 23:30 on 31 January in Lagos (22:30 UTC): a month later is 23:30 on 28 February.
    const lateJan31 = new Date('2026-01-31T22:30:00Z');
    expect(lagosDay(lateJan31)).toBe('2026-01-31');
    expect(addLagosMonths(lateJan31, 1).toISOString()).toBe('2026-02-28T22:30:00.000Z');
    expect(addLagosMonths(new Date('2027-12-31T10:00:00Z'), 2).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addLagosMonths(new Date('2028-02-29T10:00:00Z'), 12).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(addLagosMonths(new Date('2026-11-30T23:30:00Z'), 3).toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(addLagosDays(new Date('2026-12-31T23:15:00Z'), 1).toISOString()).toBe('2027-01-01T23:15:00.000Z');
    expect(addLagosDays(new Date('2026-02-25T08:00:00Z'), 7).toISOString()).toBe('2026-03-04T08:00:00.000Z');
  });
});
