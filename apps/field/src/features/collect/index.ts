// The collect feature's public face: what other features may use of it.
export { banksOf } from './banks.ts';
export { Receipt, type ReceiptView } from './Receipt.tsx';
export { inReferenceWords, referenceLabel, referenceProblem } from './reference.ts';
