import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { Pager } from './Pager.tsx';
import { totalText } from './pager.ts';

/** Below a paged table: what comes first (a page-size picker), the list's total, and the pager. */
export function PagerBar({
  paginator,
  page,
  onPage,
  leading,
}: {
  paginator: { total: number; pageCount: number; exact?: boolean } | undefined;
  page: number;
  onPage: (page: number) => void;
  leading?: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="md">
        {leading}
        {paginator && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {totalText(paginator)}
          </Text>
        )}
      </Group>
      <Box>
        <Pager page={page} pageCount={paginator?.pageCount ?? 0} onPage={onPage} />
      </Box>
    </Group>
  );
}
