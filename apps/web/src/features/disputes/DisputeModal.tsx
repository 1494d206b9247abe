import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Modal, Select, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import {
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOME_MAX_LENGTH,
  DISPUTE_REASON_LABELS,
  can,
  personName,
  type DisputeDetail,
  type DisputeOutcome,
} from '@eticket/contracts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { AgeBadge, SOURCE_LABELS, StateBadge } from './labels.tsx';
import { useAssignees, useDispute, useDisputeActions } from './queries.ts';

const PUBLIC_PREFIX = { vehicle: '/v/', receipt: '/r/', agent: '/a/' } as const;

/** One dispute: what it is about, its notes; assign, note and resolve while it is open. */
export function DisputeModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Modal opened={id !== null} onClose={onClose} title="Dispute" size="xl" centered>
      {id && <DisputeView id={id} />}
    </Modal>
  );
}

const errorText = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

function DisputeView({ id }: { id: string }) {
  const dispute = useDispute(id);
  const [error, setError] = useState<string | null>(null);
  if (dispute.isError) return <LoadError title="Could not load this dispute" error={dispute.error} onRetry={() => dispute.refetch()} />;
  if (!dispute.data) return <Skeleton h={240} />;
  const row = dispute.data;
  return (
    <Stack gap="md">
      <FormMessage error={error} />
      <Group gap="sm">
        <Text ff="monospace" fw={700} fz="lg" data-testid="dispute-reference">
          {row.reference}
        </Text>
        <StateBadge state={row.state} />
        <AgeBadge dispute={row} />
      </Group>
      <About dispute={row} />
      <Stack gap={4}>
        <Text fw={600}>{DISPUTE_REASON_LABELS[row.reason]}</Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="dispute-description">
          {row.description}
        </Text>
      </Stack>
      <Notes dispute={row} onError={setError} />
      {row.state === 'resolved' ? <Resolved dispute={row} /> : <Work dispute={row} onError={setError} />}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** What the page's code names: links to the motorist's and agent's details, the public check, the receipt and the scan. */
function About({ dispute }: { dispute: DisputeDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Fact label="Sent from">
        <Anchor href={`${PUBLIC_PREFIX[dispute.source]}${encodeURIComponent(dispute.sourceCode)}`} target="_blank" rel="noreferrer">
          {SOURCE_LABELS[dispute.source]} page {dispute.sourceCode}
        </Anchor>{' '}
        on {formatDateTime(dispute.createdAt)}
      </Fact>
      <Fact label="Vehicle">
        {dispute.motorist ? (
          <Anchor component={Link} to={`/${dispute.motorist.id}/details`}>
            {dispute.motorist.plateNumber?.toUpperCase() ?? dispute.motorist.userCode} · {personName(dispute.motorist.fullName)}
          </Anchor>
        ) : (
          'None found'
        )}
      </Fact>
      <Fact label="Agent">
        {dispute.agent ? (
          <Anchor component={Link} to={`/${dispute.agent.id}/details`}>
            {personName(dispute.agent.fullName)} ({dispute.agent.userCode})
          </Anchor>
        ) : (
          'None found'
        )}
      </Fact>
      <Fact label="Receipt">{dispute.receiptNo ?? 'None'}</Fact>
      <Fact label="Latest scan before the report">
        {dispute.scan ? (
          <>
            {formatDateTime(dispute.scan.createdAt)} by{' '}
            <Anchor component={Link} to={`/${dispute.scan.agent.id}/details`}>
              {personName(dispute.scan.agent.fullName)}
            </Anchor>
          </>
        ) : (
          'None in the 72 hours before'
        )}
      </Fact>
      <Fact label="Reporter's phone">{dispute.phone ?? 'Not given: the outcome cannot be texted'}</Fact>
    </SimpleGrid>
  );
}

function Notes({ dispute, onError }: { dispute: DisputeDetail; onError: (message: string | null) => void }) {
  const { note } = useDisputeActions(dispute.id);
  const [text, setText] = useState('');
  return (
    <Stack gap={6}>
      <Text fw={600}>Notes</Text>
      {dispute.notes.length === 0 && (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      )}
      {dispute.notes.map((item) => (
        <Text key={item.id} size="sm" data-testid="dispute-note">
          <Text span fw={600}>
            {personName(item.author.fullName)}
          </Text>{' '}
          <Text span c="dimmed">
            {formatDateTime(item.createdAt)}
          </Text>
          : {item.body}
        </Text>
      ))}
      <Group align="flex-end" gap="sm">
        <Textarea
          label="Add a note"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={DISPUTE_NOTE_MAX_LENGTH}
          autosize
          minRows={1}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          loading={note.isPending}
          disabled={!text.trim()}
          onClick={() =>
            note.mutate(text, {
              onSuccess: () => {
                setText('');
                onError(null);
              },
              onError: (failure) => onError(errorText(failure)),
            })
          }
        >
          Add note
        </Button>
      </Group>
    </Stack>
  );
}

function Work({ dispute, onError }: { dispute: DisputeDetail; onError: (message: string | null) => void }) {
  const viewer = useSignedInUser();
  const assignees = useAssignees();
  const { assign, resolve } = useDisputeActions(dispute.id);
  const [assignee, setAssignee] = useState<string | null>(dispute.assignee?.id ?? null);
  const [outcome, setOutcome] = useState<DisputeOutcome>('upheld');
  const [outcomeText, setOutcomeText] = useState('');
  if (!can(viewer, 'disputes', 'write')) return null;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label="Assigned to"
          placeholder="Nobody"
          data={(assignees.data ?? []).map((person) => ({ value: person.id, label: `${personName(person.fullName)} (${person.userCode})` }))}
          value={assignee}
          onChange={setAssignee}
          searchable
          w={320}
        />
        <Button
          variant="default"
          disabled={!assignee || assignee === dispute.assignee?.id}
          loading={assign.isPending}
          onClick={() =>
            assignee &&
            assign.mutate(assignee, {
              onSuccess: (reply) => {
                onError(null);
                notifications.show({ color: 'teal', message: reply.message });
              },
              onError: (failure) => onError(errorText(failure)),
            })
          }
        >
          Assign
        </Button>
      </Group>
      <Stack gap="xs" component="section" aria-label="Resolve">
        <Text fw={600}>Resolve</Text>
        <SegmentedControl
          value={outcome}
          onChange={(value) => setOutcome(value as DisputeOutcome)}
          data={[
            { value: 'upheld', label: DISPUTE_OUTCOME_LABELS.upheld },
            { value: 'not_upheld', label: DISPUTE_OUTCOME_LABELS.not_upheld },
          ]}
          w={300}
        />
        <Textarea
          label="Outcome text (texted to the reporter)"
          description={`At most ${DISPUTE_OUTCOME_MAX_LENGTH} characters; ${dispute.phone ? `sent to ${dispute.phone}` : 'no phone was given, so it is kept here only'}.`}
          value={outcomeText}
          onChange={(event) => setOutcomeText(event.currentTarget.value)}
          maxLength={DISPUTE_OUTCOME_MAX_LENGTH}
          autosize
          minRows={2}
        />
        <Group>
          <Button
            color={outcome === 'upheld' ? 'teal' : 'gray'}
            disabled={!outcomeText.trim()}
            loading={resolve.isPending}
            onClick={() =>
              resolve.mutate(
                { outcome, outcomeText },
                {
                  onSuccess: (reply) => {
                    onError(null);
                    notifications.show({ color: 'teal', message: reply.message });
                  },
                  onError: (failure) => onError(errorText(failure)),
                },
              )
            }
          >
            Resolve
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

/**
 * A resolved dispute: its outcome, and for an upheld one the follow-ups from this screen: a penalty
 * waiver (the Penalty page, opened on the motorist) and a payment reversal request.
 */
function Resolved({ dispute }: { dispute: DisputeDetail }) {
  const viewer = useSignedInUser();
  const upheld = dispute.outcome === 'upheld';
  return (
    <Alert
      color={upheld ? 'teal' : 'gray'}
      variant="light"
      role="status"
      title={`${dispute.outcome ? DISPUTE_OUTCOME_LABELS[dispute.outcome] : ''} by ${personName(dispute.resolvedBy?.fullName ?? '')}`}
    >
      <Stack gap="xs">
        <Text size="sm">
          {formatDateTime(dispute.resolvedAt)}: {dispute.outcomeText}
        </Text>
        {upheld && (
          <Group gap="sm">
            {dispute.motorist && can(viewer, 'penalty', 'write') && (
              <Button component={Link} to={`/penalty?userCode=${encodeURIComponent(dispute.motorist.userCode)}`} size="compact-sm" variant="light">
                Start a penalty waiver
              </Button>
            )}
            {/* The receipt's payment is reversed from the motorist's payment history (its Reverse payment action: a
                request a second person approves when APPROVALS says so), where the receipt is shown beside the others. */}
            {dispute.receiptNo && dispute.motorist && can(viewer, 'books', 'write') && (
              <Tooltip label={`Receipt ${dispute.receiptNo} in the motorist's payment history, with its Reverse payment action`}>
                <Button component={Link} to={`/${dispute.motorist.id}/details`} size="compact-sm" variant="light" color="red">
                  Request a payment reversal
                </Button>
              </Tooltip>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
