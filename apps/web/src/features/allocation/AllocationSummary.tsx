import { SimpleGrid } from '@mantine/core';
import { IconCash, IconPercentage, IconReceipt, IconScale } from '@tabler/icons-react';
import type { AllocationResponse } from '@eticket/contracts';
import { StatCard } from '../../components/StatCard.tsx';
import { formatNaira, formatPercent } from '../../lib/format.ts';

/** The allocation totals: percent allocated, the period's revenue, what is owed and what is outstanding. */
export function AllocationSummary({ summary }: { summary: AllocationResponse['summary'] | undefined }) {
  const loading = summary === undefined;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Allocated"
        value={summary ? formatPercent(summary.totalPercentage) : '—'}
        hint={summary && `${formatPercent(summary.remainingPercentage)} still free`}
        icon={<IconPercentage size={20} />}
        color="grape"
        loading={loading}
      />
      <StatCard
        label="Subscription Revenue"
        value={summary ? formatNaira(summary.revenue.total) : '—'}
        hint="successful payments in the period"
        icon={<IconReceipt size={20} />}
        color="blue"
        loading={loading}
      />
      <StatCard
        label="Expected Amount"
        value={summary ? formatNaira(summary.expectedAmount) : '—'}
        hint={summary && `${formatNaira(summary.amountPaid)} paid`}
        icon={<IconCash size={20} />}
        color="teal"
        loading={loading}
      />
      <StatCard
        label="Difference"
        value={summary ? formatNaira(summary.difference) : '—'}
        hint="expected minus paid"
        icon={<IconScale size={20} />}
        color={summary && summary.difference > 0 ? 'red' : 'teal'}
        loading={loading}
      />
    </SimpleGrid>
  );
}
