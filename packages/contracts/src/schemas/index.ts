/** Every schema the endpoints name (endpoints/*.ts refer to them by these names). */
export * from './common.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './user.ts';
export * from './tickets.ts';
export * from './people.ts';
export * from './range.ts';
export * from './allocation.ts';
export * from './dashboard.ts';
export * from './audit.ts';
export * from './exports.ts';
export * from './field.ts';
export * from './ops.ts';
export * from './public.ts';
export * from './receipts.ts';
export * from './files.ts';
export * from './ledger.ts';
