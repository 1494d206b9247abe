import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconCash, IconCircleCheck, IconCircleX, IconPercentage, IconReceipt, IconScale, IconWallet } from '@tabler/icons-react';
import type { UnionDashboard } from '@eticket/contracts';
import { LoadError } from '../../../components/LoadError.tsx';
import { StatCard } from '../../../components/StatCard.tsx';
import type { DayRange } from '../../../lib/dayRange.ts';
import { differenceHint } from '../../../lib/differenceHint.ts';
import { formatNaira, formatPercent } from '../../../lib/format.ts';
import { useUnionDashboard } from '../queries.ts';
import { FigureCard } from './FigureCard.tsx';
import { UnionRevenueChart } from './UnionRevenueChart.tsx';
import { VEHICLE_LOOK } from './vehicleIcons.tsx';

/** One union's figures for the range (unionId unset: the caller's own union). */
export function UnionPanel({ range, unionId }: { range: DayRange; unionId?: string }) {
  const query = useUnionDashboard(range, unionId);
  if (query.isError) return <LoadError title="Could not load the union's figures" error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <UnionPanelSkeleton />;
  return <UnionFigures figures={query.data} />;
}

function UnionFigures({ figures }: { figures: UnionDashboard }) {
  const allocated = figures.allocation !== null;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <FigureCard label="Total Compliances" figure={figures.totalCompliances} icon={<IconCircleCheck size={20} />} color="teal" />
        <FigureCard label="Total Non-Compliances" figure={figures.totalNonCompliances} icon={<IconCircleX size={20} />} color="red" />
        <FigureCard label="Total Subscription Payment" figure={figures.totalRevenueReceived} unit="naira" icon={<IconReceipt size={20} />} color="blue" />
        <StatCard
          label="Percentage Dropdown"
          value={formatPercent(figures.percentageDropdown)}
          hint={allocated ? 'of the subscription payment' : 'No allocation assigned yet'}
          icon={<IconPercentage size={20} />}
          color="grape"
        />
        <StatCard
          label="Total Amount to be paid"
          value={formatNaira(figures.expectedAmount)}
          hint="for the chosen period"
          icon={<IconWallet size={20} />}
          color="orange"
        />
        <StatCard label="Amount Paid" value={formatNaira(figures.revenuePaid)} hint="payouts in the period" icon={<IconCash size={20} />} color="cyan" />
        <StatCard
          label="Amount Difference"
          value={formatNaira(figures.amountDifference)}
          hint={differenceHint(figures.amountDifference)}
          icon={<IconScale size={20} />}
          color={figures.amountDifference > 0 ? 'red' : 'teal'}
        />
        {figures.vehicleCard && <VehicleCard card={figures.vehicleCard} />}
      </SimpleGrid>
      <UnionRevenueChart monthly={figures.monthlyRevenue} />
    </Stack>
  );
}

function VehicleCard({ card }: { card: NonNullable<UnionDashboard['vehicleCard']> }) {
  const { label, icon: Icon, color } = VEHICLE_LOOK[card.vehicleType];
  return <FigureCard label={`Total ${label}`} figure={card} icon={<Icon size={20} />} color={color} />;
}

function UnionPanelSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the union's figures">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h={112} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}
