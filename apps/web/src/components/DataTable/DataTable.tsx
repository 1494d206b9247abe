import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Group, Paper, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { MESSAGES, type Paginated } from '@eticket/contracts';
import { DateFilter } from './DateFilter.tsx';
import { downloadList, downloadRows, type TableDownload } from './download.ts';
import { FilterModal } from './FilterModal.tsx';
import { PageSizeSelect } from './PageSizeSelect.tsx';
import { PagerBar } from './PagerBar.tsx';
import { STICKY_END } from './sticky.ts';
import { TableRows } from './TableRows.tsx';
import { normaliseSearch, searchForStatus, statusOfSearch, useTablePage, useTableState } from './tableState.ts';
import type { Column, FetchPage, ListFilters, NoFilters } from './types.ts';

export interface DataTableProps<Row, Reply extends Paginated<Row> = Paginated<Row>, Filters extends ListFilters = NoFilters> {
  /** The table's accessible name, e.g. 'Motorists'. */
  label: string;
  /** Names the list in the query cache; invalidate it to reload the list as it stands. */
  queryKey: readonly unknown[];
  fetchPage: FetchPage<Row, Reply, Filters>;
  columns: readonly Column<Row>[];
  /** What Download saves: the whole filtered list from the server, or the ticked rows. */
  download: TableDownload<Row>;
  rowKey: (row: Row) => string;
  /** How a row is named to screen readers (its checkbox reads 'Select {name}'). */
  rowLabel?: (row: Row) => string;
  /** false for lists without registration status (scans, transactions). */
  statusFilter?: boolean;
  /** false for lists the server cannot filter by online (scans, transactions). */
  activityFilter?: boolean;
  /** The search the list opens with (e.g. the enforcer list's 'pending'). */
  initialSearch?: string;
  /** What the search box says it matches, for lists not searched by name (e.g. records). */
  searchPlaceholder?: string;
  /** Actions on the ticked rows of the page (e.g. bulk approve), shown while some are ticked. */
  selectionActions?: (rows: Row[], clearSelection: () => void) => ReactNode;
  /**
   * The list's own filters (the page keeps them), sent with every list call and the Download; a
   * change goes back to the first page.
   */
  filters?: Filters;
  /** The controls of those filters, shown under the search row. */
  filterBar?: ReactNode;
  /** What the page shows of the whole reply above the rows (e.g. a payment list's summary); undefined while the first page loads. */
  summary?: (reply: Reply | undefined, fetching: boolean) => ReactNode;
}

/**
 * The one list table of the console (spec "Shared list table"): search, filter modal (Status,
 * Activities, Download), date filter, page size, row selection and pager, paged by the server.
 */
export function DataTable<Row, Reply extends Paginated<Row> = Paginated<Row>, Filters extends ListFilters = NoFilters>(
  props: DataTableProps<Row, Reply, Filters>,
) {
  const { label, queryKey, fetchPage, columns, rowKey, statusFilter = true, activityFilter = true } = props;
  const rowLabel = props.rowLabel ?? rowKey;
  const table = useTableState(props.initialSearch);
  const filters = useListFilters(props.filters);
  const query = useMemo(() => ({ ...table.query, ...filters }), [table.query, filters]);
  const page = useTablePage(queryKey, fetchPage, query);
  const rows = page.data?.data;

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A new page or filter shows other rows: the selection starts again.
  const queryText = JSON.stringify(query);
  useEffect(() => setSelected(new Set()), [queryText]);
  const pageKeys = (rows ?? []).map(rowKey);
  const allSelected = pageKeys.length > 0 && pageKeys.every((key) => selected.has(key));
  const someSelected = pageKeys.some((key) => selected.has(key));
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(pageKeys));

  const [downloading, setDownloading] = useState(false);
  async function download() {
    const chosen = (rows ?? []).filter((row) => selected.has(rowKey(row)));
    if (chosen.length === 0 && page.data?.paginator.total === 0) {
      notifications.show({ color: 'red', title: 'Download', message: MESSAGES.nothingToExport });
      return;
    }
    setDownloading(true);
    try {
      if (chosen.length > 0) downloadRows(props.download.columns, chosen);
      else await downloadList({ ...props.download, query: { ...filters, ...props.download.query } }, table.query);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Download failed', message: (error as Error).message });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <SearchBox value={table.state.search} onSearch={table.setSearch} placeholder={props.searchPlaceholder} />
            <FilterModal
              status={statusFilter ? { value: statusOfSearch(table.state.search), onChange: (choice) => table.setSearch(searchForStatus(choice)) } : undefined}
              activity={activityFilter ? { value: table.state.activity, onChange: table.setActivity } : undefined}
              onDownload={download}
              downloading={downloading}
              selectedCount={selected.size}
            />
            {props.selectionActions &&
              selected.size > 0 &&
              props.selectionActions(
                (rows ?? []).filter((row) => selected.has(rowKey(row))),
                () => setSelected(new Set()),
              )}
          </Group>
          <DateFilter startDate={table.state.startDate} endDate={table.state.endDate} onApply={table.setRange} />
        </Group>
        {props.filterBar}
        {props.summary?.(page.data, page.isFetching)}

        <Table.ScrollContainer minWidth={720}>
          <Table
            aria-label={label}
            aria-busy={page.isFetching}
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing={8}
            style={{ opacity: page.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all rows"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    disabled={pageKeys.length === 0}
                    onChange={toggleAll}
                  />
                </Table.Th>
                {columns.map((column) => (
                  // Headings wrap between words: 'Outstanding Payment (naira)' on one line pushed the dates out of view at 1366 px.
                  <Table.Th key={column.header} style={{ verticalAlign: 'bottom', ...(column.stickyEnd ? STICKY_END : {}) }}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRows
                columns={columns}
                rows={rows}
                rowKey={rowKey}
                rowLabel={rowLabel}
                loading={page.isPending}
                error={page.isError ? page.error.message : null}
                selectable
                selected={selected}
                onToggle={toggle}
              />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <PagerBar
          paginator={page.data?.paginator}
          page={table.state.page}
          onPage={table.setPage}
          leading={<PageSizeSelect value={table.state.limit} onChange={table.setLimit} />}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The page's filters, held steady while their content is the same. They live in the page address
 * beside the table's own state, and whoever changes them goes back to the first page with them
 * (tableState.ts: onFirstPage), so no call is made for the old page with new filters.
 */
function useListFilters<Filters extends ListFilters>(given: Filters | undefined): Filters {
  const text = JSON.stringify(given ?? {});
  return useMemo(() => JSON.parse(text) as Filters, [text]);
}

/** The search box: sends its text lower-cased, a moment after typing stops. */
export function SearchBox({
  value,
  onSearch,
  placeholder = 'Search name, email, phone, Unique ID',
}: {
  value: string;
  onSearch: (search: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  // The status filter also sets the search text: show it.
  useEffect(() => setText(value), [value]);
  const send = useDebouncedCallback((next: string) => onSearch(normaliseSearch(next)), 350);
  return (
    <TextInput
      aria-label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          send.cancel();
          onSearch(normaliseSearch(text));
        }
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
