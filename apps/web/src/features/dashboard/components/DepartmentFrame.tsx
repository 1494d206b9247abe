import type { ReactNode } from 'react';
import { Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { DateRangeFilter } from '../../../components/DateRangeFilter.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { DayRange } from '../../../lib/dayRange.ts';

interface Slots {
  cards: ReactNode;
  chart: ReactNode;
  side: ReactNode;
  breakdown: ReactNode;
  topAgents: ReactNode;
}

interface FrameProps<T> {
  title: string;
  description: string;
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  render: (data: T) => Slots;
}

/** The layout the registrar, enforcer and remitter dashboards share: cards, a chart over time, agents, a breakdown and the top agents. */
export function DepartmentFrame<T>({ title, description, range, onRangeChange, query, render }: FrameProps<T>) {
  return (
    <Stack gap="lg">
      <PageHeader title={title} description={description} actions={<DateRangeFilter value={range} onChange={onRangeChange} />} />
      {query.isError ? (
        <LoadError title="Could not load the dashboard" error={query.error} onRetry={() => query.refetch()} />
      ) : query.data === undefined ? (
        <FrameSkeleton />
      ) : (
        <FrameBody slots={render(query.data)} />
      )}
    </Stack>
  );
}

function FrameBody({ slots }: { slots: Slots }) {
  return (
    <>
      {slots.cards}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>{slots.chart}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>{slots.side}</Grid.Col>
      </Grid>
      <Grid gutter="md">
        {slots.breakdown && <Grid.Col span={{ base: 12, lg: 4 }}>{slots.breakdown}</Grid.Col>}
        <Grid.Col span={{ base: 12, lg: slots.breakdown ? 8 : 12 }}>{slots.topAgents}</Grid.Col>
      </Grid>
    </>
  );
}

function FrameSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the dashboard">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={112} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}
