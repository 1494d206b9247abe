import { describe, expect, it } from 'vitest';
import { splitByMonths } from './day-counts.ts';

describe('splitByMonths: whole days as whole months and the days around them', () => {
  it('an open range is every month', () => {
    expect(splitByMonths({})).toEqual([{ unit: 'month', firstDay: undefined, endDay: undefined }]);
  });

  it('days before the first whole month, the months, and days after the last', () => {
    expect(splitByMonths({ firstDay: '2026-02-15', endDay: '2026-05-10' })).toEqual([
      { unit: 'day', firstDay: '2026-02-15', endDay: '2026-03-01' },
      { unit: 'month', firstDay: '2026-03-01', endDay: '2026-05-01' },
      { unit: 'day', firstDay: '2026-05-01', endDay: '2026-05-10' },
    ]);
  });

  it('a range on month boundaries is months alone; across a year end too', () => {
    expect(splitByMonths({ firstDay: '2025-12-01', endDay: '2026-02-01' })).toEqual([{ unit: 'month', firstDay: '2025-12-01', endDay: '2026-02-01' }]);
    expect(splitByMonths({ firstDay: '2025-12-02', endDay: '2026-02-01' })).toEqual([
      { unit: 'day', firstDay: '2025-12-02', endDay: '2026-01-01' },
      { unit: 'month', firstDay: '2026-01-01', endDay: '2026-02-01' },
    ]);
  });

  it('one open side: the months run on to that side', () => {
    expect(splitByMonths({ firstDay: '2026-03-02' })).toEqual([
      { unit: 'day', firstDay: '2026-03-02', endDay: '2026-04-01' },
      { unit: 'month', firstDay: '2026-04-01', endDay: undefined },
    ]);
    expect(splitByMonths({ endDay: '2026-03-02' })).toEqual([
      { unit: 'month', firstDay: undefined, endDay: '2026-03-01' },
      { unit: 'day', firstDay: '2026-03-01', endDay: '2026-03-02' },
    ]);
  });

  it('days within one month, or around a month end with no whole month, are days alone', () => {
    expect(splitByMonths({ firstDay: '2026-03-02', endDay: '2026-03-20' })).toEqual([{ unit: 'day', firstDay: '2026-03-02', endDay: '2026-03-20' }]);
    expect(splitByMonths({ firstDay: '2026-02-20', endDay: '2026-03-20' })).toEqual([{ unit: 'day', firstDay: '2026-02-20', endDay: '2026-03-20' }]);
    expect(splitByMonths({ firstDay: '2026-03-01', endDay: '2026-03-31' })).toEqual([{ unit: 'day', firstDay: '2026-03-01', endDay: '2026-03-31' }]);
  });

  it('takes the five-digit year of the end of 9999-12-31', () => {
    expect(splitByMonths({ firstDay: '9999-11-15', endDay: '10000-01-01' })).toEqual([
      { unit: 'day', firstDay: '9999-11-15', endDay: '9999-12-01' },
      { unit: 'month', firstDay: '9999-12-01', endDay: '10000-01-01' },
    ]);
  });
});
