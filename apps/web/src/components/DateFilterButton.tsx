import { useState } from 'react';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { defaultDayRange, formatDayRange, type DayRange } from '../lib/dayRange.ts';
import { CALENDAR_ARIA_LABELS, useRangePicking } from './rangePicking.ts';

/** A 'Date filter' button opening a date-range picker (the union dashboard, spec section 2). */
export function DateFilterButton({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const [opened, setOpened] = useState(false);
  const choose = (range: DayRange) => {
    onChange(range);
    setOpened(false);
  };
  const { picked, pick } = useRangePicking(value, choose);
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="date-filter-range">
        {formatDayRange(value)}
      </Text>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <Button variant="default" leftSection={<IconCalendarEvent size={16} aria-hidden />} onClick={() => setOpened((open) => !open)} aria-expanded={opened}>
            Date filter
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Choose a date range">
          <Stack gap="xs">
            <DatePicker type="range" value={picked} onChange={pick} allowSingleDateInRange ariaLabels={CALENDAR_ARIA_LABELS} />
            <Button variant="subtle" size="xs" onClick={() => choose(defaultDayRange())}>
              Today and the next 7 days
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
