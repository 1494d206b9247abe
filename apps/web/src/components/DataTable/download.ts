import { EXPORT_FILE_NAME, exportEndpoints, toCsv, type CsvColumn, type ExportPath } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import type { TableQuery } from './types.ts';

/** What a table's Download saves: the list call's path (and fixed query, e.g. an agent role) and the file's columns. */
export interface TableDownload<Row> {
  path: ExportPath;
  query?: Record<string, string | undefined>;
  columns: readonly CsvColumn<Row>[];
}

/** The list's filters as the export call takes them: the whole list, so no page or size. */
export function exportQuery(query: TableQuery, fixed: TableDownload<unknown>['query'] = {}): Record<string, string> {
  const { page: _page, limit: _limit, ...filters } = query;
  const all: Record<string, string | undefined> = { ...filters, ...fixed };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/** Has the browser save a URL as tableData.csv (the browser streams it to disk itself). */
function save(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = EXPORT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The whole filtered list: the export request answers a short-lived signed link to the server's
 * streaming CSV, which the browser then downloads.
 */
export async function downloadList<Row>(download: TableDownload<Row>, query: TableQuery): Promise<void> {
  const reply = await call(exportEndpoints.request, { body: { path: download.path, query: exportQuery(query, download.query) } });
  save(reply.data.url);
}

/** Only the ticked rows, already in the browser: the same columns, written here. */
export function downloadRows<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }));
  save(url);
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
