/**
 * CSV of a list (spec: tableData.csv, one column per header), written the same way by the server's
 * streaming export and by the console's export of ticked rows. Pure: no browser, no Node needed.
 */

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** Cells a spreadsheet would run as a formula begin with one of these (tab and CR included). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** An object becomes its id (`_id` or `id`) when it has one, else its JSON (spec). */
function plainValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') {
    const { _id, id } = value as { _id?: unknown; id?: unknown };
    const key = _id ?? id;
    if (typeof key === 'string' || typeof key === 'number') return String(key);
    return JSON.stringify(value);
  }
  return String(value);
}

/** One cell: text that starts like a formula gets a leading single quote; quoted when it must be. */
export function csvCell(value: unknown): string {
  let text = plainValue(value);
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line, ended by CRLF (RFC 4180). */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return columns.map((column) => csvCell(column.header)).join(',') + '\r\n';
}

/** Lines of rows, each ended by CRLF. */
export function csvRows<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  let text = '';
  for (const row of rows) text += columns.map((column) => csvCell(column.value(row))).join(',') + '\r\n';
  return text;
}

/** The whole file: a header line, then one line per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return csvHeader(columns) + csvRows(columns, rows);
}
