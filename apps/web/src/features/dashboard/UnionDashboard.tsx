import { useState, type ReactNode } from 'react';
import { Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { unionLabel, type PartnerUnion } from '@eticket/contracts';
import { DateFilterButton } from '../../components/DateFilterButton.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import type { DayRange } from '../../lib/dayRange.ts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { UnionPanel } from './components/UnionPanel.tsx';
import { useUnionTabs } from './queries.ts';
import { seesAllUnions } from './seesAllUnions.ts';
import { useDayRange } from './useDayRange.ts';

const unionNameOf = (union: PartnerUnion) => unionLabel(union);

/**
 * The union dashboard (spec section 2): 'Allocations to {union name}', a 'Date filter', and tabs
 * across unions for shareholder and government unions and super-admin; any other union sees its own.
 */
export function UnionDashboard({ extraActions }: { extraActions?: ReactNode }) {
  const user = useSignedInUser();
  const [range, setRange] = useDayRange();
  const withTabs = seesAllUnions(user);
  const tabs = useUnionTabs(); // the caller's own union alone, unless it may see them all
  const [chosen, setChosen] = useState<string | null>(null);

  const unions = tabs.data ?? [];
  const active = unions.find((union) => union.id === chosen) ?? unions.find((union) => union.id === user.id) ?? unions[0];
  const name = active ? unionNameOf(active) : user.unionName;
  const header = (
    <PageHeader
      title={<>Allocations to {name ?? (withTabs ? 'the unions' : 'your union')}</>}
      description="Compliance, revenue and what the union is owed for the chosen period"
      actions={
        <Group gap="sm">
          {extraActions}
          <DateFilterButton value={range} onChange={setRange} />
        </Group>
      }
    />
  );

  if (!withTabs) {
    return (
      <Stack gap="lg">
        {header}
        <UnionPanel range={range} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {header}
      <UnionTabs query={tabs} active={active?.id ?? null} onChange={setChosen} range={range} />
    </Stack>
  );
}

function UnionTabs({
  query,
  active,
  onChange,
  range,
}: {
  query: ReturnType<typeof useUnionTabs>;
  active: string | null;
  onChange: (id: string | null) => void;
  range: DayRange;
}) {
  if (query.isPending) return <Skeleton h={36} w={420} radius="md" aria-label="Loading the unions" />;
  if (query.isError) return <LoadError title="Could not load the unions" error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title="No partner unions yet" description="Unions appear here once they are registered and approved." />;
  return (
    <Tabs value={active} onChange={onChange} keepMounted={false} variant="outline">
      <Tabs.List aria-label="Unions" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {query.data.map((union) => (
          <Tabs.Tab key={union.id} value={union.id} style={{ whiteSpace: 'nowrap' }}>
            {unionNameOf(union)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {query.data.map((union) => (
        <Tabs.Panel key={union.id} value={union.id} pt="md">
          <UnionPanel range={range} unionId={union.id} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
