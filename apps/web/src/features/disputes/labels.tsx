import { Badge } from '@mantine/core';
import { DISPUTE_DUE_HOURS, DISPUTE_STATE_LABELS, type Dispute, type DisputeSource, type DisputeState } from '@eticket/contracts';

export const SOURCE_LABELS: Record<DisputeSource, string> = { vehicle: 'Vehicle', receipt: 'Receipt', agent: 'Agent' };
const STATE_COLORS: Record<DisputeState, string> = { open: 'blue', in_review: 'yellow', resolved: 'gray' };

export function StateBadge({ state }: { state: DisputeState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]}>
      {DISPUTE_STATE_LABELS[state]}
    </Badge>
  );
}

/** Hours since it was sent against 72: overdue in red once past them unresolved. */
export function AgeBadge({ dispute }: { dispute: Pick<Dispute, 'ageHours' | 'overdue' | 'state'> }) {
  if (dispute.overdue) {
    return (
      <Badge color="red" variant="filled" data-overdue>
        Overdue · {dispute.ageHours} h
      </Badge>
    );
  }
  return (
    <Badge color={dispute.state === 'resolved' ? 'gray' : 'teal'} variant="light">
      {dispute.ageHours} h{dispute.state === 'resolved' ? '' : ` of ${DISPUTE_DUE_HOURS}`}
    </Badge>
  );
}
