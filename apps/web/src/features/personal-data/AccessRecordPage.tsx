import { useState } from 'react';
import { Group, Paper, Select, Stack } from '@mantine/core';
import { PERSONAL_DATA_ACCESS_ACTIONS, type PersonalDataAccessAction } from '@eticket/contracts';
import { DateFilter } from '../../components/DataTable/DateFilter.tsx';
import { SearchBox } from '../../components/DataTable/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AccessRecordTable } from '../../components/AccessRecord/AccessRecordTable.tsx';
import { ACCESS_ACTION_LABELS } from '../../components/AccessRecord/labels.ts';

const ACTION_CHOICES = PERSONAL_DATA_ACCESS_ACTIONS.map((action) => ({ value: action, label: ACCESS_ACTION_LABELS[action] }));

/** Record of Looks (super-admin): every look at personal data, searched by person, staff member, action and date. */
export function AccessRecordPage() {
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<PersonalDataAccessAction | null>(null);
  const [[startDate, endDate], setRange] = useState<[string | null, string | null]>([null, null]);
  return (
    <>
      <PageHeader
        title="Record of Looks"
        description="Every look at a person's personal data: details pages opened, Show pressed, image links given, lists downloaded. Newest first."
      />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <SearchBox value={search} onSearch={setSearch} placeholder="Unique ID or name: of whom, or who looked" />
            <Select
              aria-label="Action"
              placeholder="All actions"
              data={ACTION_CHOICES}
              value={action}
              onChange={(value) => setAction(value as PersonalDataAccessAction | null)}
              clearable
              w={240}
            />
            <DateFilter startDate={startDate} endDate={endDate} onApply={setRange} />
          </Group>
          <AccessRecordTable
            label="Record of Looks"
            filter={{ search: search || undefined, action: action ?? undefined, startDate: startDate ?? undefined, endDate: endDate ?? undefined }}
          />
        </Stack>
      </Paper>
    </>
  );
}
