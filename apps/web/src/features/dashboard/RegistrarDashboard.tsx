import { SimpleGrid } from '@mantine/core';
import { LATEST_REGISTRATIONS } from '@eticket/contracts';
import { IconCircleCheck, IconClipboardList, IconHourglass, IconBan } from '@tabler/icons-react';
import { StatCard } from '../../components/StatCard.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatCount } from '../../lib/format.ts';
import { AgentsByStatusCard } from './components/AgentsByStatusCard.tsx';
import { ByVehicleTypeCard } from './components/ByVehicleTypeCard.tsx';
import { DepartmentFrame } from './components/DepartmentFrame.tsx';
import { FigureCard } from './components/FigureCard.tsx';
import { LatestRegistrationsTable } from './components/LatestRegistrationsTable.tsx';
import { SeriesChart } from './components/SeriesChart.tsx';
import { TopAgentsTable } from './components/TopAgentsTable.tsx';
import { useRegistrarDashboard } from './queries.ts';
import { useDayRange } from './useDayRange.ts';

/**
 * Registrations: the registrar-manager's department (and admins), or a registrar agent's own
 * registrations (the server decides the scope).
 */
export function RegistrarDashboard() {
  const [range, setRange] = useDayRange();
  const query = useRegistrarDashboard(range);
  const own = query.data?.scope === 'own';
  return (
    <DepartmentFrame
      title="Registrar Dashboard"
      description={own ? 'The motorists you registered' : 'Motorist registrations by the registrars'}
      range={range}
      onRangeChange={setRange}
      query={query}
      render={(data) => ({
        cards: (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <FigureCard label="Registrations" figure={data.registrations} icon={<IconClipboardList size={20} />} color="teal" />
            <StatCard
              label="Approved"
              value={formatCount(data.registrationsByStatus.approved)}
              hint="of the period's registrations"
              icon={<IconCircleCheck size={20} />}
              color="green"
            />
            <StatCard
              label="Pending"
              value={formatCount(data.registrationsByStatus.pending)}
              hint="awaiting approval"
              icon={<IconHourglass size={20} />}
              color="yellow"
            />
            <StatCard
              label="Suspended"
              value={formatCount(data.registrationsByStatus.suspended)}
              hint="of the period's registrations"
              icon={<IconBan size={20} />}
              color="red"
            />
          </SimpleGrid>
        ),
        chart: (
          <SeriesChart
            title="Registrations over time"
            series={data.series}
            bars={[{ name: 'registrations', label: 'Registrations', color: 'teal.6', format: formatCount }]}
          />
        ),
        side: data.agents ? (
          <AgentsByStatusCard title="Registrars" agents={data.agents} />
        ) : (
          <ByVehicleTypeCard title="Registrations by vehicle type" values={data.registrationsByVehicleType} />
        ),
        breakdown: data.agents ? <ByVehicleTypeCard title="Registrations by vehicle type" values={data.registrationsByVehicleType} /> : null,
        // A registrar sees the motorists they registered where the department sees its top registrars.
        topAgents: data.latestRegistrations ? (
          <SectionCard title="Your latest registrations" description={`Newest first, the last ${LATEST_REGISTRATIONS} in the period`}>
            <LatestRegistrationsTable motorists={data.latestRegistrations} caption="Your latest registrations" />
          </SectionCard>
        ) : (
          <SectionCard title="Top registrars" description="By motorists registered in the period">
            <TopAgentsTable agents={data.topAgents} loading={false} caption="Top registrars" />
          </SectionCard>
        ),
      })}
    />
  );
}
