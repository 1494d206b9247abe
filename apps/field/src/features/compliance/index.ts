// The compliance feature's public face: what other features may use of it.
export { codeOfPlate, provisionalVerdict, refreshCompliance } from './compliance.ts';
