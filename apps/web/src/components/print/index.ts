export { PrintSheet, type Paper } from './PrintSheet.tsx';
