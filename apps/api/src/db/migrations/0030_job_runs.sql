-- Periodic jobs (platform/jobs): when each last started and finished, and on which process. A
-- process runs a job only while it holds the job's advisory lock and the job is due by this table,
-- so however many processes run, a job runs once per period.
CREATE TABLE job_runs (
  name          text PRIMARY KEY,
  started_at    timestamptz NOT NULL,
  finished_at   timestamptz,
  ran_by        text NOT NULL,
  outcome       text
);

-- Pruning idempotency keys older than the retention (IDEMPOTENCY_RETENTION_DAYS) reads them by age.
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
