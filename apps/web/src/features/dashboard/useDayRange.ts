import { useState } from 'react';
import { defaultDayRange, type DayRange } from '../../lib/dayRange.ts';

/** A dashboard's range, starting at the spec's default: today through 7 days ahead (Lagos days). */
export function useDayRange(): [DayRange, (range: DayRange) => void] {
  return useState<DayRange>(() => defaultDayRange());
}
