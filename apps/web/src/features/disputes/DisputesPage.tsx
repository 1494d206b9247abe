import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  DISPUTE_AGES,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  DISPUTE_STATES,
  DISPUTE_STATE_LABELS,
  FIRST_PAGE,
  personName,
  type Dispute,
  type DisputeAge,
} from '@eticket/contracts';
import { PagerBar, TableRows, onFirstPage, type Column } from '../../components/DataTable/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SecondLine, TableDateTime, WrappingText } from '../../components/TableText.tsx';
import { DisputeModal } from './DisputeModal.tsx';
import { AgeBadge, SOURCE_LABELS, StateBadge } from './labels.tsx';
import { useDisputeList } from './queries.ts';

const PAGE_SIZE = 20;
const AGE_LABELS: Record<DisputeAge, string> = { overdue: 'Overdue (over 72 hours)', due: 'Within 72 hours' };
const choices = <T extends string>(all: string, values: readonly T[], labels: Record<T, string>) => [
  { value: '', label: all },
  ...values.map((value) => ({ value, label: labels[value] })),
];
const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** What the row is about: the motorist and plate, the agent, the receipt, else the code the page had. */
function aboutText(row: Dispute): string {
  if (row.motorist) return `${row.motorist.plateNumber?.toUpperCase() ?? row.motorist.userCode} (${personName(row.motorist.fullName)})`;
  if (row.agent) return `${personName(row.agent.fullName)} (${row.agent.userCode})`;
  return `${SOURCE_LABELS[row.source]} ${row.sourceCode} (not found)`;
}

/** Disputes (issue 44): reports sent from the public check pages, worked here; overdue after 72 hours. */
export function DisputesPage() {
  const [params, setParams] = useSearchParams();
  const state = pick(DISPUTE_STATES, params.get('state'));
  const reason = pick(DISPUTE_REASONS, params.get('reason'));
  const age = pick(DISPUTE_AGES, params.get('age'));
  const search = params.get('search') ?? '';
  const page = Number(params.get('page')) || FIRST_PAGE;
  const [searchText, setSearchText] = useState(search);
  const [opened, setOpened] = useState<string | null>(null);
  const list = useDisputeList({ state, reason, age, search: search || undefined, page, limit: PAGE_SIZE });
  const set = (key: string, value: string | null) =>
    setParams((current) => {
      const next = onFirstPage(current);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });

  const columns: Column<Dispute>[] = [
    {
      header: 'Reference',
      cell: (row) => (
        <>
          <Text span ff="monospace" fw={600}>
            {row.reference}
          </Text>
          <SecondLine>{SOURCE_LABELS[row.source]} page</SecondLine>
        </>
      ),
    },
    { header: 'Sent At', cell: (row) => <TableDateTime value={row.createdAt} /> },
    { header: 'Reason', cell: (row) => <WrappingText>{DISPUTE_REASON_LABELS[row.reason]}</WrappingText> },
    { header: 'About', cell: (row) => <WrappingText>{aboutText(row)}</WrappingText> },
    { header: 'State', cell: (row) => <StateBadge state={row.state} /> },
    { header: 'Age', cell: (row) => <AgeBadge dispute={row} /> },
    {
      header: 'Assignee',
      cell: (row) =>
        row.assignee ? (
          personName(row.assignee.fullName)
        ) : (
          <Text span c="dimmed">
            Nobody
          </Text>
        ),
    },
    {
      header: 'Actions',
      stickyEnd: true,
      cell: (row) => (
        <Button
          size="compact-sm"
          variant={row.state === 'resolved' ? 'light' : 'filled'}
          onClick={() => setOpened(row.id)}
          aria-label={`Open ${row.reference}`}
        >
          {row.state === 'resolved' ? 'View' : 'Work'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Disputes"
        description="Problems reported from the public check pages: answer each within 72 hours; the outcome is texted to the reporter"
      />
      <Stack gap="sm">
        <Group component="fieldset" aria-label="Dispute filters" gap="sm" align="flex-end" wrap="wrap" m={0} p={0} style={{ border: 0 }}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              set('search', searchText.trim() || null);
            }}
          >
            <TextInput
              label="Search"
              placeholder="Reference, code or receipt number"
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              w={240}
            />
          </form>
          <NativeSelect
            label="State"
            data={choices('All states', DISPUTE_STATES, DISPUTE_STATE_LABELS)}
            value={state ?? ''}
            onChange={(event) => set('state', event.currentTarget.value || null)}
            w={160}
          />
          <NativeSelect
            label="Reason"
            data={choices('All reasons', DISPUTE_REASONS, DISPUTE_REASON_LABELS)}
            value={reason ?? ''}
            onChange={(event) => set('reason', event.currentTarget.value || null)}
            w={260}
          />
          <NativeSelect
            label="Age"
            data={choices('Any age', DISPUTE_AGES, AGE_LABELS)}
            value={age ?? ''}
            onChange={(event) => set('age', event.currentTarget.value || null)}
            w={220}
          />
          {(state || reason || age || search) && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                setSearchText('');
                setParams({});
              }}
            >
              Clear filters
            </Button>
          )}
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Disputes" aria-busy={list.isFetching} verticalSpacing="xs" horizontalSpacing={8} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header} style={{ whiteSpace: 'nowrap' }}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRows
                columns={columns}
                rows={list.data?.data}
                rowKey={(row) => row.id}
                rowLabel={(row) => row.reference}
                loading={list.isPending}
                error={list.isError ? list.error.message : null}
                selectable={false}
                selected={new Set()}
                onToggle={() => undefined}
              />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data && list.data.paginator.total > 0 && (
          <PagerBar
            paginator={list.data.paginator}
            page={page}
            onPage={(next) =>
              setParams((current) => {
                const copy = new URLSearchParams(current);
                copy.set('page', String(next));
                return copy;
              })
            }
            leading={
              <Badge variant="light" color="gray">
                {list.data.paginator.total} disputes
              </Badge>
            }
          />
        )}
      </Stack>
      <DisputeModal id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
