import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Pagination, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { APPROVAL_KIND_LABELS, CHANGE_REASON_MAX_LENGTH, type ApprovalRequest, type ApprovalState } from '@eticket/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatNaira, formatTableDateTime } from '../../lib/format.ts';
import { useApprovals, useDecideApproval, type ApprovalFilter } from './queries.ts';

const VIEWS = [
  { value: 'pending', label: 'Waiting' },
  { value: 'mine', label: 'My requests' },
  { value: 'all', label: 'All' },
] as const;
type View = (typeof VIEWS)[number]['value'];

const STATE_COLOURS: Record<ApprovalState, string> = { pending: 'yellow', approved: 'teal', rejected: 'red', expired: 'gray' };

const filterOf = (view: View, page: number): ApprovalFilter =>
  view === 'pending' ? { state: 'pending', page } : view === 'mine' ? { mine: 'true', page } : { page };

/** How a changed field is named; the money ones are shown in naira. */
const FIELD_LABELS: Record<string, string> = {
  outstandingPayment: 'Outstanding penalty',
  price: 'Price',
  amount: 'Amount',
  shortage: 'Shortage',
  expected: 'Expected cash',
  counted: 'Counted cash',
  percentage: 'Percentage',
  vehicleType: 'Vehicle type',
  name: 'Name',
  date: 'Date',
  reference: 'Reference',
  status: 'Status',
  reason: 'Reason',
};
const NAIRA_FIELDS = new Set(['outstandingPayment', 'price', 'amount', 'shortage', 'expected', 'counted']);

function show(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return NAIRA_FIELDS.has(key) ? formatNaira(value) : key === 'percentage' ? `${value} %` : String(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The fields a request changes: each as it is and as it would be. */
function Change({ request }: { request: ApprovalRequest }) {
  const keys = [...new Set([...Object.keys(request.before), ...Object.keys(request.after)])].filter((key) => key !== 'userId');
  return (
    <Table withTableBorder fz="sm" aria-label="What changes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key}>
            <Table.Th>{FIELD_LABELS[key] ?? key}</Table.Th>
            <Table.Td>{show(key, request.before[key])}</Table.Td>
            <Table.Td fw={700}>{show(key, request.after[key])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RequestCard({ request, onDecide }: { request: ApprovalRequest; onDecide: (action: 'approve' | 'reject') => void }) {
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={`${APPROVAL_KIND_LABELS[request.kind]}: ${request.subject}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700}>{APPROVAL_KIND_LABELS[request.kind]}</Text>
            <Text size="sm">{request.subject}</Text>
          </Stack>
          <Badge color={STATE_COLOURS[request.state]} data-testid="approval-state">
            {request.state}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Asked by {request.maker.fullName} on {formatTableDateTime(request.createdAt)}
          {request.state === 'pending' ? ` · expires ${formatTableDateTime(request.expiresAt)}` : ''}
        </Text>
        {request.reason && <Text size="sm">Why: {request.reason}</Text>}
        <Change request={request} />
        {request.checker && (
          <Text size="sm">
            {request.state === 'approved' ? 'Approved' : 'Rejected'} by {request.checker.fullName}
            {request.decidedAt ? ` on ${formatTableDateTime(request.decidedAt)}` : ''}
            {request.comment ? `: ${request.comment}` : ''}
          </Text>
        )}
        {request.canDecide && (
          <Group gap="sm">
            <Button color="teal" onClick={() => onDecide('approve')}>
              Approve
            </Button>
            <Button color="red" variant="light" onClick={() => onDecide('reject')}>
              Reject
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Asks for the comment (required to reject) and sends the decision; the action's refusal shows here. */
function DecisionDialog({ target, onClose }: { target: { request: ApprovalRequest; action: 'approve' | 'reject' } | null; onClose: () => void }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideApproval();
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const approve = target?.action === 'approve';
  return (
    <Modal opened={target !== null} onClose={close} title={approve ? 'Approve the change' : 'Reject the change'} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!target) return;
          const text = comment.trim();
          if (!approve && !text) return setError('Comment is required');
          decide.mutate(
            { id: target.request.id, action: target.action, comment: text },
            {
              onSuccess: (reply) => {
                notifications.show({ color: 'teal', message: reply.message });
                close();
              },
              onError: (failure) => setError(failure.message),
            },
          );
        }}
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {target && <Text size="sm">{target.request.subject}</Text>}
          <Textarea
            label="Comment"
            description={approve ? 'Optional' : 'Required: the maker sees it'}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={CHANGE_REASON_MAX_LENGTH}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={approve ? 'teal' : 'red'} loading={decide.isPending}>
              {approve ? 'Approve' : 'Reject'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Approvals (issue 44): money-changing actions waiting for a second person, pending first; approve
 * or reject with a comment; the maker follows their own requests here.
 */
export function ApprovalsPage() {
  const [view, setView] = useState<View>('pending');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<{ request: ApprovalRequest; action: 'approve' | 'reject' } | null>(null);
  const list = useApprovals(filterOf(view, page));
  const rows = list.data?.data ?? [];
  return (
    <>
      <PageHeader title="Approvals" description="Changes to money that wait for a second person: approve or reject them, or follow your own" />
      <Stack gap="md">
        <SegmentedControl
          value={view}
          onChange={(next) => {
            setView(next as View);
            setPage(1);
          }}
          data={[...VIEWS]}
          w="fit-content"
        />
        {list.isError && (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        )}
        {list.isSuccess && rows.length === 0 && <Text c="dimmed">No requests here.</Text>}
        {rows.map((request) => (
          <RequestCard key={request.id} request={request} onDecide={(action) => setTarget({ request, action })} />
        ))}
        {(list.data?.paginator.pageCount ?? 0) > 1 && <Pagination value={page} onChange={setPage} total={list.data?.paginator.pageCount ?? 1} />}
      </Stack>
      <DecisionDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
