import { Alert, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import type { LedgerCheck, LedgerDifferenceKind } from '@eticket/contracts';
import { LoadError } from '../../components/LoadError.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { useLastCheck, useRunCheck } from './queries.ts';

const DIFFERENCE_LABELS: Record<LedgerDifferenceKind, string> = {
  'missing-entry': 'No entry',
  'entry-without-record': 'Entry without record',
  'amount-differs': 'Amount differs',
  'unbalanced-entry': 'Entry does not balance',
  'balance-differs': 'Balance differs',
  'till-total-differs': 'Till total differs',
  'day-total-differs': 'Day total differs',
  'ledger-not-zero': 'Ledger not zero',
};

/** The integrity check's last result, with every difference it found, and a way to run it now. */
export function IntegrityCheckCard() {
  const query = useLastCheck();
  const run = useRunCheck();
  const action = (
    <Button size="sm" leftSection={<IconRefresh size={16} aria-hidden />} loading={run.isPending} onClick={() => run.mutate()}>
      Run check now
    </Button>
  );
  return (
    <SectionCard
      title="Integrity check"
      description="Every payment and payout has exactly its entry, each balance equals the sum of its lines, and the ledger sums to zero. Runs nightly."
      actions={action}
    >
      <Stack gap="md">
        {run.isError && <LoadError title="The check could not run" error={run.error} />}
        {query.isError ? (
          <LoadError title="Could not load the last check" error={query.error} onRetry={() => query.refetch()} />
        ) : query.data === undefined ? (
          <Skeleton h={72} />
        ) : query.data === null ? (
          <Text c="dimmed">No check has run yet. The nightly check runs once a day; run one now to see where the books stand.</Text>
        ) : (
          <CheckResult check={query.data} />
        )}
      </Stack>
    </SectionCard>
  );
}

function CheckResult({ check }: { check: LedgerCheck }) {
  const when = `${formatDateTime(check.finishedAt)}, ${check.trigger === 'nightly' ? 'nightly check' : `run by ${check.requestedBy?.fullName ?? 'someone'}`}`;
  const size = `${formatCount(check.entries)} entries, ${formatCount(check.lines)} lines`;
  if (check.ok) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="The books balance" role="status">
        No difference found. Last checked {when}; {size}.
      </Alert>
    );
  }
  const shown = check.differences.length < check.differenceCount ? ` (the first ${check.differences.length} shown)` : '';
  return (
    <Stack gap="sm">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={`${formatCount(check.differenceCount)} differences found${shown}`}
        role="alert"
      >
        Last checked {when}; {size}. Each difference below needs a person to look at it.
      </Alert>
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing="sm" aria-label="Differences">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Difference</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {check.differences.map((difference, index) => (
              <Table.Tr key={`${difference.kind}-${difference.ref ?? index}`}>
                <Table.Td fw={600}>{DIFFERENCE_LABELS[difference.kind]}</Table.Td>
                <Table.Td>{difference.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
