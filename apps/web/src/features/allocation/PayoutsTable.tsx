import { useState } from 'react';
import { Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { MESSAGES, personName, type Payout } from '@eticket/contracts';
import { LoadError } from '../../components/LoadError.tsx';
import { Money } from '../../components/Money.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatDay, type DayRange } from '../../lib/dayRange.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePayouts } from './queries.ts';

const COLUMNS = ['Date Paid', 'Amount', 'Reference', 'Recorded By', 'Recorded At'];

/** The payouts dated in the range, newest first, a page at a time. */
export function PayoutsTable({ stakeholderId, range }: { stakeholderId: string; range: DayRange }) {
  const [page, setPage] = useState(1);
  const query = usePayouts(stakeholderId, range, page);
  const pageCount = query.data?.paginator.pageCount ?? 0;
  return (
    <SectionCard title="Payouts" description={query.data ? `${query.data.paginator.total} in the chosen period, newest first` : undefined}>
      {query.isError ? (
        <LoadError title="Could not load the payouts" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm" aria-label="Payouts" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{query.data ? <PayoutRows payouts={query.data.data} /> : <SkeletonRows />}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageCount > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination total={pageCount} value={page} onChange={setPage} size="sm" aria-label="Payout pages" />
        </Group>
      )}
    </SectionCard>
  );
}

function PayoutRows({ payouts }: { payouts: Payout[] }) {
  if (payouts.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS.length}>
          <Text c="dimmed" ta="center" py="lg">
            {MESSAGES.noData}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return payouts.map((payout) => (
    <Table.Tr key={payout.id}>
      <Table.Td>{formatDay(payout.date)}</Table.Td>
      <Table.Td fw={600}>
        <Money value={payout.amount} />
      </Table.Td>
      <Table.Td ff="monospace">{payout.reference}</Table.Td>
      <Table.Td>{personName(payout.recordedBy.fullName)}</Table.Td>
      <Table.Td>{formatDateTime(payout.createdAt)}</Table.Td>
    </Table.Tr>
  ));
}

function SkeletonRows() {
  return Array.from({ length: 3 }, (_, row) => (
    <Table.Tr key={row}>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton h={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
