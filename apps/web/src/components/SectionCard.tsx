import { useId, type ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/** A titled card holding a chart, table or block of figures; a region named by its title. */
export function SectionCard({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" h="100%">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={3} fz="md" id={titleId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
