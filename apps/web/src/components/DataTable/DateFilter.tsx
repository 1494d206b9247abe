import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

type Range = [string | null, string | null];

const ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/** The date filter (spec): pick a creation-date range, then Apply; clearing and applying removes it. */
export function DateFilter({ startDate, endDate, onApply }: { startDate: string | null; endDate: string | null; onApply: (range: Range) => void }) {
  const [range, setRange] = useState<Range>([startDate, endDate]);
  useEffect(() => setRange([startDate, endDate]), [startDate, endDate]);
  const changed = range[0] !== startDate || range[1] !== endDate;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <DatePickerInput
        type="range"
        aria-label="Date range"
        placeholder="Date range"
        valueFormat="DD MMM YYYY"
        allowSingleDateInRange
        clearable
        ariaLabels={ARIA_LABELS}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={range}
        onChange={(next) => setRange([next[0], next[1]])}
        w={{ base: '100%', sm: 250 }}
      />
      <Button
        variant={changed ? 'filled' : 'default'}
        // A range needs both ends; an empty range clears the filter.
        disabled={!changed || (range[0] !== null) !== (range[1] !== null)}
        onClick={() => onApply(range)}
      >
        Apply
      </Button>
    </Group>
  );
}
