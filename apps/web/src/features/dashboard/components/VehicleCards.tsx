import { SimpleGrid } from '@mantine/core';
import type { DayRange } from '../../../lib/dayRange.ts';
import { useAdminDashboard } from '../queries.ts';
import { FigureCard } from './FigureCard.tsx';
import { VEHICLE_LOOK } from './vehicleIcons.tsx';

const CARDS = [
  { key: 'totalKeke', type: 'keke' },
  { key: 'totalBike', type: 'bike' },
  { key: 'totalBus', type: 'bus' },
] as const;

/** The keke, bike and bus cards of the admin overview: vehicles registered in the range. */
export function VehicleCards({ range }: { range: DayRange }) {
  const query = useAdminDashboard(range);
  if (query.isError) return null; // the card strip above already says what went wrong
  return (
    <SimpleGrid cols={{ base: 1, xs: 3, lg: 1 }} spacing="md" h="100%">
      {CARDS.map(({ key, type }) => {
        const { label, icon: Icon, color } = VEHICLE_LOOK[type];
        return <FigureCard key={key} label={label} figure={query.data?.[key]} icon={<Icon size={20} />} color={color} loading={query.isPending} />;
      })}
    </SimpleGrid>
  );
}
