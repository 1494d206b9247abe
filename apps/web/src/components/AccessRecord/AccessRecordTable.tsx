import { useState } from 'react';
import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { personalDataEndpoints, personName, type PersonalDataAccessEntry, type PersonalDataAccessQuery } from '@eticket/contracts';
import { Pager } from '../DataTable/index.ts';
import { NoWrap } from '../NoWrap.tsx';
import { call } from '../../lib/api.ts';
import { formatTableDateTime } from '../../lib/format.ts';
import { ACCESS_ACTION_LABELS, PERSONAL_FIELD_LABELS } from './labels.ts';

const PAGE_SIZE = 10;

/** GET /api/personal-data-access: one page of the record of looks. */
const fetchAccessRecord = (query: PersonalDataAccessQuery, signal?: AbortSignal) => call(personalDataEndpoints.accessRecord, { query }, { signal });

function Someone({ who }: { who: { fullName: string | null; userCode: string | null } | null }) {
  if (!who) return <Text size="sm">A list</Text>;
  return (
    <Stack gap={0}>
      <NoWrap>{who.fullName ? personName(who.fullName) : 'Someone since erased'}</NoWrap>
      <Text size="xs" c="dimmed">
        {who.userCode}
      </Text>
    </Stack>
  );
}

const fieldsOf = (entry: PersonalDataAccessEntry) => entry.fields.map((field) => PERSONAL_FIELD_LABELS[field]).join(', ');

/** A paged table of the record of looks, newest first, narrowed by `filter` (a new filter starts at page 1). */
export function AccessRecordTable({
  label,
  filter,
  showPerson = true,
}: {
  label: string;
  filter: Omit<PersonalDataAccessQuery, 'page' | 'limit'>;
  showPerson?: boolean;
}) {
  const [paging, setPaging] = useState({ page: 1, filter: JSON.stringify(filter) });
  const page = paging.filter === JSON.stringify(filter) ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, filter: JSON.stringify(filter) });
  const query = useQuery({
    queryKey: ['personal-data-access', filter, page],
    queryFn: ({ signal }) => fetchAccessRecord({ ...filter, page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  if (query.isPending) return <Loader size="sm" aria-label={`Loading ${label}`} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={`Could not load ${label.toLowerCase()}`}>
        {query.error.message}
      </Alert>
    );
  }
  const { data, paginator } = query.data;
  if (data.length === 0) return <Text c="dimmed">Nobody has looked yet.</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={label} striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              {showPerson && <Table.Th>Of whom</Table.Th>}
              <Table.Th>What</Table.Th>
              <Table.Th>Fields</Table.Th>
              <Table.Th>From</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <NoWrap>{formatTableDateTime(entry.at)}</NoWrap>
                </Table.Td>
                <Table.Td>
                  <Someone who={entry.staff} />
                </Table.Td>
                {showPerson && (
                  <Table.Td>
                    <Someone who={entry.person} />
                  </Table.Td>
                )}
                <Table.Td>
                  {ACCESS_ACTION_LABELS[entry.action]}
                  {entry.subject && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {entry.subject}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{fieldsOf(entry)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.ip ?? 'unknown'}</Text>
                  <Text size="xs" c="dimmed" lineClamp={1} title={entry.userAgent ?? undefined}>
                    {entry.userAgent}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {paginator.total} look{paginator.total === 1 ? '' : 's'}
        </Text>
        <Pager page={page} pageCount={paginator.pageCount} onPage={setPage} />
      </Group>
    </Stack>
  );
}
