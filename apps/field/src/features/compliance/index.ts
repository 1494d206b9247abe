// The compliance feature's public face: what other features may use of it.
export { codeOfPlate, listedEntry, provisionalVerdict, refreshCompliance } from './compliance.ts';
