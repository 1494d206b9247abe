import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconPercentage, IconScan } from '@tabler/icons-react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard } from '../../components/StatCard.tsx';
import { formatCount, formatPercent } from '../../lib/format.ts';
import { AgentsByStatusCard } from './components/AgentsByStatusCard.tsx';
import { ByVehicleTypeCard } from './components/ByVehicleTypeCard.tsx';
import { DepartmentFrame } from './components/DepartmentFrame.tsx';
import { FigureCard } from './components/FigureCard.tsx';
import { SeriesChart } from './components/SeriesChart.tsx';
import { TopAgentsTable } from './components/TopAgentsTable.tsx';
import { useEnforcerDashboard } from './queries.ts';
import { useDayRange } from './useDayRange.ts';

/** Scans and compliance, for the enforcer-manager (and admins). */
export function EnforcerDashboard() {
  const [range, setRange] = useDayRange();
  const query = useEnforcerDashboard(range);
  return (
    <DepartmentFrame
      title="Enforcer Dashboard"
      description="Scans by the enforcers, and how many vehicles were compliant"
      range={range}
      onRangeChange={setRange}
      query={query}
      render={(data) => ({
        cards: (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="md">
            <FigureCard label="Scans" figure={data.scans} icon={<IconScan size={20} />} color="blue" />
            <FigureCard label="Compliant" figure={data.compliant} icon={<IconCircleCheck size={20} />} color="teal" />
            <FigureCard label="Non-Compliant" figure={data.nonCompliant} icon={<IconCircleX size={20} />} color="red" />
            <StatCard
              label="Compliance Rate"
              value={formatPercent(data.complianceRate)}
              hint="of the period's scans"
              icon={<IconPercentage size={20} />}
              color="grape"
            />
            <FigureCard label="Penalties Charged" figure={data.penaltiesCharged} unit="naira" icon={<IconAlertTriangle size={20} />} color="orange" />
          </SimpleGrid>
        ),
        chart: (
          <SeriesChart
            title="Scans over time"
            series={data.series}
            bars={[
              { name: 'compliant', label: 'Compliant', color: 'teal.6', format: formatCount },
              { name: 'nonCompliant', label: 'Non-compliant', color: 'red.5', format: formatCount },
            ]}
          />
        ),
        side: <AgentsByStatusCard title="Enforcers" agents={data.agents} />,
        breakdown: <ByVehicleTypeCard title="Scans by vehicle type" values={data.scansByVehicleType} />,
        topAgents: (
          <SectionCard title="Top enforcers" description="By scans in the period">
            <TopAgentsTable agents={data.topAgents} loading={false} caption="Top enforcers" />
          </SectionCard>
        ),
      })}
    />
  );
}
