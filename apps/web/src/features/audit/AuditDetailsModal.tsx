import { Group, Modal, Stack, Table, Text } from '@mantine/core';
import { AUDIT_ACTION_LABELS, auditEntityName, personName, type AuditLogEntry } from '@eticket/contracts';
import { formatDateTime } from '../../lib/format.ts';
import { changesOf } from './changes.ts';

/** One audit row: who, when, what, and each changed field before → after. */
export function AuditDetailsModal({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry ? AUDIT_ACTION_LABELS[entry.action] : ''} size="lg" centered>
      {entry && <AuditDetails entry={entry} />}
    </Modal>
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={56}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function AuditDetails({ entry }: { entry: AuditLogEntry }) {
  const changes = changesOf(entry);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Fact label="Who">{`${personName(entry.actor.fullName)} (${entry.actor.userCode})`}</Fact>
        <Fact label="When">{formatDateTime(entry.createdAt)}</Fact>
        <Fact label="What">{auditEntityName(entry)}</Fact>
      </Stack>
      <Table aria-label="Changed fields" withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Td>{change.label}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{change.before}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{change.after}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
