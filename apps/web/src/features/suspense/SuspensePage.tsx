import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { Alert, Badge, Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { SUSPENSE_STATUSES, VEHICLE_TYPES, can, type SuspenseItem, type SuspenseStatus, type VehicleType } from '@eticket/contracts';
import { LoadError } from '../../components/LoadError.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Pager } from '../../components/DataTable/index.ts';
import { formatNaira, formatTableDateTime } from '../../lib/format.ts';
import { usePlans } from '../../lib/plans.ts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { useAssignSuspense, useRefundSuspense, useSuspenseItems } from './queries.ts';

const PER_PAGE = 20;
const STATUS_LABELS: Record<SuspenseStatus, string> = { open: 'Open', assigned: 'Assigned', refunded: 'Refunded' };
const STATUS_COLORS: Record<SuspenseStatus, string> = { open: 'orange', assigned: 'teal', refunded: 'gray' };

/**
 * Suspense (issue 43): money received online that paid nothing (a transfer of an amount that is no
 * plan's price nor the penalty, a checkout that did not match what was initialised). Staff assign an
 * item to a motorist's plan or penalty, or record its refund.
 */
export function SuspensePage() {
  const viewer = useSignedInUser();
  const [status, setStatus] = useState<SuspenseStatus | null>('open');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ item: SuspenseItem; action: 'assign' | 'refund' } | null>(null);
  const query = useSuspenseItems(status, page, PER_PAGE);
  const mayAct = can(viewer, 'books', 'write');
  return (
    <>
      <PageHeader title="Suspense" description="Money received online that paid nothing yet: assign it to a plan or penalty, or refund it" />
      <SectionCard
        title="Items"
        actions={
          <SegmentedControl
            aria-label="Status"
            value={status ?? 'all'}
            onChange={(value) => {
              setStatus(value === 'all' ? null : (value as SuspenseStatus));
              setPage(1);
            }}
            data={[...SUSPENSE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })), { value: 'all', label: 'All' }]}
          />
        }
      >
        {query.isError ? (
          <LoadError title="Could not load suspense" error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Stack gap="sm" aria-busy={query.isFetching}>
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="sm" aria-label="Suspense items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>S/N</Table.Th>
                    <Table.Th>Received</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Motorist</Table.Th>
                    <Table.Th>Payer</Table.Th>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(query.data?.data ?? []).map((item, index) => (
                    <Table.Tr key={item._id}>
                      <Table.Td>{(page - 1) * PER_PAGE + index + 1}</Table.Td>
                      <Table.Td>{formatTableDateTime(item.receivedAt)}</Table.Td>
                      <Table.Td ff="monospace">{item.reference}</Table.Td>
                      <Table.Td ta="right">{formatNaira(item.amount)}</Table.Td>
                      <Table.Td>{item.motorist ? `${item.motorist.fullName} (${item.motorist.userCode})` : '***'}</Table.Td>
                      <Table.Td>{item.payer ?? '***'}</Table.Td>
                      <Table.Td>
                        {item.reason}
                        {item.detail && (
                          <Text size="xs" c="dimmed">
                            {item.detail}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[item.status]} variant="light">
                          {STATUS_LABELS[item.status]}
                        </Badge>
                        {item.receiptNo && <Text size="xs">Receipt {item.receiptNo}</Text>}
                        {item.refundReference && <Text size="xs">Refund {item.refundReference}</Text>}
                      </Table.Td>
                      <Table.Td>
                        {mayAct && item.status === 'open' && (
                          <Group gap={4} wrap="nowrap">
                            <Button size="compact-sm" onClick={() => setActing({ item, action: 'assign' })} aria-label={`Assign ${item.reference}`}>
                              Assign
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="light"
                              color="red"
                              onClick={() => setActing({ item, action: 'refund' })}
                              aria-label={`Refund ${item.reference}`}
                            >
                              Refund
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {query.data && query.data.data.length === 0 && (
              <Text c="dimmed" ta="center" py="lg">
                No items.
              </Text>
            )}
            {query.data && <Pager page={page} pageCount={query.data.paginator.pageCount} onPage={setPage} />}
          </Stack>
        )}
      </SectionCard>
      {acting?.action === 'assign' && <AssignDialog item={acting.item} onDone={() => setActing(null)} />}
      {acting?.action === 'refund' && <RefundDialog item={acting.item} onDone={() => setActing(null)} />}
    </>
  );
}

/** Closes a dialog saying what happened: assigned or refunded, or "Sent for approval" (APPROVALS: a second person decides). */
function doneWith(onDone: () => void) {
  return (message: string | undefined) => {
    if (message) notifications.show({ color: 'teal', message });
    onDone();
  };
}

function AssignDialog({ item, onDone }: { item: SuspenseItem; onDone: () => void }) {
  const assign = useAssignSuspense();
  const done = doneWith(onDone);
  const [userCode, setUserCode] = useState(item.motorist?.userCode ?? '');
  const [kind, setKind] = useState<'subscription' | 'penalty'>('subscription');
  const [subscriptionId, setSubscriptionId] = useState('');
  const [vehicleType, setVehicleType] = useState<VehicleType>('keke');
  const [note, setNote] = useState('');
  // Only the plans whose price is the item's amount can take it.
  const plans = (usePlans(vehicleType).data ?? []).filter((plan) => plan.price === item.amount);
  return (
    <Modal opened onClose={onDone} title={`Assign ${formatNaira(item.amount)} (${item.reference})`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          assign.mutate(
            { id: item._id, body: { userCode, kind, subscriptionId: kind === 'subscription' ? subscriptionId : undefined, note } },
            { onSuccess: (reply) => done(reply.message) },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput label="Motorist's Unique ID" value={userCode} onChange={(e) => setUserCode(e.currentTarget.value)} required />
          <NativeSelect
            label="Pays"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as 'subscription' | 'penalty')}
            data={[
              { value: 'subscription', label: 'A plan (its price must be the amount)' },
              { value: 'penalty', label: 'The outstanding penalty' },
            ]}
          />
          {kind === 'subscription' && (
            <>
              <NativeSelect
                label="Vehicle type"
                value={vehicleType}
                onChange={(e) => {
                  setVehicleType(e.currentTarget.value as VehicleType);
                  setSubscriptionId('');
                }}
                data={VEHICLE_TYPES.map((type) => ({ value: type, label: type }))}
              />
              <NativeSelect
                label="Plan"
                description={plans.length === 0 ? `No ${vehicleType} plan costs ${formatNaira(item.amount)}` : undefined}
                value={subscriptionId}
                onChange={(e) => setSubscriptionId(e.currentTarget.value)}
                data={[{ value: '', label: 'Choose a plan' }, ...plans.map((plan) => ({ value: plan.id, label: `${plan.name} (${formatNaira(plan.price)})` }))]}
                required
              />
            </>
          )}
          <Textarea label="Note" description="Why this item pays this" value={note} onChange={(e) => setNote(e.currentTarget.value)} required minLength={3} />
          {assign.isError && (
            <Alert color="red" role="alert">
              {assign.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={assign.isPending}>
              Assign
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RefundDialog({ item, onDone }: { item: SuspenseItem; onDone: () => void }) {
  const done = doneWith(onDone);
  const refund = useRefundSuspense();
  const [refundReference, setReference] = useState('');
  const [note, setNote] = useState('');
  return (
    <Modal opened onClose={onDone} title={`Refund ${formatNaira(item.amount)} (${item.reference})`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          refund.mutate({ id: item._id, body: { refundReference, note } }, { onSuccess: (reply) => done(reply.message) });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">Refund it through the provider first (its dashboard), then record the refund's reference here.</Text>
          <TextInput label="Refund reference" value={refundReference} onChange={(e) => setReference(e.currentTarget.value)} required />
          <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} required minLength={3} />
          {refund.isError && (
            <Alert color="red" role="alert">
              {refund.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              Record refund
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
