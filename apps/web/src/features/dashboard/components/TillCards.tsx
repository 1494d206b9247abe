import type { ReactNode } from 'react';
import { Anchor, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { personName, type TillSummary, type UnlodgedCash } from '@eticket/contracts';
import { LoadError } from '../../../components/LoadError.tsx';
import { Money } from '../../../components/Money.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { formatCount } from '../../../lib/format.ts';
import { modeOfPaymentLabel } from '../../../lib/paymentModes.ts';
import { useTillSummary } from '../queries.ts';

/**
 * The remitter dashboard's till cards (issue 42): today's collections by mode, unlodged cash by
 * remitter with its age, remitters over a limit, and this month's variances. Not tied to the range:
 * each says its own period.
 */
export function TillCards() {
  const query = useTillSummary();
  if (query.isError) return <LoadError title="Could not load the tills" error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md" aria-busy="true" aria-label="Loading the tills">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={200} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const summary = query.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
      <TodayByMode today={summary.today} />
      <UnlodgedCard summary={summary} />
      <OverLimitCard summary={summary} />
      <VariancesCard variances={summary.variancesThisMonth} />
    </SimpleGrid>
  );
}

function TodayByMode({ today }: { today: TillSummary['today'] }) {
  const total = today.reduce((sum, row) => sum + row.amount, 0);
  return (
    <SectionCard title="Today's collections by mode" description={<Money value={total} />}>
      <Table verticalSpacing={4} fz="sm" aria-label="Today's collections by mode">
        <Table.Tbody>
          {today.map((row) => (
            <Table.Tr key={row.mode}>
              <Table.Td>{modeOfPaymentLabel(row.mode)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
              <Table.Td ta="right">
                <Money value={row.amount} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

function RemitterRows({ rows, label, empty }: { rows: UnlodgedCash[]; label: string; empty: ReactNode }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Remitter</Table.Th>
          <Table.Th ta="right">Cash</Table.Th>
          <Table.Th ta="right">Age</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.remitter.id}>
            <Table.Td>{personName(row.remitter.fullName)}</Table.Td>
            <Table.Td ta="right">
              <Money value={row.amount} />
            </Table.Td>
            <Table.Td ta="right" c={row.overLimit ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatCount(row.ageHours)} h
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function UnlodgedCard({ summary }: { summary: TillSummary }) {
  const { unlodged } = summary;
  return (
    <SectionCard
      title="Unlodged cash"
      description={
        <>
          <Money value={unlodged.total} /> held by {formatCount(unlodged.remitters)} {unlodged.remitters === 1 ? 'remitter' : 'remitters'}
        </>
      }
    >
      <RemitterRows rows={unlodged.top} label="Unlodged cash by remitter" empty="No remitter holds unlodged cash." />
    </SectionCard>
  );
}

function OverLimitCard({ summary }: { summary: TillSummary }) {
  const { overLimit, limits } = summary;
  return (
    <SectionCard
      title="Remitters over the limit"
      description={`${formatCount(overLimit.count)} with cash collection paused (over ${formatCount(limits.hours)} hours or ₦${formatCount(limits.naira)})`}
    >
      <Stack gap="xs">
        <RemitterRows rows={overLimit.top} label="Remitters over the limit" empty="Every remitter is within the limits." />
        {overLimit.count > 0 && (
          <Anchor component={Link} to="/tills?overLimit=true" size="sm">
            See their tills
          </Anchor>
        )}
      </Stack>
    </SectionCard>
  );
}

function VariancesCard({ variances }: { variances: TillSummary['variancesThisMonth'] }) {
  return (
    <SectionCard title="Variances this month" description={`${formatCount(variances.count)} approved closes whose count differed`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm">Short (owed by remitters)</Text>
          <Text fw={700} c={variances.short > 0 ? 'red.8' : undefined} data-testid="variances-short">
            <Money value={variances.short} />
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Over</Text>
          <Text fw={700} data-testid="variances-over">
            <Money value={variances.over} />
          </Text>
        </Group>
        <Anchor component={Link} to="/tills?tab=variances" size="sm">
          See the variances
        </Anchor>
      </Stack>
    </SectionCard>
  );
}
