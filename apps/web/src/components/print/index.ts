export { PrintPage, PrintPageLoadError, PrintPageNotice, type LayoutPicker } from './PrintPage.tsx';
export { PrintSheet, type Paper } from './PrintSheet.tsx';
export { useLayoutParam } from './useLayoutParam.ts';
