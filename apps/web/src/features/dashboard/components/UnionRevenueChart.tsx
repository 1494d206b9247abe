import { BarChart } from './charts.tsx';
import { Stack, Text } from '@mantine/core';
import type { UnionDashboard } from '@eticket/contracts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { compactNaira } from './compactNumber.ts';

/** 'Total Revenue Monthly': this month's subscription revenue for the union's vehicles, and each month of the year. */
export function UnionRevenueChart({ monthly }: { monthly: UnionDashboard['monthlyRevenue'] }) {
  return (
    <SectionCard title="Total Revenue Monthly" description={`Subscription revenue for the union's vehicles, ${monthly.year}`}>
      <Stack gap="sm">
        <div>
          <Text fz={26} fw={700} data-testid="monthly-revenue-total">
            {formatNaira(monthly.total)}
          </Text>
          <Text size="sm" c="dimmed">
            this month
          </Text>
        </div>
        <BarChart
          h={240}
          data={monthly.series}
          dataKey="month"
          series={[{ name: 'revenue', label: 'Revenue', color: 'teal.6' }]}
          valueFormatter={formatNaira}
          yAxisProps={{ tickFormatter: compactNaira, width: 64 }}
          tickLine="y"
          maxBarWidth={22}
          aria-label="Total Revenue Monthly: bar chart"
          role="img"
        />
      </Stack>
    </SectionCard>
  );
}
