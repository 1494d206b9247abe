// The till feature's public face: what other features may use of it.
export { cashPausedOf } from './cashPaused.ts';
export { TillCard } from './TillCard.tsx';
export { useTill, type KeptTill } from './till.ts';
export { inCloseWords } from './closeWords.ts';
