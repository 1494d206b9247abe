import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PRIVACY_REQUEST_KINDS, privacyEndpoints, type PersonRecord, type PrivacyRequest, type PrivacyRequestKind } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';
import { downloadArchive, fetchRequests, privacyKeys } from './queries.ts';

/** The super-admin's privacy section of a person's details: the archive, and requests with their outcomes. */
export function PrivacyBlock({ person }: { person: PersonRecord }) {
  const queryClient = useQueryClient();
  const requests = useQuery({ queryKey: privacyKeys.requests(person.id), queryFn: ({ signal }) => fetchRequests(person.id, signal) });
  const [kind, setKind] = useState<PrivacyRequestKind>('access');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: privacyKeys.requests(person.id) });
  const failed = (error: unknown) => notifications.show({ color: 'red', message: (error as Error).message });

  async function record() {
    setBusy(true);
    try {
      await call(privacyEndpoints.recordRequest, { params: { id: person.id }, body: { kind, details } });
      setDetails('');
      await refresh();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  const [deciding, setDeciding] = useState<{ request: PrivacyRequest; status: 'done' | 'refused' } | null>(null);
  const [outcome, setOutcome] = useState('');
  const erasing = deciding?.request.kind === 'erasure' && deciding.status === 'done';

  async function decide() {
    if (!deciding) return;
    setBusy(true);
    try {
      const reply = await call(privacyEndpoints.decideRequest, {
        params: { id: person.id, requestId: deciding.request.id },
        body: { status: deciding.status, outcome },
      });
      notifications.show({ color: 'green', message: reply.message });
      setDeciding(null);
      setOutcome('');
      // The page stays on the person as shown, with the outcome (a deleted person's details are not found again).
      await refresh();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }
  const askDecision = (request: PrivacyRequest, status: 'done' | 'refused') => setDeciding({ request, status });

  const items = requests.data?.data.items ?? [];
  return (
    <Card withBorder padding="lg">
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={erasing ? 'Erase this person’s personal data now?' : deciding?.status === 'done' ? 'Close the request as done' : 'Refuse the request'}
        centered
      >
        <Stack gap="sm">
          {erasing && (
            <Alert color="red">
              The person is deleted and their name, contacts, ID, guarantor and images are erased at once. Payments and scans stay, anonymised. This cannot be
              undone.
            </Alert>
          )}
          <Textarea label="Outcome (what was done, or why not)" value={outcome} onChange={(e) => setOutcome(e.currentTarget.value)} autosize minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeciding(null)} data-autofocus>
              Cancel
            </Button>
            <Button color={erasing ? 'red' : undefined} loading={busy} disabled={outcome.trim().length < 3} onClick={() => void decide()}>
              {erasing ? 'Erase' : 'Confirm'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Personal data
          </Title>
          <Group gap="xs">
            <Button variant="light" onClick={() => void downloadArchive(person.id, person.userCode).catch(failed)}>
              Download archive (JSON)
            </Button>
            <Button component={Link} to={`/${person.id}/personal-data`} variant="light">
              Readable archive
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Producing the archive is recorded. Requests: access, correction, erasure, each closed with its outcome.
        </Text>
        {requests.isPending && <Text size="sm">Loading the requests…</Text>}
        {requests.isError && <Alert color="red">{requests.error.message}</Alert>}
        {requests.isSuccess && items.length === 0 && <Text size="sm">No requests recorded.</Text>}
        {items.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Received</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Asked</Table.Th>
                <Table.Th>Outcome</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>{new Date(request.receivedAt).toLocaleString()}</Table.Td>
                  <Table.Td>{request.kind}</Table.Td>
                  <Table.Td>{request.details}</Table.Td>
                  <Table.Td>
                    {request.status === 'open' ? (
                      <Group gap="xs">
                        <Button size="xs" onClick={() => askDecision(request, 'done')}>
                          {request.kind === 'erasure' ? 'Erase' : 'Done'}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => askDecision(request, 'refused')}>
                          Refuse
                        </Button>
                      </Group>
                    ) : (
                      <Stack gap={2}>
                        <Badge color={request.status === 'done' ? 'green' : 'gray'}>{request.status}</Badge>
                        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                          {request.outcome}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-end" gap="xs">
          <Select
            label="New request"
            data={PRIVACY_REQUEST_KINDS.map((value) => ({ value, label: value }))}
            value={kind}
            onChange={(value) => value && setKind(value as PrivacyRequestKind)}
            allowDeselect={false}
            w={140}
          />
          <Textarea label="What the person asks" value={details} onChange={(e) => setDetails(e.currentTarget.value)} autosize style={{ flex: 1 }} />
          <Button onClick={() => void record()} loading={busy} disabled={details.trim().length < 3}>
            Record
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
