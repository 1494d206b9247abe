import { Badge } from '@mantine/core';
import { can } from '@eticket/contracts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { useApprovalCount } from './queries.ts';

/** The sidebar's count of pending requests the signed-in person may decide (none shown at zero). */
export function ApprovalsBadge() {
  const user = useSignedInUser();
  const count = useApprovalCount(can(user, 'approvals', 'read'));
  if (!count.data) return null;
  return (
    <Badge size="sm" color="red" circle={count.data < 10} aria-label={`${count.data} waiting for your approval`} data-testid="approvals-badge">
      {count.data}
    </Badge>
  );
}
