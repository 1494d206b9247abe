import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { FLAG_RULE_LABELS, type FieldFlag, type FlagListQuery, type FlagStatus } from '@eticket/contracts';
import { formatTableDateTime } from '../../lib/format.ts';
import { useFlagList, useReviewFlag } from './queries.ts';

const STATUS_COLORS: Record<FlagStatus, string> = { open: 'orange', confirmed: 'red', 'false-alarm': 'gray' };
const STATUS_LABELS: Record<FlagStatus, string> = { open: 'Open', confirmed: 'Confirmed', 'false-alarm': 'False alarm' };
const PAGE_SIZE = 20;

/** A page of flags (newest first) with their review: Confirm or False alarm, with an optional note. */
export function FlagTable({ filters, label, mayReview }: { filters: Omit<FlagListQuery, 'page' | 'limit'>; label: string; mayReview: boolean }) {
  const [page, setPage] = useState(1);
  const list = useFlagList({ ...filters, page, limit: PAGE_SIZE });
  if (list.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the flags">
        {list.error.message}
      </Alert>
    );
  }
  const rows = list.data?.data ?? [];
  const pages = list.data?.paginator.pageCount ?? 1;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label={label} aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Motorist</Table.Th>
              <Table.Th>What was seen</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Review</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((flag) => (
              <FlagRow key={flag.id} flag={flag} mayReview={mayReview} />
            ))}
            {list.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed">No flags</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} aria-label={`${label} pages`} />}
    </Stack>
  );
}

function FlagRow({ flag, mayReview }: { flag: FieldFlag; mayReview: boolean }) {
  const review = useReviewFlag();
  const [note, setNote] = useState('');
  const decide = (decision: 'confirmed' | 'false-alarm') => review.mutate({ id: flag.id, decision, note: note || undefined });
  return (
    <Table.Tr>
      <Table.Td>
        {formatTableDateTime(flag.receivedAt)}
        <Text size="xs" c="dimmed">
          captured {formatTableDateTime(flag.capturedAt)}
        </Text>
      </Table.Td>
      <Table.Td>{FLAG_RULE_LABELS[flag.rule]}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/${flag.agent.id}/details`}>
          {flag.agent.fullName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {flag.agent.userCode}
        </Text>
      </Table.Td>
      <Table.Td>{flag.motorist ? `${flag.motorist.fullName} (${flag.motorist.userCode})` : '—'}</Table.Td>
      <Table.Td>{flag.summary}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[flag.status]} variant="light">
          {STATUS_LABELS[flag.status]}
        </Badge>
        {flag.reviewedBy && (
          <Text size="xs" c="dimmed">
            {flag.reviewedBy.fullName}
            {flag.reviewNote ? `: ${flag.reviewNote}` : ''}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {flag.status === 'open' && mayReview ? (
          <Stack gap={4}>
            <TextInput
              size="xs"
              placeholder="Note (optional)"
              aria-label={`Note on the flag of ${flag.agent.fullName}`}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" color="red" loading={review.isPending} onClick={() => decide('confirmed')}>
                Confirm
              </Button>
              <Button size="compact-xs" variant="light" loading={review.isPending} onClick={() => decide('false-alarm')}>
                False alarm
              </Button>
            </Group>
            {review.isError && (
              <Text size="xs" c="red" role="alert">
                {review.error.message}
              </Text>
            )}
          </Stack>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
