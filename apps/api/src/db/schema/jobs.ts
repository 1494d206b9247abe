import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// ---- Periodic jobs (migrations/0030_job_runs.sql).

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  ranBy: text('ran_by').notNull(),
  outcome: text('outcome'),
});
