import { BarChart } from './charts.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatPeriod } from '../../../lib/dayRange.ts';
import { compactCount, compactNaira } from './compactNumber.ts';
import { SeriesTooltip, type TooltipSeries } from './SeriesTooltip.tsx';

export interface SeriesBar extends TooltipSeries {
  color: string;
}

interface Series {
  interval: 'day' | 'month';
  points: ({ period: string } & Record<string, number | string>)[];
}

/** A department figure over the range: a bar per day (up to 92 days) or per month. */
export function SeriesChart({ title, series, bars, money = false }: { title: string; series: Series; bars: SeriesBar[]; money?: boolean }) {
  const data = series.points.map((point) => ({ ...point, period: formatPeriod(point.period) }));
  const empty = series.points.every((point) => bars.every((bar) => Number(point[bar.name] ?? 0) === 0));
  return (
    <SectionCard title={title} description={series.interval === 'day' ? 'Per day of the chosen period' : 'Per month of the chosen period'}>
      {empty ? (
        <EmptyState h={260} title="Nothing in this period" description="Choose another date range to see activity." />
      ) : (
        <BarChart
          h={260}
          data={data}
          dataKey="period"
          type={bars.length > 1 ? 'stacked' : 'default'}
          series={bars.map(({ name, label, color }) => ({ name, label, color }))}
          withLegend={bars.length > 1}
          legendProps={{ verticalAlign: 'bottom', height: 36 }}
          yAxisProps={{ tickFormatter: money ? compactNaira : compactCount, allowDecimals: false, width: money ? 64 : 40 }}
          tickLine="y"
          maxBarWidth={28}
          aria-label={`${title}: bar chart`}
          role="img"
          tooltipProps={{ content: ({ label, payload }) => <SeriesTooltip label={label} payload={payload} series={bars} /> }}
        />
      )}
    </SectionCard>
  );
}
