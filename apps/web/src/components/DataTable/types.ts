import type { ReactNode } from 'react';
import type { Paginated } from '@eticket/contracts';

/** One column of a list: its heading, what it shows, and what the CSV export writes. */
export interface Column<Row> {
  /** The heading; also the column's name in the CSV file. Unique within a table. */
  header: string;
  /**
   * The cell's data: shown as text unless `cell` is given, and written to the CSV. A column without
   * a value (e.g. Actions) is not exported.
   */
  value?: (row: Row) => unknown;
  /** How the cell renders; defaults to the value as text. */
  cell?: (row: Row) => ReactNode;
}

/** The query of every list call (spec section 7): page from 1, limit, and the filters. */
export interface TableQuery {
  page: number;
  limit: number;
  search?: string;
  online?: 'true' | 'false';
  /** YYYY-MM-DD, Lagos days, both inclusive. */
  startDate?: string;
  endDate?: string;
}

/** Fetches one page of a list from the server; the reply's `data` and `paginator.pageCount` drive the table. */
export type FetchPage<Row> = (query: TableQuery, signal?: AbortSignal) => Promise<Paginated<Row>>;
