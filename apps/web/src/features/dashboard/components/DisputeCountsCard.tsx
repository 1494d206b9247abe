import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { can, disputeEndpoints, DISPUTE_DUE_HOURS } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';
import { DASHBOARD_KEY } from '../../../lib/dashboardKey.ts';
import { useSignedInUser } from '../../../lib/useSession.ts';

/** The admin overview's line of dispute counts (issue 44): open, in review, overdue, resolved this week; links to the queue. */
export function DisputeCountsCard() {
  const viewer = useSignedInUser();
  const allowed = can(viewer, 'disputes');
  const counts = useQuery({
    queryKey: [...DASHBOARD_KEY, 'disputes'],
    queryFn: ({ signal }) => call(disputeEndpoints.summary, {}, { signal }),
    select: (reply) => reply.data,
    enabled: allowed,
  });
  if (!allowed || !counts.data) return null;
  const { open, inReview, overdue, resolvedLast7Days } = counts.data;
  return (
    <Paper component="section" aria-label="Disputes" withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Text fw={700}>Disputes from the public</Text>
        <Group gap="lg" wrap="wrap">
          <Text size="sm" data-testid="disputes-open">
            <b>{open}</b> open
          </Text>
          <Text size="sm" data-testid="disputes-in-review">
            <b>{inReview}</b> in review
          </Text>
          <Text size="sm" c={overdue > 0 ? 'red.8' : undefined} fw={overdue > 0 ? 700 : undefined} data-testid="disputes-overdue">
            <b>{overdue}</b> over {DISPUTE_DUE_HOURS} hours
          </Text>
          <Text size="sm" c="dimmed">
            {resolvedLast7Days} resolved in 7 days
          </Text>
          <Anchor component={Link} to={overdue > 0 ? '/disputes?age=overdue' : '/disputes'} size="sm">
            Open the queue
          </Anchor>
        </Group>
      </Group>
    </Paper>
  );
}
