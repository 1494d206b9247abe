import { DonutChart } from './charts.tsx';
import { Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import type { DayRange } from '../../../lib/dayRange.ts';
import { formatNaira, formatPercent } from '../../../lib/format.ts';
import { useAllocationShares } from '../queries.ts';
import { colorAt, cssColor } from './chartColors.ts';

const UNALLOCATED_COLOR = 'gray.3';

/** The admin overview's 'Revenue Allocation' doughnut: each partner union's share of the range's revenue. */
export function RevenueAllocationCard({ range }: { range: DayRange }) {
  const query = useAllocationShares(range);
  return (
    <SectionCard title="Revenue Allocation" description="Each partner union's share of the period's subscription revenue">
      <RevenueAllocationBody query={query} />
    </SectionCard>
  );
}

function RevenueAllocationBody({ query }: { query: ReturnType<typeof useAllocationShares> }) {
  if (query.isPending) return <Skeleton h={260} circle mx="auto" w={220} aria-label="Loading the allocation chart" />;
  if (query.isError) return <LoadError title="Could not load the allocations" error={query.error} onRetry={() => query.refetch()} />;
  const { data: shares, unallocatedPercentage } = query.data;
  if (shares.length === 0) {
    return (
      <EmptyState
        icon={<IconChartPie size={22} />}
        title="No revenue allocations yet"
        description="Assigned percentages appear here once a partner union has one."
      />
    );
  }
  const segments = shares.map((share, index) => ({ name: share.name, value: share.percentage, color: colorAt(index), payment: share.payment }));
  const totalPayment = shares.reduce((sum, share) => sum + share.payment, 0);
  const chartData = [
    ...segments,
    ...(unallocatedPercentage > 0 ? [{ name: 'Unallocated', value: unallocatedPercentage, color: UNALLOCATED_COLOR, payment: null }] : []),
  ];
  return (
    <Stack gap="md">
      <Center>
        <DonutChart
          data={chartData}
          size={200}
          thickness={28}
          paddingAngle={1}
          chartLabel={formatNaira(totalPayment)}
          valueFormatter={formatPercent}
          tooltipDataSource="segment"
          aria-label="Revenue Allocation: doughnut chart"
          role="img"
        />
      </Center>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Allocation shares">
        {chartData.map((segment) => (
          <Group key={segment.name} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap={8} wrap="nowrap" miw={0}>
              <span style={{ width: 10, height: 10, borderRadius: 3, flex: 'none', background: cssColor(segment.color) }} aria-hidden />
              <Text size="sm" truncate>
                {segment.name}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatPercent(segment.value)}
              {segment.payment !== null && ` · ${formatNaira(segment.payment)}`}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
