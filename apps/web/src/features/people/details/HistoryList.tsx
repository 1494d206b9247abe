import { useState } from 'react';
import { Stack, Table } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FIRST_PAGE, type Paginated } from '@eticket/contracts';
import { PagerBar, TableRows, type Column } from '../../../components/DataTable/index.ts';

export const HISTORY_PAGE_SIZE = 10;

interface HistoryListProps<Row> {
  /** The table's accessible name, e.g. 'Payments of this motorist'. */
  label: string;
  queryKey: readonly unknown[];
  fetchPage: (page: number, signal: AbortSignal) => Promise<Paginated<Row>>;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
}

/** One list of a motorist's history: a page of rows, newest first, its total and a pager. */
export function HistoryList<Row>({ label, queryKey, fetchPage, columns, rowKey }: HistoryListProps<Row>) {
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useQuery({
    queryKey: [...queryKey, page],
    queryFn: ({ signal }) => fetchPage(page, signal),
    placeholderData: keepPreviousData,
  });
  const paginator = list.data?.paginator;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={label} aria-busy={list.isFetching} verticalSpacing="xs" horizontalSpacing={8} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} style={{ whiteSpace: 'nowrap' }}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableRows
              columns={columns}
              rows={list.data?.data}
              rowKey={rowKey}
              rowLabel={rowKey}
              loading={list.isPending}
              error={list.isError ? list.error.message : null}
              selectable={false}
              selected={new Set()}
              onToggle={() => undefined}
            />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paginator && paginator.total > 0 && <PagerBar paginator={paginator} page={page} onPage={setPage} />}
    </Stack>
  );
}
