import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { orMissing } from './display.ts';

/** A titled block of the detail page. */
export function DetailSection({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={3} size="h5" id={id} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.5 }}>
          {title}
        </Title>
        {children}
        {actions}
      </Stack>
    </Paper>
  );
}

/** Label over value; a missing value shows ***. */
export function DetailItem({ label, value }: { label: string; value: ReactNode }) {
  const shown = typeof value === 'string' || typeof value === 'number' || value === null || value === undefined ? orMissing(value as string | null) : value;
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {shown}
      </Text>
    </Stack>
  );
}

export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}
