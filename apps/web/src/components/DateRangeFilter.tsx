import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { DayRange } from '../lib/dayRange.ts';
import { CALENDAR_ARIA_LABELS, useRangePicking } from './rangePicking.ts';

/** The dashboards' date-range picker: whole Lagos days, both ends inclusive (spec section 2). */
export function DateRangeFilter({ value, onChange, label = 'Date range' }: { value: DayRange; onChange: (range: DayRange) => void; label?: string }) {
  const { picked, pick } = useRangePicking(value, onChange);
  return (
    <DatePickerInput
      type="range"
      label={label}
      value={picked}
      onChange={pick}
      allowSingleDateInRange
      valueFormat="D MMM YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      ariaLabels={CALENDAR_ARIA_LABELS}
      miw={260}
      popoverProps={{ position: 'bottom-end' }}
    />
  );
}
