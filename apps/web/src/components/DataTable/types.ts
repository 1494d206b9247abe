import type { ReactNode } from 'react';
import type { Paginated } from '@eticket/contracts';

/** One column of a list: its heading and what it shows (the CSV's columns are the list's TableDownload columns). */
export interface Column<Row> {
  /** The heading. Unique within a table. */
  header: string;
  /** The cell's data: shown as text unless `cell` is given. */
  value?: (row: Row) => unknown;
  /** How the cell renders; defaults to the value as text, cut short with the whole on hover. */
  cell?: (row: Row) => ReactNode;
  /** Kept in view at the table's right edge however wide the table (the row actions). */
  stickyEnd?: boolean;
  /**
   * The download's columns this cell shows, in order, when it shows more than its own (e.g. a mode
   * of payment with its reference under it, so a wide list fits a 1366 px screen); unset: its header.
   */
  download?: readonly string[];
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

/** A list's own filters beyond the shared ones (e.g. a payment list's vehicleType), sent as they are. */
export type ListFilters = Readonly<Partial<Record<string, string>>>;
/** A list with only the shared filters. */
export type NoFilters = Record<never, never>;

/**
 * Fetches one page of a list from the server; the reply's `data` and `paginator.pageCount` drive the
 * table (a reply may carry more, e.g. a payment list's summary). `query` holds the list's own filters too.
 */
export type FetchPage<Row, Reply extends Paginated<Row> = Paginated<Row>, Filters extends ListFilters = NoFilters> = (
  query: TableQuery & Filters,
  signal?: AbortSignal,
) => Promise<Reply>;
