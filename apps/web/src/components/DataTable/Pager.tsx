import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pagerItems } from './pager.ts';

/** First page, last page and pages within 3 of the current one; hidden at one page or fewer. */
export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const items = pagerItems(page, pageCount);
  if (items.length === 0) return null;
  return (
    <Group component="nav" aria-label="Pages" gap={4} wrap="wrap">
      <ActionIcon variant="default" size="lg" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <IconChevronLeft size={16} aria-hidden />
      </ActionIcon>
      {items.map((item, index) =>
        item === 'gap' ? (
          <Text key={`gap-${index}`} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="compact-md"
            h={34}
            miw={34}
            px={8}
            variant={item === page ? 'filled' : 'default'}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ),
      )}
      <ActionIcon variant="default" size="lg" aria-label="Next page" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
