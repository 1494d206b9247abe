import { Box, Group, Text } from '@mantine/core';
import type { PersonRecord } from '@eticket/contracts';
import { STATUS_COLOR, statusLabel } from '../status.ts';

/** The registration status with a coloured dot: 'Approved by …', 'Pending', 'Suspended by …'. */
export function PersonStatus({ person }: { person: Pick<PersonRecord, 'registrationStatus' | 'approvedByName' | 'suspendedByName'> }) {
  const color = STATUS_COLOR[person.registrationStatus] ?? 'gray';
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Box w={8} h={8} style={{ borderRadius: 8, flex: 'none', background: `var(--mantine-color-${color}-6)` }} aria-hidden />
      <Text size="sm">
        {statusLabel(person)}
      </Text>
    </Group>
  );
}
