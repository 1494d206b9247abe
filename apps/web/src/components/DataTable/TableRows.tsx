import type { ReactNode } from 'react';
import { Center, Checkbox, Loader, Table, Text } from '@mantine/core';
import { MESSAGES } from '@eticket/contracts';
import { STICKY_END } from './sticky.ts';
import type { Column } from './types.ts';

/** A row spanning the whole table: loading, empty or failed. */
function FullWidthRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span} py="xl">
        <Center>{children}</Center>
      </Table.Td>
    </Table.Tr>
  );
}

/** A text cell's widest (px): a long email or name is cut with an ellipsis, the whole on hover. */
const TEXT_CELL_MAX_WIDTH = 240;

function cellOf<Row>(column: Column<Row>, row: Row): ReactNode {
  if (column.cell) return column.cell(row);
  const value = column.value?.(row);
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  return (
    <Text span inherit truncate="end" title={text} maw={TEXT_CELL_MAX_WIDTH} display="block">
      {text}
    </Text>
  );
}

interface TableRowsProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => string;
  loading: boolean;
  error: string | null;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

/** The table's body: the rows, or the loading, failure or 'No data available' row. */
export function TableRows<Row>({ columns, rows, rowKey, rowLabel, loading, error, selectable, selected, onToggle }: TableRowsProps<Row>) {
  const span = columns.length + (selectable ? 1 : 0);
  if (loading) {
    return (
      <FullWidthRow span={span}>
        <Loader size="md" role="status" aria-label="Loading" />
      </FullWidthRow>
    );
  }
  if (error) {
    return (
      <FullWidthRow span={span}>
        <Text c="red" role="alert">
          {error}
        </Text>
      </FullWidthRow>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <FullWidthRow span={span}>
        <Text c="dimmed">{MESSAGES.noData}</Text>
      </FullWidthRow>
    );
  }
  return rows.map((row) => {
    const key = rowKey(row);
    return (
      <Table.Tr key={key} bg={selected.has(key) ? 'var(--mantine-primary-color-light)' : undefined}>
        {selectable && (
          <Table.Td w={40}>
            <Checkbox aria-label={`Select ${rowLabel(row)}`} checked={selected.has(key)} onChange={() => onToggle(key)} />
          </Table.Td>
        )}
        {columns.map((column) => (
          <Table.Td key={column.header} style={column.stickyEnd ? STICKY_END : undefined}>
            {cellOf(column, row)}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  });
}
