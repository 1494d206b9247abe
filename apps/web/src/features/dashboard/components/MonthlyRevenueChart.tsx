import { BarChart } from './charts.tsx';
import { Skeleton } from '@mantine/core';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { formatCount, formatNaira } from '../../../lib/format.ts';
import { useMonthlyChart } from '../queries.ts';
import { compactCount, compactNaira } from './compactNumber.ts';
import { SeriesTooltip, type TooltipSeries } from './SeriesTooltip.tsx';

const TITLE = 'Revenue and Registration For Motorist, From Jan-Dec';

const SERIES: TooltipSeries[] = [
  { name: 'revenue', label: 'Revenue', format: formatNaira },
  { name: 'registrations', label: 'Registrations', format: formatCount },
];

/** The admin overview's bar chart: revenue (left axis, naira) and registrations (right axis) per month. */
export function MonthlyRevenueChart() {
  const query = useMonthlyChart();
  const description = query.data ? `Subscription and penalty revenue, and motorists registered, in ${query.data.year}` : undefined;
  return (
    <SectionCard title={TITLE} description={description}>
      <MonthlyRevenueBody query={query} />
    </SectionCard>
  );
}

function MonthlyRevenueBody({ query }: { query: ReturnType<typeof useMonthlyChart> }) {
  if (query.isPending) return <Skeleton h={300} radius="md" aria-label="Loading the chart" />;
  if (query.isError) return <LoadError title="Could not load the chart" error={query.error} onRetry={() => query.refetch()} />;
  const points = query.data.data;
  if (points.every((point) => point.revenue === 0 && point.registrations === 0)) {
    return <EmptyState h={300} title="Nothing yet this year" description="Revenue and registrations appear here month by month." />;
  }
  return (
    <BarChart
      h={300}
      data={points}
      dataKey="month"
      aria-label={`${TITLE}: bar chart`}
      role="img"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      withRightYAxis
      series={[
        { name: 'revenue', label: 'Revenue (₦)', color: 'teal.6' },
        { name: 'registrations', label: 'Registrations', color: 'blue.5', yAxisId: 'right' },
      ]}
      yAxisProps={{ tickFormatter: compactNaira, width: 64 }}
      rightYAxisProps={{ tickFormatter: compactCount, allowDecimals: false, width: 40 }}
      tickLine="y"
      maxBarWidth={22}
      tooltipProps={{ content: ({ label, payload }) => <SeriesTooltip label={label} payload={payload} series={SERIES} /> }}
    />
  );
}
