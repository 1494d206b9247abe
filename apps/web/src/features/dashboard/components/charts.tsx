import { lazy, Suspense } from 'react';
import type { BarChartProps, DonutChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';

// @mantine/charts brings recharts, two thirds of the dashboard's code. The cards, figures and
// tables paint without waiting for it; its download starts as soon as a dashboard is opened,
// alongside the dashboard's data requests, and each chart shows a placeholder until it is ready.
const charts = import('@mantine/charts');
charts.catch(() => undefined); // a failed download is reported where a chart renders

const LazyBarChart = lazy(() => charts.then((module) => ({ default: module.BarChart })));
const LazyDonutChart = lazy(() => charts.then((module) => ({ default: module.DonutChart })));

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h} radius="md" aria-label="Loading the chart" />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}

export function DonutChart(props: DonutChartProps) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<Skeleton h={size} w={size} circle aria-label="Loading the chart" />}>
      <LazyDonutChart {...props} />
    </Suspense>
  );
}
