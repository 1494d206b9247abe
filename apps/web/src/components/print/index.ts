export { PrintPage, PrintPageLoadError, PrintPageNothing } from './PrintPage.tsx';
export { type Paper } from './PrintSheet.tsx';
export { useLayoutParam } from './useLayoutParam.ts';
