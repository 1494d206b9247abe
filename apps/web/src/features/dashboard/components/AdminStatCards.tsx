import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconCar, IconClipboardList, IconReceipt, IconUsersGroup, IconUserStar } from '@tabler/icons-react';
import type { AdminDashboard } from '@eticket/contracts';
import { LoadError } from '../../../components/LoadError.tsx';
import type { DayRange } from '../../../lib/dayRange.ts';
import { useAdminDashboard } from '../queries.ts';
import { FigureCard, type FigureUnit } from './FigureCard.tsx';

type CardKey = 'totalPenaltyCharges' | 'totalManagers' | 'totalPayment' | 'totalAgents' | 'totalRegistration' | 'totalVehicles';

/** The card strip of the admin overview, in the spec's order (section 2). */
const CARDS: { key: CardKey & keyof AdminDashboard; label: string; unit: FigureUnit; icon: typeof IconCar; color: string }[] = [
  { key: 'totalPenaltyCharges', label: 'Total Penalty', unit: 'naira', icon: IconAlertTriangle, color: 'red' },
  { key: 'totalManagers', label: 'Approved Managers', unit: 'count', icon: IconUserStar, color: 'grape' },
  { key: 'totalPayment', label: 'Total Subscription', unit: 'naira', icon: IconReceipt, color: 'teal' },
  { key: 'totalAgents', label: 'Approved Agents', unit: 'count', icon: IconUsersGroup, color: 'blue' },
  { key: 'totalRegistration', label: 'Total Registration', unit: 'count', icon: IconClipboardList, color: 'orange' },
  { key: 'totalVehicles', label: 'Total Vehicles', unit: 'count', icon: IconCar, color: 'cyan' },
];

export function AdminStatCards({ range }: { range: DayRange }) {
  const query = useAdminDashboard(range);
  if (query.isError) return <LoadError title="Could not load the figures" error={query.error} onRetry={() => query.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      {CARDS.map(({ key, label, unit, icon: Icon, color }) => (
        <FigureCard key={key} label={label} unit={unit} figure={query.data?.[key]} icon={<Icon size={20} />} color={color} loading={query.isPending} />
      ))}
    </SimpleGrid>
  );
}
