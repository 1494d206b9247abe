import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import type { SettlementDay } from '@eticket/contracts';
import { LoadError } from '../../components/LoadError.tsx';
import { CALENDAR_ARIA_LABELS } from '../../components/rangePicking.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { addDays, lagosDay } from '../../lib/dayRange.ts';
import { formatCount, formatDateTime, formatNaira } from '../../lib/format.ts';
import { dayLabel } from './period.ts';
import { useRunSettlement, useSettlement } from './settlementQueries.ts';

const KIND_LABELS: Record<SettlementDay['differences'][number]['kind'], string> = {
  'ledger-only': 'Credited here, not at the provider',
  'provider-only': 'At the provider, not credited here',
  'amount-differs': 'Amount differs',
  fees: 'Provider fees',
};

/**
 * The settlement match (issue 43): a Lagos day's transactions at the online payment provider against
 * what the ledger credited to its clearing account, each difference in words; a clean day says
 * "0 unexplained kobo". It opens on the latest day matched (the daily job matches yesterday); Match
 * now runs the day shown.
 */
export function SettlementCard() {
  // Unpicked: the latest day matched (the daily job's yesterday), else yesterday.
  const [picked, setDay] = useState<string | null>(null);
  const query = useSettlement(picked);
  const run = useRunSettlement();
  const day = picked ?? query.data?.day ?? addDays(lagosDay(), -1);
  const actions = (
    <Group gap="sm" align="flex-end">
      <DatePickerInput
        label="Day"
        value={day}
        onChange={(date) => date && setDay(date.slice(0, 10))}
        maxDate={lagosDay()}
        valueFormat="D MMM YYYY"
        ariaLabels={CALENDAR_ARIA_LABELS}
        w={150}
      />
      <Button size="sm" leftSection={<IconRefresh size={16} aria-hidden />} loading={run.isPending} onClick={() => run.mutate(day)}>
        Match now
      </Button>
    </Group>
  );
  return (
    <SectionCard
      title="Settlement"
      description="The online payment provider's transactions of a Lagos day against what the ledger credited to its clearing account. Runs daily for yesterday."
      actions={actions}
    >
      <Stack gap="md">
        {run.isError && <LoadError title="The match could not run" error={run.error} />}
        {query.isError ? (
          <LoadError title="Could not load the match" error={query.error} onRetry={() => query.refetch()} />
        ) : query.data === undefined ? (
          <Skeleton h={72} />
        ) : query.data === null ? (
          <Text c="dimmed">{dayLabel(day)} has not been matched yet.</Text>
        ) : (
          <SettlementResult match={query.data} />
        )}
      </Stack>
    </SectionCard>
  );
}

function SettlementResult({ match }: { match: SettlementDay }) {
  const figures = `${formatCount(match.providerCount)} transactions at ${match.provider} (${formatNaira(match.providerAmount)}), ${formatCount(match.ledgerCount)} credited here (${formatNaira(match.ledgerAmount)}); fees ${formatNaira(match.fees)}, settled ${formatNaira(match.settled)}. Matched ${formatDateTime(match.ranAt)}.`;
  const clean = match.unexplainedKobo === 0;
  return (
    <Stack gap="sm">
      <Alert
        color={clean ? 'teal' : 'red'}
        variant="light"
        icon={clean ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
        title={`${dayLabel(match.day)}: ${formatCount(match.unexplainedKobo)} unexplained kobo`}
        role={clean ? 'status' : 'alert'}
      >
        {figures}
      </Alert>
      {match.differences.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm" aria-label="Settlement differences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Difference</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th ta="right">Ledger</Table.Th>
                <Table.Th ta="right">Provider</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {match.differences.map((difference, index) => (
                <Table.Tr key={`${difference.kind}-${difference.reference ?? index}`}>
                  <Table.Td>{KIND_LABELS[difference.kind]}</Table.Td>
                  <Table.Td ff="monospace">{difference.reference ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatNaira(difference.ledger)}</Table.Td>
                  <Table.Td ta="right">{formatNaira(difference.provider)}</Table.Td>
                  <Table.Td>{difference.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
