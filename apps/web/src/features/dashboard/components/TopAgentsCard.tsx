import { useState } from 'react';
import { SegmentedControl } from '@mantine/core';
import { LoadError } from '../../../components/LoadError.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import type { DayRange } from '../../../lib/dayRange.ts';
import { useTopAgents } from '../queries.ts';
import { TopAgentsTable } from './TopAgentsTable.tsx';

const FILTERS = [
  { value: '', label: 'All' },
  { value: 'remitter', label: 'Remitters' },
  { value: 'enforcer', label: 'Enforcers' },
  { value: 'registrar', label: 'Registrars' },
];

/** 'Top Performing Agent' of the admin overview; the filter is the call's search (a role). */
export function TopAgentsCard({ range }: { range: DayRange }) {
  const [search, setSearch] = useState('');
  const query = useTopAgents(range, search);
  return (
    <SectionCard
      title="Top Performing Agent"
      description="Remitters by amount collected, enforcers by scans, registrars by registrations"
      actions={<SegmentedControl size="xs" data={FILTERS} value={search} onChange={setSearch} aria-label="Which agents" />}
    >
      {query.isError ? (
        <LoadError title="Could not load the top agents" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <TopAgentsTable agents={query.data} loading={query.isFetching} caption="Top performing agents" />
      )}
    </SectionCard>
  );
}
