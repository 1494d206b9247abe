import { useEffect, useState } from 'react';
import type { DatesRangeValue } from '@mantine/dates';
import type { DayRange } from '../lib/dayRange.ts';

/** Names for the calendar's controls, so they can be reached by keyboard and screen reader alike. */
export const CALENDAR_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

type Picked = DatesRangeValue<string>;

/** Keeps a half-picked range on screen and reports a range once both ends are picked. */
export function useRangePicking(value: DayRange, onChange: (range: DayRange) => void) {
  const [picked, setPicked] = useState<Picked>([value.startDate, value.endDate]);
  useEffect(() => setPicked([value.startDate, value.endDate]), [value.startDate, value.endDate]);
  const pick = (next: Picked) => {
    setPicked(next);
    const [start, end] = next;
    if (start && end) onChange({ startDate: start.slice(0, 10), endDate: end.slice(0, 10) });
  };
  return { picked, pick };
}
