import { EXPORT_FILE_NAME, FIRST_PAGE, MAX_PAGE_SIZE } from '@eticket/contracts';
import { toCsv, type CsvColumn } from './csv.ts';
import type { Column, FetchPage, TableQuery } from './types.ts';

/** Every row of the list under the current filters, fetched page by page at the largest page size. */
export async function fetchAllRows<Row>(fetchPage: FetchPage<Row>, query: TableQuery): Promise<Row[]> {
  const rows: Row[] = [];
  let pageCount = 1;
  for (let page = FIRST_PAGE; page <= pageCount; page += 1) {
    const reply = await fetchPage({ ...query, page, limit: MAX_PAGE_SIZE });
    rows.push(...reply.data);
    pageCount = reply.paginator.pageCount;
  }
  return rows;
}

/** The data columns of a table (those with a value), as the CSV writes them. */
export function csvColumns<Row>(columns: readonly Column<Row>[]): CsvColumn<Row>[] {
  return columns.flatMap((column) => (column.value ? [{ header: column.header, value: column.value }] : []));
}

/** Saves the rows as tableData.csv through the browser's download. */
export function downloadCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): void {
  const blob = new Blob([toCsv(csvColumns(columns), rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
