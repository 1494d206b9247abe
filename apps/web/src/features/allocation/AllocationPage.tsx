import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { can } from '@eticket/contracts';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { defaultDayRange, type DayRange } from '../../lib/dayRange.ts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { AllocationModal, type AllocationModalMode } from './AllocationModal.tsx';
import { AllocationSummary } from './AllocationSummary.tsx';
import { AllocationTable } from './AllocationTable.tsx';
import { useAllocations } from './queries.ts';

/** Allocation (spec section 2): the stakeholder allocations, 'Assign Percentage', Update per row, a row opens its page. */
export function AllocationPage() {
  const user = useSignedInUser();
  const canWrite = can(user, 'allocation', 'write');
  const [range, setRange] = useState<DayRange>(() => defaultDayRange());
  const [modal, setModal] = useState<AllocationModalMode | null>(null);
  const query = useAllocations(range);
  const allocated = useMemo(() => new Set((query.data?.data ?? []).map((row) => row.name)), [query.data]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Allocation"
        description="Revenue shares of the partner unions, and what each is owed"
        actions={
          <Group align="flex-end" gap="sm">
            <DateRangeFilter value={range} onChange={setRange} />
            {canWrite && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setModal({ kind: 'create' })}>
                Assign Percentage
              </Button>
            )}
          </Group>
        }
      />
      {query.isError ? (
        <LoadError title="Could not load the allocations" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <AllocationSummary summary={query.data?.summary} />
          <Paper withBorder radius="md" p="md">
            <AllocationTable
              rows={query.data?.data}
              loading={query.isFetching}
              canUpdate={canWrite}
              onUpdate={(row) => setModal({ kind: 'update', stakeholder: row })}
            />
          </Paper>
        </>
      )}
      <AllocationModal mode={modal} onClose={() => setModal(null)} allocated={allocated} remaining={query.data?.summary.remainingPercentage} />
    </Stack>
  );
}
