import type { ReactNode } from 'react';
import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';

/** What a card, chart or table shows when there is nothing to show. */
export function EmptyState({ title, description, icon, h = 200 }: { title: string; description?: ReactNode; icon?: ReactNode; h?: number }) {
  return (
    <Center h={h}>
      <Stack align="center" gap={6} maw={360}>
        <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
          {icon ?? <IconDatabaseOff size={22} />}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {description && (
          <Text size="sm" c="dimmed" ta="center">
            {description}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
