import { Box, Group, Text } from '@mantine/core';
import type { PersonRecord } from '@eticket/contracts';
import { STATUS_COLOR, statusLabel } from '../status.ts';

/** The registration status with a coloured dot: 'Approved' over 'by …', 'Pending', 'Suspended' over 'by …'. */
export function PersonStatus({ person }: { person: Pick<PersonRecord, 'registrationStatus' | 'approvedByName' | 'suspendedByName'> }) {
  const color = STATUS_COLOR[person.registrationStatus] ?? 'gray';
  const [status, by] = statusLabel(person).split(/(?= by )/);
  return (
    <Group gap={8} wrap="nowrap" align="center">
      <Box w={8} h={8} style={{ borderRadius: 8, flex: 'none', background: `var(--mantine-color-${color}-6)` }} aria-hidden />
      <Text size="sm" lh={1.3}>
        {status}
        {by && (
          <Text span display="block" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {by}
          </Text>
        )}
      </Text>
    </Group>
  );
}
