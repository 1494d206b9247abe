import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Image, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lodgementText, NOT_AVAILABLE, personName, TILL_CLOSE_STATUS_LABELS, type TillClose, type TillCloseDetail } from '@eticket/contracts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Money } from '../../components/Money.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { confirmationText, reasonError, reasonRequired, varianceText, type DecisionAction } from './decision.ts';
import { useCloseDetail, useDecideClose } from './queries.ts';

const REASON_MAX = 500;

/** A close's review: counted against expected, the lodgement and its slip, the collections; Approve or Reject while it waits. */
export function CloseReviewModal({ close, onClose }: { close: TillClose | null; onClose: () => void }) {
  return (
    <Modal opened={close !== null} onClose={onClose} title={close ? `Till close of ${personName(close.remitter.fullName)}` : ''} size="xl" centered>
      {close && <CloseReview id={close.id} onDone={onClose} />}
    </Modal>
  );
}

function CloseReview({ id, onDone }: { id: string; onDone: () => void }) {
  const detail = useCloseDetail(id);
  // Kept here: a refusal (already decided by someone else) reloads the close, which replaces the form.
  const [refusal, setRefusal] = useState<string | null>(null);
  if (detail.isError) return <LoadError title="Could not load this close" error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Skeleton h={240} />;
  const close = detail.data;
  return (
    <Stack gap="md">
      <FormMessage error={refusal} />
      <Figures close={close} />
      <Lodgement close={close} />
      <Collections close={close} />
      {close.status === 'pending' ? <DecisionForm close={close} onDone={onDone} onRefused={setRefusal} /> : <Decided close={close} />}
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={`close-${label.toLowerCase()}`}>
        {children}
      </Text>
    </div>
  );
}

function Figures({ close }: { close: TillCloseDetail }) {
  const color = close.variance < 0 ? 'red.8' : close.variance > 0 ? 'teal.8' : undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
      <Figure label="Counted">
        <Money value={close.counted} />
      </Figure>
      <Figure label="Expected">
        <Money value={close.expected} />
      </Figure>
      <Figure label="Variance">
        <Text span inherit c={color}>
          {varianceText(close.variance)}
        </Text>
      </Figure>
      <Figure label="Status">
        <Text span inherit c={close.status === 'pending' ? 'yellow.9' : close.status === 'approved' ? 'green.8' : 'red.8'}>
          {TILL_CLOSE_STATUS_LABELS[close.status]}
        </Text>
      </Figure>
    </SimpleGrid>
  );
}

function Lodgement({ close }: { close: TillCloseDetail }) {
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
        <Text fw={600}>Lodgement</Text>
        <Text size="sm">{lodgementText(close.lodgement)}</Text>
        <Text size="sm">
          Lodged on {close.lodgement.lodgedOn}; the amount lodged is the count, <Money value={close.counted} />.
        </Text>
        <Text size="sm" c="dimmed">
          Submitted {formatDateTime(close.submittedAt)} (captured on the phone {formatDateTime(close.capturedAt)})
        </Text>
      </Stack>
      {close.lodgement.kind === 'deposit' && (
        <Stack gap={4} w={220}>
          <Text fw={600}>Deposit slip</Text>
          {close.slipUrl ? (
            <Anchor href={close.slipUrl} target="_blank" rel="noreferrer">
              <Image src={close.slipUrl} alt={`Deposit slip of ${personName(close.remitter.fullName)}`} radius="sm" mah={200} fit="contain" />
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No photo of the slip was sent.
            </Text>
          )}
        </Stack>
      )}
    </Group>
  );
}

function Collections({ close }: { close: TillCloseDetail }) {
  if (close.collections.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {close.status === 'rejected' ? 'Rejected: its collections went back to the remitter’s open till.' : 'No cash collections.'}
      </Text>
    );
  }
  const late = close.collections.filter((collection) => collection.late).length;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        Cash collections ({close.collections.length}
        {late > 0 ? `, ${late} late` : ''})
      </Text>
      <Table.ScrollContainer minWidth={560} mah={220}>
        <Table verticalSpacing={4} fz="sm" aria-label="Cash collections" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Receipt No</Table.Th>
              <Table.Th>Motorist</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Captured</Table.Th>
              <Table.Th>Received</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {close.collections.map((collection) => (
              <Table.Tr key={collection.id}>
                <Table.Td ff="monospace">{collection.receiptNo}</Table.Td>
                <Table.Td>
                  {personName(collection.motorist.fullName)} ({collection.motorist.userCode})
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={collection.amount} />
                </Table.Td>
                <Table.Td>{formatDateTime(collection.capturedAt)}</Table.Td>
                <Table.Td>
                  {formatDateTime(collection.receivedAt)}{' '}
                  {collection.late && (
                    <Badge size="xs" color="orange" variant="light">
                      Late
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Decided({ close }: { close: TillCloseDetail }) {
  return (
    <Alert
      color={close.status === 'approved' ? 'green' : 'red'}
      variant="light"
      role="status"
      title={`${TILL_CLOSE_STATUS_LABELS[close.status]} by ${personName(close.decidedBy?.fullName) ?? NOT_AVAILABLE}`}
    >
      <Text size="sm">{formatDateTime(close.decidedAt)}</Text>
      {close.reason && <Text size="sm">Reason: {close.reason}</Text>}
    </Alert>
  );
}

/** Reason, then Approve or Reject, then a confirmation saying what will be posted; the server's refusal is shown as it says it. */
function DecisionForm({ close, onDone, onRefused }: { close: TillCloseDetail; onDone: () => void; onRefused: (message: string | null) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<DecisionAction | null>(null);
  const decide = useDecideClose(close.id);
  const remitterName = personName(close.remitter.fullName);

  const ask = (action: DecisionAction) => {
    const problem = reasonError(action, close.variance, reason);
    setError(problem);
    if (!problem) setConfirming(action);
  };
  // Awaited, not mutate's callbacks: the decision reloads this close, which swaps this form for the
  // decision before mutate's own callbacks could run.
  const confirm = async () => {
    if (!confirming) return;
    onRefused(null);
    try {
      const reply = await decide.mutateAsync({ action: confirming, reason: reason.trim() });
      notifications.show({ color: 'teal', message: reply.message });
      onDone();
    } catch (failure) {
      setConfirming(null);
      onRefused((failure as Error).message);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    ask('approve');
  };

  if (confirming) {
    return (
      <Stack gap="md">
        <Alert color={confirming === 'reject' ? 'red' : 'blue'} variant="light" role="alertdialog" aria-label="Confirm decision">
          {confirmationText(confirming, { counted: close.counted, variance: close.variance, remitterName })}
          {reason.trim() && <Text size="sm">Reason: {reason.trim()}</Text>}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
            Back
          </Button>
          <Button color={confirming === 'reject' ? 'red' : undefined} loading={decide.isPending} onClick={confirm}>
            {confirming === 'reject' ? 'Yes, reject' : 'Yes, approve'}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormMessage error={error} />
        <Textarea
          label="Reason"
          description={
            close.variance !== 0
              ? 'Required: the count differs from the expected cash. Kept with the close; the remitter sees it if you reject.'
              : 'Required to reject (the remitter sees it); optional to approve.'
          }
          withAsterisk={reasonRequired('approve', close.variance)}
          autosize
          minRows={2}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="light" color="red" onClick={() => ask('reject')}>
            Reject
          </Button>
          <Button type="submit">Approve</Button>
        </Group>
      </Stack>
    </form>
  );
}
