export { DataTable, SearchBox } from './DataTable.tsx';
export type { Column, FetchPage } from './types.ts';
export type { TableDownload } from './download.ts';
export { Pager } from './Pager.tsx';
export { PagerBar } from './PagerBar.tsx';
export { TableRows } from './TableRows.tsx';
export { onFirstPage } from './tableState.ts';
