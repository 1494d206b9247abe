import type { ReactNode } from 'react';
import { Avatar, Box, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { personName, type PersonRecord } from '@eticket/contracts';
import { STATUS_COLOR, statusLabel } from '../status.ts';
import { roleLabel } from './display.ts';

function OnlineDot({ online }: { online: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={10} h={10} style={{ borderRadius: 10, background: online ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-4)' }} aria-hidden />
      <Text size="sm" c="dimmed">
        {online ? 'Online' : 'Offline'}
      </Text>
    </Group>
  );
}

/** Status, Unique ID, portrait, full name and role, email and phone. */
export function PersonSummary({ person, actions }: { person: PersonRecord; actions?: ReactNode }) {
  const approved = person.registrationStatus === 'approved';
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <Avatar
            src={person.portraitSelfie ?? undefined}
            name={person.fullName}
            color="initials"
            size={112}
            radius={112}
            alt={`Portrait of ${personName(person.fullName)}`}
          />
          <Stack gap={6}>
            <Title order={2} size="h3">
              {personName(person.fullName)}
            </Title>
            <Text c="dimmed">{roleLabel(person)}</Text>
            <Group gap="lg" wrap="wrap">
              <Group gap={6} wrap="nowrap">
                {approved ? (
                  <Tooltip label="Approved">
                    <IconCircleCheckFilled size={20} color="var(--mantine-color-green-6)" aria-label="Approved" />
                  </Tooltip>
                ) : (
                  <Box
                    w={10}
                    h={10}
                    style={{ borderRadius: 10, background: `var(--mantine-color-${STATUS_COLOR[person.registrationStatus] ?? 'gray'}-6)` }}
                    aria-hidden
                  />
                )}
                <Text size="sm" fw={500}>
                  {statusLabel(person)}
                </Text>
              </Group>
              <OnlineDot online={person.online} />
            </Group>
            <Group gap="lg" wrap="wrap">
              <Group gap={6} wrap="nowrap">
                <Text c="dimmed" size="xs" fw={600}>
                  UNIQUE ID
                </Text>
                <Text size="sm" fw={600} ff="monospace">
                  {person.userCode}
                </Text>
              </Group>
              <Text size="sm">{person.email}</Text>
              <Text size="sm">{person.phone}</Text>
            </Group>
          </Stack>
        </Group>
        {actions}
      </Group>
    </Paper>
  );
}
