export * from './endpoint.ts';
export * as profileEndpoints from './profile.ts';
export * as fieldEndpoints from './field.ts';
export * as opsEndpoints from './ops.ts';
export * as penaltyEndpoints from './penalties.ts';
export * as publicEndpoints from './public.ts';
export * as receiptEndpoints from './receipts.ts';
export * as auditEndpoints from './audit.ts';
export * as exportEndpoints from './exports.ts';
