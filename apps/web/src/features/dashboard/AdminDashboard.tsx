import type { ReactNode } from 'react';
import { Grid, Group, Stack } from '@mantine/core';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AdminStatCards } from './components/AdminStatCards.tsx';
import { DisputeCountsCard } from './components/DisputeCountsCard.tsx';
import { MonthlyRevenueChart } from './components/MonthlyRevenueChart.tsx';
import { RevenueAllocationCard } from './components/RevenueAllocationCard.tsx';
import { TopAgentsCard } from './components/TopAgentsCard.tsx';
import { VehicleCards } from './components/VehicleCards.tsx';
import { useDayRange } from './useDayRange.ts';

/** The admin overview (spec section 2), for admin and super-admin. */
export function AdminDashboard({ extraActions }: { extraActions?: ReactNode }) {
  const [range, setRange] = useDayRange();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Welcome Admin"
        description="Here's an overview of today's activities"
        actions={
          <Group align="flex-end" gap="sm">
            {extraActions}
            <DateRangeFilter value={range} onChange={setRange} />
          </Group>
        }
      />
      <AdminStatCards range={range} />
      <DisputeCountsCard />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }} visibleFrom="md">
          <MonthlyRevenueChart />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <VehicleCards range={range} />
        </Grid.Col>
      </Grid>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <TopAgentsCard range={range} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RevenueAllocationCard range={range} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
