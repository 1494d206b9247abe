export { DataTable, type DataTableProps } from './DataTable.tsx';
export type { Column, FetchPage, ListFilters, TableQuery } from './types.ts';
export type { TableDownload } from './download.ts';
export { Pager } from './Pager.tsx';
export { TableRows } from './TableRows.tsx';
export { onFirstPage, TABLE_PARAMS } from './tableState.ts';
