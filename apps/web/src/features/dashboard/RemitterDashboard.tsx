import { SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconReceipt, IconReceipt2 } from '@tabler/icons-react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatNaira } from '../../lib/format.ts';
import { AgentsByStatusCard } from './components/AgentsByStatusCard.tsx';
import { ByVehicleTypeCard } from './components/ByVehicleTypeCard.tsx';
import { DepartmentFrame } from './components/DepartmentFrame.tsx';
import { FigureCard } from './components/FigureCard.tsx';
import { SeriesChart } from './components/SeriesChart.tsx';
import { TillCards } from './components/TillCards.tsx';
import { TopAgentsTable } from './components/TopAgentsTable.tsx';
import { useRemitterDashboard } from './queries.ts';
import { useDayRange } from './useDayRange.ts';

/** Collections (subscription and penalty payments), for the remitter-manager (and admins). */
export function RemitterDashboard() {
  const [range, setRange] = useDayRange();
  const query = useRemitterDashboard(range);
  return (
    <DepartmentFrame
      title="Remitter Dashboard"
      description="What the remitters collected: subscription and penalty payments"
      range={range}
      onRangeChange={setRange}
      query={query}
      render={(data) => ({
        cards: (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
              <FigureCard label="Collections" figure={data.collections} unit="naira" icon={<IconCash size={20} />} color="teal" />
              <FigureCard label="Subscription Payments" figure={data.subscriptionPayments} unit="naira" icon={<IconReceipt size={20} />} color="blue" />
              <FigureCard label="Penalty Payments" figure={data.penaltyPayments} unit="naira" icon={<IconAlertTriangle size={20} />} color="orange" />
              <FigureCard label="Payments" figure={data.payments} icon={<IconReceipt2 size={20} />} color="grape" />
            </SimpleGrid>
            <TillCards />
          </Stack>
        ),
        chart: (
          <SeriesChart
            title="Collections over time"
            money
            series={data.series}
            bars={[
              { name: 'subscription', label: 'Subscription', color: 'teal.6', format: formatNaira },
              { name: 'penalty', label: 'Penalty', color: 'orange.5', format: formatNaira },
            ]}
          />
        ),
        side: <AgentsByStatusCard title="Remitters" agents={data.agents} />,
        breakdown: <ByVehicleTypeCard title="Collections by vehicle type" values={data.collectionsByVehicleType} unit="naira" />,
        topAgents: (
          <SectionCard title="Top remitters" description="By amount collected in the period">
            <TopAgentsTable agents={data.topAgents} loading={false} caption="Top remitters" />
          </SectionCard>
        ),
      })}
    />
  );
}
