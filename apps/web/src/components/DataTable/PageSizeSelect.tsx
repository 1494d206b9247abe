import { Group, NativeSelect, Text } from '@mantine/core';
import { PAGE_SIZES } from '@eticket/contracts';
import { isPageSize, type PageSize } from './tableState.ts';

/** Rows per page: 5, 10 or 20 (spec). */
export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" component="label" htmlFor="rows-per-page">
        Rows per page
      </Text>
      <NativeSelect
        id="rows-per-page"
        data={PAGE_SIZES.map(String)}
        value={String(value)}
        onChange={(event) => {
          const size = Number(event.currentTarget.value);
          if (isPageSize(size)) onChange(size);
        }}
        w={76}
      />
    </Group>
  );
}
