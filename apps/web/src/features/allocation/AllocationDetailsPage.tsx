import { useState } from 'react';
import { Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconCashPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { can, unionLabel } from '@eticket/contracts';
import { DateRangeFilter } from '../../components/DateRangeFilter.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { defaultDayRange, type DayRange } from '../../lib/dayRange.ts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { PayoutsTable } from './PayoutsTable.tsx';
import { useStakeholder } from './queries.ts';
import { RecordPayoutModal } from './RecordPayoutModal.tsx';
import { StakeholderAccount } from './StakeholderAccount.tsx';
import { StakeholderFigures } from './StakeholderFigures.tsx';

/** allocation/{id}: a stakeholder's account, percentage and figures for a chosen range, and its payouts. */
export function AllocationDetailsPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const [range, setRange] = useState<DayRange>(() => defaultDayRange());
  const [recording, setRecording] = useState(false);
  const query = useStakeholder(id, range);
  const name = query.data ? unionLabel(query.data.partner) : null;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/allocation" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Allocation
        </Group>
      </Anchor>
      <PageHeader
        title={name ?? 'Allocation Details'}
        description="Its share, what it is owed for the period, and its payouts"
        actions={
          <Group align="flex-end" gap="sm">
            <DateRangeFilter value={range} onChange={setRange} />
            {can(user, 'allocation', 'write') && query.data && (
              <Button leftSection={<IconCashPlus size={16} aria-hidden />} onClick={() => setRecording(true)}>
                Record payout
              </Button>
            )}
          </Group>
        }
      />
      {query.isError ? (
        <LoadError title="Could not load the allocation" error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <Skeleton h={320} radius="md" aria-label="Loading the allocation" />
      ) : (
        <>
          <StakeholderFigures stakeholder={query.data} />
          <StakeholderAccount stakeholder={query.data} />
          <PayoutsTable stakeholderId={id} range={range} />
        </>
      )}
      <RecordPayoutModal stakeholderId={id} opened={recording} onClose={() => setRecording(false)} />
    </Stack>
  );
}
