/**
 * The Drizzle tables, one file per capability in db/schema/. They mirror db/migrations/*.sql, which
 * are the source of truth for the database itself (db/schema.test.ts checks every table).
 */
export * from './schema/people.ts';
export * from './schema/auth.ts';
export * from './schema/settings.ts';
export * from './schema/subscriptions.ts';
export * from './schema/penalties.ts';
export * from './schema/records.ts';
export * from './schema/idempotency.ts';
export * from './schema/jobs.ts';
export * from './schema/privacy.ts';
export * from './schema/sms.ts';
export * from './schema/allocation.ts';
export * from './schema/ledger.ts';
export * from './schema/tills.ts';
export * from './schema/dashboard.ts';
export * from './schema/audit.ts';
export * from './schema/personal-data.ts';
export * from './schema/approvals.ts';
export * from './schema/disputes.ts';
export * from './schema/index-includes.ts';
export * from './schema/reversals.ts';
export * from './schema/flags.ts';
export * from './schema/online-payments.ts';
export * from './schema/online-accounts.ts';
